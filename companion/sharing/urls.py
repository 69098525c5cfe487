from django.urls import path

from companion.sharing import views

urlpatterns = [
    path("matches/<int:pk>/share/", views.match_share, name="match_share"),
    path("matches/<int:pk>/share/new/", views.match_share_create, name="match_share_create"),
    path("matches/<int:pk>/share/revoke/", views.match_share_revoke, name="match_share_revoke"),
    path("nights/<int:pk>/share/", views.night_share, name="night_share"),
    path("nights/<int:pk>/share/new/", views.night_share_create, name="night_share_create"),
    path("nights/<int:pk>/share/revoke/", views.night_share_revoke, name="night_share_revoke"),
    path("s/<slug:token>/", views.shared, name="shared"),
    path("s/<slug:token>/live/", views.shared_live, name="shared_live"),
    path("s/<slug:token>/matches/<int:pk>/", views.shared_match, name="shared_match"),
    path("s/<slug:token>/matches/<int:pk>/live/", views.shared_match_live, name="shared_match_live"),
]
