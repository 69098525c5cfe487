from django.urls import path

from companion.play import clock_views, setup_views, views

urlpatterns = [
    path("nights/<int:pk>/matches/new/", setup_views.match_create, name="match_create"),
    path("matches/<int:pk>/", views.match_detail, name="match_detail"),
    path("matches/<int:pk>/history/", views.match_history, name="match_history"),
    path("matches/<int:pk>/chart/", views.match_chart, name="match_chart"),
    path("matches/<int:pk>/close/", views.match_close, name="match_close"),
    path("matches/<int:pk>/reopen/", views.match_reopen, name="match_reopen"),
    path("matches/<int:pk>/rematch/", views.match_rematch, name="match_rematch"),
    path("matches/<int:pk>/pause/", clock_views.match_pause, name="match_pause"),
    path("matches/<int:pk>/resume/", clock_views.match_resume, name="match_resume"),
    path("matches/<int:pk>/notes/", clock_views.match_notes, name="match_notes"),
    path("matches/<int:pk>/rounds/", views.round_add, name="round_add"),
    path("matches/<int:pk>/rounds/preview/", views.round_preview, name="round_preview"),
    path("matches/<int:pk>/rounds/undo/", views.round_undo, name="round_undo"),
    path("matches/<int:pk>/rounds/restore/", views.round_restore, name="round_restore"),
    path("matches/<int:pk>/rounds/<int:number>/edit/", views.round_edit, name="round_edit"),
]
