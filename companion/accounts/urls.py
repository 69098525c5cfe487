from django.urls import path

from companion.accounts import views

urlpatterns = [
    path("setup/", views.setup, name="setup"),
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("signup/", views.signup, name="signup"),
    path("account/", views.account, name="account"),
    path("account/password/", views.password_change, name="password_change"),
    path("password-reset/", views.password_reset, name="password_reset"),
    path("password-reset/sent/", views.password_reset_done, name="password_reset_done"),
    path("reset/<uidb64>/<token>/", views.password_reset_confirm, name="password_reset_confirm"),
    path("reset/done/", views.password_reset_complete, name="password_reset_complete"),
    path("accounts/", views.account_list, name="account_list"),
    path("accounts/<id:pk>/reset-link/", views.account_reset_link, name="account_reset_link"),
]
