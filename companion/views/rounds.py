"""Entering, editing and undoing rounds. The rules are the engine's; the writing is companion.rounds."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from companion import rounds as round_service
from companion import standings as standings_service
from companion.access import get_match_for_user
from companion.entry import entry_form_for
from companion.scoreboard import form_extras, player_lines
from companion.views.matches import render_scoreboard
from scoring.base import ScoringError


def _bound_form(match, result, data):
    return entry_form_for(match.game)(
        data, players=result.players, options=result.options, standings=result, **form_extras(match)
    )


@login_required
@require_POST
def round_add(request, pk):
    match = get_match_for_user(request.user, pk)
    result = standings_service.standings(match)
    if result.finished:
        return render_scoreboard(request, match, result, notice=_("The match is over: no more rounds."))
    form = _bound_form(match, result, request.POST)
    if not form.is_valid():
        return render_scoreboard(request, match, result, form=form, error=_("Please check the entry."))
    try:
        new_result = round_service.add_round(
            match, form.to_entry(), number=form.cleaned_data["number"], user=request.user
        )
    except ScoringError as error:
        return render_scoreboard(request, match, result, form=form, error=str(error))
    except round_service.RoundConflict as conflict:
        match = get_match_for_user(request.user, pk)
        return render_scoreboard(request, match, standings_service.standings(match), notice=str(conflict))
    if not request.htmx:
        return redirect(match)
    match = get_match_for_user(request.user, pk)
    return render_scoreboard(request, match, new_result)


@login_required
@require_POST
def round_undo(request, pk):
    match = get_match_for_user(request.user, pk)
    try:
        number = int(request.POST.get("number", ""))
    except ValueError:
        number = 0
    notice = ""
    try:
        round_service.undo_round(match, number=number, user=request.user)
        notice = _("Round %(number)s was undone.") % {"number": number}
    except round_service.RoundConflict as conflict:
        notice = str(conflict)
    if not request.htmx:
        messages.info(request, notice)
        return redirect(match)
    match = get_match_for_user(request.user, pk)
    return render_scoreboard(request, match, standings_service.standings(match), notice=notice)


@login_required
@require_http_methods(["GET", "POST"])
def round_edit(request, pk, number):
    """Change any stored round; a change before the last round is confirmed after a preview."""
    match = get_match_for_user(request.user, pk)
    stored = {r.number: r for r in match.rounds.all()}
    if number not in stored:
        messages.info(request, _("Round %(number)s no longer exists.") % {"number": number})
        return redirect(match)
    result = standings_service.standings(match)
    form_class = entry_form_for(match.game)
    is_last = number == max(stored)
    context = {"match": match, "night": match.night, "number": number, "is_last": is_last, "error": ""}
    if request.method == "GET":
        initial = {**form_class.initial_from_entry(stored[number].entry, result.players), "number": number}
        form = form_class(
            players=result.players,
            options=result.options,
            standings=result,
            initial=initial,
            **form_extras(match),
        )
        return render(request, "matches/round_edit.html", {**context, "form": form})

    form = _bound_form(match, result, request.POST)
    if not form.is_valid() or form.cleaned_data["number"] != number:
        return render(
            request,
            "matches/round_edit.html",
            {**context, "form": form, "error": _("Please check the entry.")},
        )
    entry = form.to_entry()
    entries = [stored[n].entry for n in sorted(stored)]
    entries[number - 1] = entry
    try:
        preview = standings_service.standings(match, entries)
    except ScoringError as error:
        return render(request, "matches/round_edit.html", {**context, "form": form, "error": str(error)})
    if not is_last and request.POST.get("confirmed") != "yes":
        before = {line.name: line.total for line in player_lines(match, result)}
        changes = [(name, before[name], preview.totals[name]) for name in preview.players]
        return render(
            request,
            "matches/round_confirm.html",
            {
                **context,
                "form": form,
                "changes": changes,
                "preview": preview,
                "before": result,
                "posted": [
                    (name, value)
                    for name, values in request.POST.lists()
                    if name not in {"csrfmiddlewaretoken", "confirmed"}
                    for value in values
                ],
            },
        )
    try:
        round_service.edit_round(match, entry, number=number, user=request.user)
    except (ScoringError, round_service.RoundConflict) as error:
        return render(request, "matches/round_edit.html", {**context, "form": form, "error": str(error)})
    messages.success(request, _("Round %(number)s was changed.") % {"number": number})
    return redirect(match)
