from django.urls import path

from companion.review import views

urlpatterns = [
    path("nights/", views.night_list, name="night_list"),
    path("players/<id:pk>/", views.player_detail, name="player_detail"),
    path("leaderboards/", views.leaderboard, name="leaderboard"),
    path("records/", views.record_list, name="record_list"),
    path("years/<id:number>/", views.year_in_review, name="year_in_review"),
]
