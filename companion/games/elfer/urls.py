"""The bonus board's two taps, under the match's address (mounted by ``companion.urls`` from the registry)."""

from django.urls import path

from companion.games.elfer import views

urlpatterns = [
    path("matches/<id:pk>/board/complete/", views.board_complete, name="elfer_board_complete"),
    path("matches/<id:pk>/board/undo/", views.board_undo, name="elfer_board_undo"),
]
