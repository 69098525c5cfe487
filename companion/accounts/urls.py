from django.urls import path

from companion.accounts import views

urlpatterns = [
    path("setup/", views.setup, name="setup"),
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
]
