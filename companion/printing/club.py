"""A club night on paper (each on one A4 page where it fits, the table sheets one page per table): the seat
plan of a sitting in large type for the wall, a sheet per table (seats, first dealer, the table link's QR
code, ruled rows as a paper backup), the run sheet (every entrant's table in every sitting, one list to pin
up) and the standings. They read the club night through ``companion.clubs.show``, like the TV page.

Like the night report they belong to the night's people (owner and members, who see the table links on the
organiser's screen too).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from companion.access import get_night_for_user
from companion.clubs import services
from companion.clubs.show import ClubShow, club_show
from companion.games import registry
from companion.sharing.services import qr_svg

# A paper backup is for the deals a phone could not take: enough rows for a long sitting on one page.
RULED_ROWS = 16


def _club_show(request, pk, *, with_tokens: bool = False) -> tuple:
    night = get_night_for_user(request.user, pk)
    club = services.club_of(night)
    if club is None:
        raise Http404
    return night, club_show(club, with_tokens=with_tokens)


def _context(night, show: ClubShow, **extra) -> dict:
    return {
        "night": night,
        "club": show.club,
        "show": show,
        "game_label": registry.label(show.club.game),
        **extra,
    }


def _sitting_or_404(show: ClubShow, number: int):
    sitting = show.sitting(number)
    if sitting is None:
        raise Http404
    return sitting


@login_required
@require_safe
def seat_plan(request, pk, number):
    """Sitting ``number``'s tables in large type, for the wall: the seats in order, who deals first, the byes."""
    night, show = _club_show(request, pk)
    sitting = _sitting_or_404(show, number)
    count = len(sitting.tables)
    columns = 1 if count <= 2 else 2 if count <= 8 else 3
    rows = -(-count // columns) or 1
    # The type is as large as the page allows: 6 tables of 4 in 23 pt, 15 tables still on one page.
    size = (
        "huge"
        if columns == 1
        else "large"
        if rows <= 3 and columns == 2
        else "medium"
        if columns == 2
        else "small"
    )
    return render(
        request,
        "printing/club_seat_plan.html",
        _context(night, show, sitting=sitting, columns=columns, size=size),
    )


@login_required
@require_safe
def table_sheets(request, pk, number):
    """One page per table of sitting ``number``: its seats, first dealer, link QR code and ruled rows."""
    night, show = _club_show(request, pk, with_tokens=True)
    sitting = _sitting_or_404(show, number)
    sheets = []
    for table in sitting.tables:
        url = (
            request.build_absolute_uri(reverse("club_table_link", args=[table.token])) if table.token else ""
        )
        qr = (
            qr_svg(url, title=_("QR code of the link to table %(number)d") % {"number": table.number})
            if url
            else ""
        )
        sheets.append({"table": table, "url": url, "qr": qr})
    return render(
        request,
        "printing/club_table_sheets.html",
        _context(night, show, sitting=sitting, sheets=sheets, ruled_rows=range(1, RULED_ROWS + 1)),
    )


@login_required
@require_safe
def run_sheets(request, pk):
    """Every entrant by name with their table in each sitting: one list for the wall."""
    night, show = _club_show(request, pk)
    sheets = show.run_sheets()
    # Beyond 34 names the list continues in a second column, so that 60 entrants still fit one page.
    columns = 1 if len(sheets) <= 34 else 2
    per_column = -(-len(sheets) // columns) or 1
    chunks = [sheets[start : start + per_column] for start in range(0, len(sheets), per_column)] or [[]]
    return render(
        request,
        "printing/club_run_sheets.html",
        _context(
            night,
            show,
            chunks=chunks,
            sittings=range(1, show.columns + 1),
            size="large" if per_column <= 26 else "small",
        ),
    )


@login_required
@require_safe
def standings(request, pk):
    """The club standings over the complete sittings (the final standings once the night is over)."""
    night, show = _club_show(request, pk)
    final = services.standings(show.club, provisional=False)
    counted = [sitting.number for sitting in show.sittings if sitting.closed or sitting.complete]
    playing = [sitting.number for sitting in show.sittings if not (sitting.closed or sitting.complete)]
    return render(
        request,
        "printing/club_standings.html",
        _context(night, show, board=final, counted=len(counted), playing=playing),
    )
