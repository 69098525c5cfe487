from django.urls import path

from companion.sharing import views

urlpatterns = [
    path("matches/<id:pk>/share/", views.match_share, name="match_share"),
    path("matches/<id:pk>/share/new/", views.match_share_create, name="match_share_create"),
    path("matches/<id:pk>/share/revoke/", views.match_share_revoke, name="match_share_revoke"),
    path("nights/<id:pk>/share/", views.night_share, name="night_share"),
    path("nights/<id:pk>/share/new/", views.night_share_create, name="night_share_create"),
    path("nights/<id:pk>/share/revoke/", views.night_share_revoke, name="night_share_revoke"),
    path("s/<slug:token>/", views.shared, name="shared"),
    path("s/<slug:token>/live/", views.shared_live, name="shared_live"),
    path("s/<slug:token>/matches/<id:pk>/", views.shared_match, name="shared_match"),
    path("s/<slug:token>/matches/<id:pk>/live/", views.shared_match_live, name="shared_match_live"),
]
