from django.contrib import admin
from django.urls import path
from django.views.generic import RedirectView

from companion.views import accounts, nights, players

urlpatterns = [
    path("", nights.home, name="home"),
    path("setup/", accounts.setup, name="setup"),
    path("login/", accounts.login_view, name="login"),
    path("logout/", accounts.logout_view, name="logout"),
    path("nights/new/", nights.night_create, name="night_create"),
    path("nights/<int:pk>/", nights.night_detail, name="night_detail"),
    path("nights/<int:pk>/edit/", nights.night_edit, name="night_edit"),
    path("nights/<int:pk>/delete/", nights.night_delete, name="night_delete"),
    path("nights/<int:pk>/members/", nights.night_members, name="night_members"),
    path(
        "nights/<int:pk>/members/<int:user_pk>/remove/",
        nights.night_member_remove,
        name="night_member_remove",
    ),
    path("players/", players.player_list, name="player_list"),
    path("players/<int:pk>/edit/", players.player_edit, name="player_edit"),
    path("favicon.ico", RedirectView.as_view(url="/static/favicon.svg", permanent=True)),
    path("admin/", admin.site.urls),
]
