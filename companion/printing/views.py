"""Pages made for paper: rule summaries, blank score sheets, a match's rules and a night's report.

The rule summaries and blank sheets are public (players settle an argument
or print a sheet without an account); a match's rules and a night's report
belong to the night's people, like the night itself.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from companion.access import get_match_for_user, get_night_for_user
from companion.games import registry
from companion.printing import rules, sheets
from companion.printing.night_report import night_report as build_night_report
from companion.standings import seats_of


def _game_or_404(game: str) -> str:
    if game not in registry.GAMES:
        raise Http404("unknown game")
    return game


@require_safe
def rules_index(request):
    games = [{"key": key, "title": game.label} for key, game in registry.GAMES.items()]
    return render(request, "printing/rules_index.html", {"games": games})


@require_safe
def rules_game(request, game):
    context = rules.summary(_game_or_404(game))
    return render(request, "printing/rules.html", {**context, "match": None})


@require_safe
def score_sheet(request, game):
    sheet = sheets.sheet(_game_or_404(game), request.GET.get("players"))
    return render(request, "printing/sheet.html", {"sheet": sheet})


@login_required
@require_safe
def match_rules(request, pk):
    match = get_match_for_user(request.user, pk)
    context = rules.summary(match.game, match.options)
    names = [seat.player.name for seat in seats_of(match)]
    return render(request, "printing/rules.html", {**context, "match": match, "seat_names": names})


@login_required
@require_safe
def night_report(request, pk):
    night = get_night_for_user(request.user, pk)
    return render(request, "printing/night_report.html", build_night_report(night))
