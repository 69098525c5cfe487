"""Elfer raus! Master: the bonus board of the game in play, tapped side by side.

Two small POSTs change ``Match.game_state`` (the ``BonusBoard`` JSON): who
completed a side, and taking that back after a mis-tap. Sides and seats come
in as ``colour``, ``side`` and ``player`` (a seat index, never a name, like the
entry forms). The board checks the rules (a side completed twice, an unknown
colour); its message is shown, in the web's words for its coded conflicts
(``companion.games.elfer.board.BOARD_MESSAGES``), and nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from companion import standings as standings_service
from companion.access import get_match_for_viewer, match_viewer_required, viewer
from companion.games.elfer.board import board_error_text, load_board, side_label
from companion.games.elfer.entry import ElferEntryForm
from companion.i18n.errors import error_text
from companion.models import Match, new_version
from companion.play.scoreboard_page import render_scoreboard
from scoring.base import ScoringError, Standings
from scoring.elfer_board import COLOURS, SIDES, BonusBoard


class GameSaved(Exception):
    """A round was stored between reading the match and locking it."""


@match_viewer_required
@require_POST
def board_complete(request, pk):
    """Somebody laid the last card of a side."""
    match = _elfer_match(request, pk)
    players = _players(match)
    colour, side = request.POST.get("colour", ""), request.POST.get("side", "")
    try:
        seat = int(request.POST.get("player", ""))
    except ValueError:
        seat = -1
    if not 0 <= seat < len(players):
        return _respond(request, match, error=_("Choose who completed the side."))
    name = players[seat]

    done = _("%(name)s completed %(side)s.") % {"name": name, "side": _side(colour, side)}
    return _apply(request, match, lambda board: board.complete(colour, side, name), done, _side(colour, side))


@match_viewer_required
@require_POST
def board_undo(request, pk):
    """Take back a side tapped by mistake: it is open again."""
    match = _elfer_match(request, pk)
    colour, side = request.POST.get("colour", ""), request.POST.get("side", "")

    done = _("%(side)s is open again.") % {"side": _side(colour, side)}
    return _apply(request, match, lambda board: board.undo(colour, side), done, _side(colour, side))


# -- helpers --


def _elfer_match(request, pk) -> Match:
    match = get_match_for_viewer(viewer(request), pk)
    if match.game != "elfer":
        raise Http404("only Elfer raus! has a bonus board")
    return match


def _players(match: Match) -> list[str]:
    return [seat.player.name for seat in standings_service.seats_of(match)]


def _side(colour: str, side: str) -> str:
    # The message must not fail on a forged side: the board's own error names it.
    return side_label(colour, side) if colour in COLOURS and side in SIDES else f"{colour} {side}"


def _apply(request, match: Match, change: Callable[[BonusBoard], BonusBoard], done: str, side: str):
    """Apply ``change`` to the stored board under the match's row lock; nothing is saved on an error.

    The board checks the rules (a side taken by another phone first, one open already);
    its coded errors are said with ``side`` as the board on the page names it."""
    result = standings_service.standings(match)
    if result.finished:
        return _respond(request, match, result, error=_("The match is over: the bonus board is closed."))
    try:
        with transaction.atomic():
            locked = Match.objects.select_for_update().get(pk=match.pk)
            if locked.rounds.count() != len(result.rounds):
                raise GameSaved
            board = change(load_board(locked.game_state, _players(match)))
            locked.game_state, locked.version = board.to_json(), new_version()
            locked.save(update_fields=["game_state", "version"])
    except ScoringError as error:
        return _respond(request, match, result, error=board_error_text(error, side) or error_text(error))
    except GameSaved:
        # Another phone saved the game meanwhile: the tap was for its board, not the next game's.
        match = get_match_for_viewer(viewer(request), match.pk)
        return _respond(
            request, match, error=_("The game was just saved from another phone: tap again if needed.")
        )
    match.game_state, match.version = (
        locked.game_state,
        locked.version,
    )  # the page shows the version it now has
    return _respond(request, match, result, notice=done)


def _respond(request, match: Match, result: Standings | None = None, *, notice: str = "", error: str = ""):
    """The scoreboard fragment for htmx, else back to the match page with a message."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        elif notice:
            messages.info(request, notice)
        return redirect(match)
    result = result or standings_service.standings(match)
    form = None
    if not result.finished:
        # A fresh end-of-game form from the board as it is now (its bonus counts pre-filled).
        form = ElferEntryForm(
            players=result.players,
            options=result.options,
            standings=result,
            board=match.game_state,
            initial={"number": len(result.rounds) + 1},
        )
    return render_scoreboard(request, match, result, form=form, notice=error or notice)
