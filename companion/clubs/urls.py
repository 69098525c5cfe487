from django.urls import path

from companion.clubs import views

urlpatterns = [
    path("nights/<id:pk>/club/new/", views.club_create, name="club_create"),
    path("nights/<id:pk>/club/", views.club_manage, name="club_manage"),
    path("nights/<id:pk>/club/events/", views.club_events, name="club_events"),
    path("nights/<id:pk>/club/check-in/", views.club_check_in, name="club_check_in"),
    path("nights/<id:pk>/club/entrants/<id:entrant>/leave/", views.club_check_out, name="club_check_out"),
    path("nights/<id:pk>/club/draw/", views.club_draw, name="club_draw"),
    path("nights/<id:pk>/club/redraw/", views.club_redraw, name="club_redraw"),
    path("nights/<id:pk>/club/close/", views.club_close_sitting, name="club_close_sitting"),
    path("nights/<id:pk>/club/tables/<id:table>/end/", views.club_end_table, name="club_end_table"),
    path("nights/<id:pk>/club/tables/<id:table>/revoke/", views.club_revoke_link, name="club_revoke_link"),
    path("nights/<id:pk>/club/tables/<id:table>/renew/", views.club_renew_link, name="club_renew_link"),
    path("nights/<id:pk>/club/end/", views.club_end, name="club_end"),
    path("t/<str:token>/", views.table_link, name="club_table_link"),
]
