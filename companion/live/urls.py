from django.urls import path

from companion.live import views

urlpatterns = [
    path("matches/<id:pk>/events/", views.match_events, name="match_events"),
    path("nights/<id:pk>/events/", views.night_events, name="night_events"),
    path("s/<slug:token>/events/", views.shared_events, name="shared_events"),
    path("s/<slug:token>/matches/<id:pk>/events/", views.shared_match_events, name="shared_match_events"),
]
