"""The match clock's Pause and Resume, and a match's notes: small forms below the scoreboard.

Plain forms that post and come back to the match page (they need no script);
the scoreboard itself is not touched.
"""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from companion.access import get_match_for_viewer, match_viewer_required, viewer
from companion.play import clock
from companion.play.notes import NotesForm, save_notes


def _back(match):
    return redirect(reverse("match_detail", args=[match.pk]) + "#match-clock")


@match_viewer_required
@require_POST
def match_pause(request, pk):
    match = get_match_for_viewer(viewer(request), pk, with_standings=False)
    try:
        clock.pause(match)
    except clock.ClockError as error:
        messages.error(request, error.message)
    return _back(match)


@match_viewer_required
@require_POST
def match_resume(request, pk):
    match = get_match_for_viewer(viewer(request), pk, with_standings=False)
    clock.resume(match)
    return _back(match)


@match_viewer_required
@require_http_methods(["GET", "POST"])
def match_notes(request, pk):
    match = get_match_for_viewer(viewer(request), pk, with_standings=False)
    form = NotesForm(request.POST or None, initial={"notes": match.notes})
    if request.method == "POST" and form.is_valid():
        save_notes(match, form.cleaned_data["notes"])
        messages.success(request, _("Notes saved."))
        return redirect(reverse("match_detail", args=[match.pk]) + "#match-notes")
    return render(request, "play/notes.html", {"match": match, "night": match.night, "form": form})
