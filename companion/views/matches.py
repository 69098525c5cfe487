"""The scoreboard of a match, its history, ending an open match and the rematch."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from companion import rounds as round_service
from companion import standings as standings_service
from companion.access import get_match_for_user
from companion.match_setup import create_match
from companion.scoreboard import recent_changes, scoreboard_context
from scoring.registry import get_engine


def render_scoreboard(request, match, result, *, form=None, error="", notice="", status=200):
    """The whole page, or only the scoreboard fragment for htmx."""
    context = scoreboard_context(match, result, form=form, error=error)
    context["notice"] = notice
    template = "matches/detail.html#scoreboard" if request.htmx else "matches/detail.html"
    return render(request, template, context, status=status)


@login_required
def match_detail(request, pk):
    match = get_match_for_user(request.user, pk)
    return render_scoreboard(request, match, standings_service.standings(match))


@login_required
def match_history(request, pk):
    match = get_match_for_user(request.user, pk)
    return render(request, "matches/history.html", {"match": match, "changes": recent_changes(match, 200)})


@login_required
@require_POST
def match_close(request, pk):
    """The table ends an open-ended match (Anrufen and Elfer raus! without a set number of rounds)."""
    match = get_match_for_user(request.user, pk)
    round_service.set_closed(match, True)
    return redirect(match)


@login_required
@require_POST
def match_reopen(request, pk):
    match = get_match_for_user(request.user, pk)
    round_service.set_closed(match, False)
    return redirect(match)


@login_required
@require_POST
def match_rematch(request, pk):
    """The same game with the same seats and house rules; the first deal moves on one seat."""
    match = get_match_for_user(request.user, pk)
    if not match.is_finished:
        messages.error(request, _("The match is still being played: finish it before a rematch."))
        return redirect(match)
    engine = get_engine(match.game)
    seats = [seat.player.name for seat in sorted(match.seats.all(), key=lambda s: s.position)]
    first_dealer = (match.first_dealer + engine.deal_direction) % len(seats)
    rematch = create_match(match.night, match.game, seats, first_dealer, match.options, request.user)
    return redirect(rematch)
