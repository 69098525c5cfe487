from django.urls import path

from companion.nights import views

urlpatterns = [
    path("", views.home, name="home"),
    path("nights/new/", views.night_create, name="night_create"),
    path("nights/demo/", views.demo_nights, name="demo_nights"),
    path("nights/<id:pk>/", views.night_detail, name="night_detail"),
    path("nights/<id:pk>/live/", views.night_live, name="night_live"),
    path("nights/<id:pk>/edit/", views.night_edit, name="night_edit"),
    path("nights/<id:pk>/money/accept/", views.night_money_accept, name="night_money_accept"),
    path("nights/<id:pk>/money/decline/", views.night_money_decline, name="night_money_decline"),
    path("nights/<id:pk>/history/", views.night_history, name="night_history"),
    path("nights/<id:pk>/delete/", views.night_delete, name="night_delete"),
    path("players/", views.player_list, name="player_list"),
    path("players/<id:pk>/edit/", views.player_edit, name="player_edit"),
]
