from django.urls import path

from companion.play import clock_views, setup_views, views

urlpatterns = [
    path("nights/<id:pk>/matches/new/", setup_views.match_create, name="match_create"),
    path("matches/<id:pk>/", views.match_detail, name="match_detail"),
    path("matches/<id:pk>/scoreboard/", views.match_scoreboard, name="match_scoreboard"),
    path("matches/<id:pk>/history/", views.match_history, name="match_history"),
    path("matches/<id:pk>/chart/", views.match_chart, name="match_chart"),
    path("matches/<id:pk>/close/", views.match_close, name="match_close"),
    path("matches/<id:pk>/reopen/", views.match_reopen, name="match_reopen"),
    path("matches/<id:pk>/rematch/", views.match_rematch, name="match_rematch"),
    path("matches/<id:pk>/pause/", clock_views.match_pause, name="match_pause"),
    path("matches/<id:pk>/resume/", clock_views.match_resume, name="match_resume"),
    path("matches/<id:pk>/notes/", clock_views.match_notes, name="match_notes"),
    path("matches/<id:pk>/rounds/", views.round_add, name="round_add"),
    path("matches/<id:pk>/rounds/preview/", views.round_preview, name="round_preview"),
    path("matches/<id:pk>/rounds/undo/", views.round_undo, name="round_undo"),
    path("matches/<id:pk>/rounds/restore/", views.round_restore, name="round_restore"),
    path("matches/<id:pk>/rounds/<id:number>/edit/", views.round_edit, name="round_edit"),
]
