from django.urls import path

from companion.printing import views

urlpatterns = [
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:game>/", views.rules_game, name="rules_game"),
    path("rules/<slug:game>/sheet/", views.score_sheet, name="score_sheet"),
    path("matches/<id:pk>/rules/", views.match_rules, name="match_rules"),
    path("nights/<id:pk>/report/", views.night_report, name="night_report"),
]
