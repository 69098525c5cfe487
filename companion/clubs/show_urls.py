from django.urls import path

from companion.clubs import show_views

urlpatterns = [
    path("nights/<id:pk>/club/prints/", show_views.club_prints, name="club_prints"),
]
