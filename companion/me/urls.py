from django.urls import path

from companion.me import views

urlpatterns = [
    path("me/", views.me, name="me"),
    path("me/claim/", views.me_claim, name="me_claim"),
    path("me/links/<id:pk>/remove/", views.me_unlink, name="me_unlink"),
    path("players/<id:pk>/link/confirm/", views.player_link_confirm, name="player_link_confirm"),
    path("players/<id:pk>/link/decline/", views.player_link_decline, name="player_link_decline"),
]
