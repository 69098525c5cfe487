from django.urls import path

from companion.invites import views

urlpatterns = [
    path("nights/<id:pk>/invites/", views.night_invites, name="night_invites"),
    path("nights/<id:pk>/invites/new/", views.night_invite_create, name="night_invite_create"),
    path(
        "nights/<id:pk>/invites/<id:invite_pk>/revoke/",
        views.night_invite_revoke,
        name="night_invite_revoke",
    ),
    path("nights/<id:pk>/members/", views.night_members, name="night_members"),
    path(
        "nights/<id:pk>/members/<id:user_pk>/remove/",
        views.night_member_remove,
        name="night_member_remove",
    ),
    path("nights/<id:pk>/leave/", views.night_leave, name="night_leave"),
    path("i/<slug:token>/", views.invite, name="invite"),
    path("i/<slug:token>/signup/", views.invite_signup, name="invite_signup"),
    path("i/<slug:token>/join/", views.invite_accept, name="invite_accept"),
]
