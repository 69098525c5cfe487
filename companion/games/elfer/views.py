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
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from companion import standings as standings_service
from companion.access import get_match_for_viewer, match_viewer_required, viewer
from companion.games.elfer.board import board_error_text, load_board, side_label
from companion.games.elfer.entry import ElferEntryForm
from companion.i18n.errors import error_text
from companion.models import Match
from companion.play import rounds as round_service
from companion.play.scoreboard_page import render_scoreboard
from scoring.base import ScoringError, Standings
from scoring.elfer_board import COLOURS, SIDES, BonusBoard


class NoPlayer(round_service.RoundConflict):
    """The tap named no seat of the board."""


@match_viewer_required
@require_POST
def board_complete(request, pk):
    """Somebody laid the last card of a side."""
    colour, side = request.POST.get("colour", ""), request.POST.get("side", "")
    try:
        seat = int(request.POST.get("player", ""))
    except ValueError:
        seat = -1
    named: dict[str, str] = {}

    def complete(board: BonusBoard) -> BonusBoard:
        if not 0 <= seat < len(board.players):
            raise NoPlayer(_("Choose who completed the side."))
        named["name"] = board.players[seat]
        return board.complete(colour, side, named["name"])

    def done() -> str:
        return _("%(name)s completed %(side)s.") % {"name": named["name"], "side": _side(colour, side)}

    return _apply(request, pk, complete, done, _side(colour, side))


@match_viewer_required
@require_POST
def board_undo(request, pk):
    """Take back a side tapped by mistake: it is open again."""
    colour, side = request.POST.get("colour", ""), request.POST.get("side", "")

    def done() -> str:
        return _("%(side)s is open again.") % {"side": _side(colour, side)}

    return _apply(request, pk, lambda board: board.undo(colour, side), done, _side(colour, side))


# -- helpers --


def _side(colour: str, side: str) -> str:
    # The message must not fail on a forged side: the board's own error names it.
    return side_label(colour, side) if colour in COLOURS and side in SIDES else f"{colour} {side}"


def _apply(request, pk, change: Callable[[BonusBoard], BonusBoard], done: Callable[[], str], side: str):
    """Apply ``change`` to the stored board through the match's change unit; nothing is saved on an error.

    The board checks the rules (a side taken by another phone first, one open already);
    its coded errors are said with ``side`` as the board on the page names it. The form names the
    game its board is for: a tap for a game another phone has saved meanwhile is refused."""

    def new_state(match: Match, result: Standings):
        if match.game != "elfer":
            raise Http404("only Elfer raus! has a bonus board")
        return change(load_board(match.game_state, result.players)).to_json()

    try:
        changed = round_service.change_state(viewer(request), pk, new_state, game=_game(request.POST))
    except ScoringError as error:
        return _respond(
            request, _match(request, pk), error=board_error_text(error, side) or error_text(error)
        )
    except round_service.RoundConflict as conflict:
        # Over, no seat named, or another phone saved the game meanwhile: the tap was for its
        # board, not the next game's.
        return _respond(request, _match(request, pk), error=str(conflict))
    return _respond(request, changed.match, changed.result, notice=done())


def _match(request, pk) -> Match:
    """The match as it is now, for the answer to a refused tap."""
    return get_match_for_viewer(viewer(request), pk)


def _game(data) -> int | None:
    """The number of the game whose board the page showed (None: a form that does not say)."""
    number = data.get("game", "")
    return int(number) if number.isdigit() else None


def _respond(request, match: Match, result: Standings | None = None, *, notice: str = "", error: str = ""):
    """The scoreboard fragment for htmx, else back to the match page with a message."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        elif notice:
            messages.info(request, notice)
        return redirect(match)
    result = result or standings_service.current(match)
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
