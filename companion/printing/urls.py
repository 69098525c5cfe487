from django.urls import path

from companion.printing import club, views

urlpatterns = [
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:game>/", views.rules_game, name="rules_game"),
    path("rules/<slug:game>/sheet/", views.score_sheet, name="score_sheet"),
    path("matches/<id:pk>/rules/", views.match_rules, name="match_rules"),
    path("nights/<id:pk>/report/", views.night_report, name="night_report"),
]

# A club night on paper (companion.printing.club).
urlpatterns += [
    path("nights/<id:pk>/club/print/sittings/<id:number>/plan/", club.seat_plan, name="club_seat_plan"),
    path(
        "nights/<id:pk>/club/print/sittings/<id:number>/tables/", club.table_sheets, name="club_table_sheets"
    ),
    path("nights/<id:pk>/club/print/run-sheet/", club.run_sheets, name="club_run_sheets"),
    path("nights/<id:pk>/club/print/standings/", club.standings, name="club_standings_print"),
]
