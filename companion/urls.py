from django.contrib import admin
from django.urls import path
from django.views.generic import RedirectView

from companion.views import accounts, elfer_board, match_setup, matches, nights, players, rounds
from companion.views import sharing as share_views
from companion.views.health import healthz
from companion.views.printing import match_rules, night_report, rules_game, rules_index, score_sheet
from companion.views.review import leaderboard, night_list, player_detail
from companion.views.transfer import match_export_csv, match_export_json, night_export_json, night_import

urlpatterns = [
    path("", nights.home, name="home"),
    path("setup/", accounts.setup, name="setup"),
    path("login/", accounts.login_view, name="login"),
    path("logout/", accounts.logout_view, name="logout"),
    path("nights/", night_list, name="night_list"),
    path("nights/new/", nights.night_create, name="night_create"),
    path("nights/import/", night_import, name="night_import"),
    path("nights/<int:pk>/export.json", night_export_json, name="night_export_json"),
    path("nights/<int:pk>/", nights.night_detail, name="night_detail"),
    path("nights/<int:pk>/edit/", nights.night_edit, name="night_edit"),
    path("nights/<int:pk>/delete/", nights.night_delete, name="night_delete"),
    path("nights/<int:pk>/members/", nights.night_members, name="night_members"),
    path(
        "nights/<int:pk>/members/<int:user_pk>/remove/",
        nights.night_member_remove,
        name="night_member_remove",
    ),
    path("nights/<int:pk>/matches/new/", match_setup.match_create, name="match_create"),
    path("matches/<int:pk>/", matches.match_detail, name="match_detail"),
    path("matches/<int:pk>/history/", matches.match_history, name="match_history"),
    path("matches/<int:pk>/export.json", match_export_json, name="match_export_json"),
    path("matches/<int:pk>/export.csv", match_export_csv, name="match_export_csv"),
    path("matches/<int:pk>/close/", matches.match_close, name="match_close"),
    path("matches/<int:pk>/reopen/", matches.match_reopen, name="match_reopen"),
    path("matches/<int:pk>/rematch/", matches.match_rematch, name="match_rematch"),
    path("matches/<int:pk>/rounds/", rounds.round_add, name="round_add"),
    path("matches/<int:pk>/rounds/undo/", rounds.round_undo, name="round_undo"),
    path("matches/<int:pk>/rounds/<int:number>/edit/", rounds.round_edit, name="round_edit"),
    path("matches/<int:pk>/board/complete/", elfer_board.board_complete, name="elfer_board_complete"),
    path("matches/<int:pk>/board/undo/", elfer_board.board_undo, name="elfer_board_undo"),
    path("players/", players.player_list, name="player_list"),
    path("players/<int:pk>/edit/", players.player_edit, name="player_edit"),
    path("players/<int:pk>/", player_detail, name="player_detail"),
    path("leaderboards/", leaderboard, name="leaderboard"),
    path("matches/<int:pk>/share/", share_views.match_share, name="match_share"),
    path("matches/<int:pk>/share/new/", share_views.match_share_create, name="match_share_create"),
    path("matches/<int:pk>/share/revoke/", share_views.match_share_revoke, name="match_share_revoke"),
    path("nights/<int:pk>/share/", share_views.night_share, name="night_share"),
    path("nights/<int:pk>/share/new/", share_views.night_share_create, name="night_share_create"),
    path("nights/<int:pk>/share/revoke/", share_views.night_share_revoke, name="night_share_revoke"),
    path("s/<slug:token>/", share_views.shared, name="shared"),
    path("s/<slug:token>/live/", share_views.shared_live, name="shared_live"),
    path("s/<slug:token>/matches/<int:pk>/", share_views.shared_match, name="shared_match"),
    path("s/<slug:token>/matches/<int:pk>/live/", share_views.shared_match_live, name="shared_match_live"),
    path("healthz/", healthz, name="healthz"),
    path("rules/", rules_index, name="rules_index"),
    path("rules/<slug:game>/", rules_game, name="rules_game"),
    path("rules/<slug:game>/sheet/", score_sheet, name="score_sheet"),
    path("matches/<int:pk>/rules/", match_rules, name="match_rules"),
    path("nights/<int:pk>/report/", night_report, name="night_report"),
    path("favicon.ico", RedirectView.as_view(url="/static/favicon.svg", permanent=True)),
    path("admin/", admin.site.urls),
]
