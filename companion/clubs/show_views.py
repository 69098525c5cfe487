"""The club night's screens for the room: the TV page (behind the night's share link) and the prints' index.

The TV page is what a night's share link shows when the night is a club night
(``companion.sharing.views`` asks :func:`shared_club_context`): the current sitting's tables with
their standings, the club standings (provisional while tables play) and, once drawn, the new
sitting's seats. It is live like every shared page: the night's version includes the club's
check-ins, draws and closed sittings (``companion.sharing.services``).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from companion.access import get_night_for_user, is_owner
from companion.clubs import services
from companion.clubs.show import ClubShow, club_show
from companion.games import registry
from companion.models import GameNight
from companion.sharing import services as sharing


def density(show: ClubShow) -> dict:
    """How the TV fits every table and the standings on one 1920x1080 screen: columns and rows of the grid."""
    latest = show.latest
    tables = len(latest.tables) if latest else 0
    columns = 1 if tables <= 1 else 2 if tables <= 4 else 3 if tables <= 9 else 4 if tables <= 16 else 5
    rows = max(1, -(-tables // columns))
    board = show.board.rows
    # Beyond 22 names the standings go on in a second table beside the first, beyond 64 in a third:
    # 60 names in one column would be too small to read across the room.
    standing_columns = 1 if len(board) <= 22 else 2 if len(board) <= 64 else 3
    standing_rows = max(1, -(-len(board) // standing_columns))
    return {
        "columns": columns,
        "rows": rows,
        "seats": max((len(table.seats) for table in latest.tables), default=4) if latest else 4,
        "standing_columns": standing_columns,
        "standings_width": {1: "25vw", 2: "36vw", 3: "46vw"}[standing_columns],
        "standing_rows": standing_rows,
        "standing_chunks": [
            board[start : start + standing_rows] for start in range(0, len(board), standing_rows)
        ]
        or [[]],
    }


def shared_club_context(night: GameNight) -> dict | None:
    """What the TV page shows of ``night``, or None when the night is not a club night."""
    club = services.club_of(night)
    if club is None:
        return None
    show = club_show(club)
    return {
        "night": night,
        "club": club,
        "show": show,
        "game_label": registry.label(club.game),
        "layout": density(show),
    }


@login_required
@require_safe
def club_prints(request, pk):
    """The organiser's list of what to print: the seat plan and table sheets of each sitting, run sheets,
    standings; and where the TV page is (the night's share link)."""
    night = get_night_for_user(request.user, pk)
    club = services.club_of(night)
    if club is None:
        raise Http404
    show = club_show(club)
    link = sharing.active_link(night=night)
    return render(
        request,
        "clubs/show/prints.html",
        {
            "night": night,
            "club": club,
            "show": show,
            "tv_url": reverse("shared", args=[link.token]) if link and link.token else "",
            "share_url": reverse("night_share", args=[night.pk]),
            "is_owner": is_owner(request.user, night),
        },
    )
