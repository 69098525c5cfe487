"""The scoreboard as an answer: the whole match page, or only its scoreboard fragment for htmx.

Every view and game that answers with the scoreboard (a save, an undo, a tap on the
Elfer raus! bonus board, the page itself) renders it here.
"""

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from companion.play import scoreboard_cache
from companion.play.clock import clock as match_clock
from companion.play.scoreboard import game_templates


def render_scoreboard(
    request,
    match,
    result=None,
    *,
    form=None,
    error="",
    notice="",
    status=200,
    saved=None,
    restore_number=None,
    overtaken=None,
):
    """The whole page, or only the scoreboard fragment for htmx (``result`` None: as stored).

    ``saved``: the round just saved; ``restore_number``: the round just undone, offered back;
    ``overtaken``: the choice after another phone's change overtook the entry (``overtaken_choice``).
    """
    fragment = scoreboard_cache.fragment(
        request,
        match,
        result,
        form=form,
        error=error,
        notice=notice,
        saved=saved,
        restore_number=restore_number,
        overtaken=overtaken,
    )
    if request.htmx:
        # The clock is outside the cached scoreboard: it comes along, so a save that ends the match
        # stops it there too (no "Pause for a break" under the winner), and an undo starts it again.
        clock = render_to_string(
            "play/_clock_notes.html#clock",
            {"match": match, "clock": match_clock(match), "oob": True},
            request,
        )
        return HttpResponse(fragment + clock, status=status)
    context = {
        "match": match,
        "night": match.night,
        "scoreboard": fragment,
        "clock": match_clock(match),  # outside the cached scoreboard: the clock moves on
        **game_templates(match),
    }
    return render(request, "play/detail.html", context, status=status)
