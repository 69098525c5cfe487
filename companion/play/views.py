"""At the table: the scoreboard, entering, editing and undoing rounds, ending a match, the rematch.

Views parse the request, call a service (``companion.play.rounds`` writes
rounds, ``companion.play.setup`` starts matches) and render. The rules are the
engine's: a ``ScoringError`` is shown in place and nothing is stored.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from companion import standings as standings_service
from companion.access import get_match_for_user, get_match_for_viewer, match_viewer_required, viewer
from companion.games import registry
from companion.games.words import ROUND, RoundWords
from companion.i18n.errors import after_colon, round_error_text
from companion.offline.account import refuse_other_accounts_rounds
from companion.play import rounds as round_service
from companion.play import scoreboard_cache
from companion.play.history import history
from companion.play.preview import preview_round
from companion.play.scoreboard import (
    SAVE_SWAP,
    chart,
    entry_form,
    game_templates,
    player_lines,
    round_rows,
    winners_sentence,
)
from companion.play.scoreboard_page import render_scoreboard
from companion.play.setup import SetupError, rematch
from scoring.base import ScoringError


@match_viewer_required
def match_detail(request, pk):
    # Seats and rounds are loaded only when no scoreboard of this version is cached.
    match = get_match_for_viewer(viewer(request), pk, with_standings=False)
    return render_scoreboard(request, match)


@match_viewer_required
@require_GET
def match_scoreboard(request, pk):
    """The scoreboard as it is now: what an open match page fetches when another phone changed
    the match (js/live.js), and what "Drop mine" shows; the match page when asked without htmx."""
    match = get_match_for_viewer(viewer(request), pk, with_standings=False)
    response = render_scoreboard(request, match)
    add_never_cache_headers(response)
    patch_vary_headers(response, ["HX-Request"])  # one address, a part or a page
    return response


@match_viewer_required
def match_chart(request, pk):
    """The running totals chart: what htmx draws into the scoreboard when its chart comes into
    view, or a page of its own (the scoreboard's "Show the chart" link without JavaScript)."""
    match = get_match_for_viewer(viewer(request), pk)
    result = standings_service.current(match)
    context = {
        "match": match,
        "chart": chart(match, result, round_rows(match, result)),
        **game_templates(match),
    }
    template = "play/detail.html#chart-drawn" if request.htmx else "play/chart.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])  # one address, a part or a page
    return response


@match_viewer_required
def match_history(request, pk):
    match = get_match_for_viewer(viewer(request), pk)
    context = {"match": match, "lines": history(match, 200), "words": registry.get(match.game).words}
    return render(request, "play/history.html", context)


@match_viewer_required
@require_http_methods(["GET", "POST"])
def match_close(request, pk):
    """End the match here: GET asks first (who would win with the totals now), POST ends it.

    Open-ended matches (Anrufen and Elfer raus! without a set number of rounds)
    end this way; any other match may stop early the same way.
    """
    match = get_match_for_viewer(viewer(request), pk)
    result = standings_service.current(match)
    if request.method == "GET":
        if result.finished or not result.rounds:
            return redirect(match)
        ending = round_service.end_preview(match)
        return render(
            request,
            "play/match_end.html",
            {
                "match": match,
                "night": match.night,
                "ending": ending,
                "end_totals": registry.get(match.game).words.end_totals
                % {"count": len(ending.rounds), "sentence": winners_sentence(ending)},
                "open_ended": result.options.get("rounds", 0) is None,
                "lines": player_lines(match, ending),
                **game_templates(match),
            },
        )
    try:
        round_service.end_match(viewer(request), match.pk)
    except round_service.RoundConflict as conflict:
        messages.info(request, str(conflict))
    return redirect(match)


@match_viewer_required
@require_POST
def match_reopen(request, pk):
    """Resume: take back the table's end of the match; rounds can be entered again."""
    try:
        round_service.resume_match(viewer(request), pk)
    except round_service.RoundConflict as conflict:
        messages.info(request, str(conflict))
    return redirect("match_detail", pk)


@login_required
@require_POST
def match_rematch(request, pk):
    """The same game with the same seats and house rules; the first deal moves on one seat."""
    match = get_match_for_user(request.user, pk)
    try:
        return redirect(rematch(match, request.user))
    except SetupError as error:
        messages.error(request, error.message)
        return redirect(match)


# --- rounds -------------------------------------------------------------------------


@match_viewer_required
@require_POST
@refuse_other_accounts_rounds
def round_add(request, pk):
    # The save reads the match under its row lock and writes in one transaction; the answer
    # is rendered from what it returns.
    seen = request.POST.get("seen", "")
    save = round_service.save_entry(
        viewer(request), pk, chosen_round(request.POST), seen=seen, rows=bool(request.htmx)
    )
    error = save.error
    if save.outcome == "invalid" and not error:
        error = invalid_entry_text(save.form)
    if not request.htmx and not (error or save.notice or save.overtaken):
        return redirect(save.match)
    update = None
    if save.outcome == "saved" and save.shown is not None:
        update = scoreboard_cache.update(
            request,
            save.match,
            save.result,
            saved=save.number,
            shown=save.shown,
            shown_version=seen,
        )
    if update is not None:
        response = HttpResponse(update)
        # Only the top of the scoreboard is swapped; the rest are htmx's out-of-band parts.
        response["HX-Retarget"] = "#table-top"
        response["HX-Reswap"] = SAVE_SWAP
    else:
        response = render_scoreboard(
            request,
            save.match,
            save.result,
            form=save.form,
            error=error,
            notice=save.notice,
            saved=save.number,
            overtaken=save.overtaken,
        )
    # What happened, for the offline outbox (js/outbox.js): saved, invalid, conflict or over.
    response["Companion-Round"] = save.outcome
    return response


def chosen_round(data):
    """The entry as sent, under the round the person chose after another phone's change.

    "Save mine as round N" (the button ``as_next``, js/live.js and :func:`overtaken_choice`)
    sends the round's number it names: that number is the entry's, and it is stored only if it
    is still the next round. Every other save names the round its form was made for.
    """
    chosen = data.get("as_next", "")
    if not chosen.isdigit() or chosen == data.get("number"):
        return data
    data = data.copy()
    data["number"] = chosen
    return data


@match_viewer_required
@require_POST
def round_preview(request, pk):
    """The engine's verdict on the entry form as it is now, for the live preview (JSON); nothing is stored."""
    match = get_match_for_viewer(viewer(request), pk)
    return JsonResponse(preview_round(match, standings_service.current(match), request.POST))


def posted_number(data) -> int:
    """The round's number a form names (0, which no round has, when it names none)."""
    try:
        return int(data.get("number", ""))
    except ValueError:
        return 0


@match_viewer_required
@require_POST
def round_undo(request, pk):
    undone = round_service.undo_last(viewer(request), pk, posted_number(request.POST))
    if not request.htmx:
        messages.info(request, undone.notice)
        return redirect(undone.match)
    return render_scoreboard(
        request, undone.match, undone.result, notice=undone.notice, restore_number=undone.number
    )


@match_viewer_required
@require_POST
def round_restore(request, pk):
    """Put an undone round back exactly as it was (offered for a few seconds after Undo)."""
    restored = round_service.restore_last(viewer(request), pk, posted_number(request.POST))
    if not request.htmx:
        messages.info(request, restored.notice)
        return redirect(restored.match)
    return render_scoreboard(
        request, restored.match, restored.result, notice=restored.notice, saved=restored.number
    )


@match_viewer_required
@require_http_methods(["GET", "POST"])
def round_edit(request, pk, number):
    """Change any stored round; a change before the last round is confirmed after a preview."""
    match = get_match_for_viewer(viewer(request), pk)
    stored = {r.number: r for r in match.rounds.all()}
    if number not in stored:
        messages.info(request, registry.get(match.game).words.gone % {"number": number})
        return redirect(match)
    result = standings_service.current(match)
    is_last = number == max(stored)
    context = {
        "match": match,
        "night": match.night,
        "number": number,
        "is_last": is_last,
        "error": "",
        **game_templates(match),
    }
    if request.method == "GET":
        initial = registry.get(match.game).entry_form.initial_from_entry(stored[number].entry, result.players)
        form = entry_form(match, result, initial={**initial, "number": number})
        return render(request, "play/round_edit.html", {**context, "form": form})

    form = entry_form(match, result, request.POST)
    if not form.is_valid() or form.cleaned_data["number"] != number:
        return render(
            request, "play/round_edit.html", {**context, "form": form, "error": invalid_entry_text(form)}
        )
    entry = form.to_entry()
    try:
        if not is_last and request.POST.get("confirmed") != "yes":
            # A change before the last round is confirmed after a preview of what it does.
            preview = round_service.preview_edit(match, entry, number=number)
            return render(
                request,
                "play/round_confirm.html",
                {
                    **context,
                    "form": form,
                    "changes": preview.changes,
                    "preview": preview.after,
                    "before": preview.before,
                    "posted": [
                        (name, value)
                        for name, values in request.POST.lists()
                        if name not in {"csrfmiddlewaretoken", "confirmed"}
                        for value in values
                    ],
                },
            )
        # The change unit folds the rounds with the change once and refuses what no longer scores.
        round_service.edit_entry(viewer(request), pk, number, entry)
    except (ScoringError, round_service.RoundConflict) as error:
        if getattr(error, "round", None) == number:  # a later round's refusal is not this form's
            form.mark_refused(error)
        return render(
            request,
            "play/round_edit.html",
            {
                **context,
                "form": form,
                "error": edit_error_text(error, number, registry.get(match.game).words),
            },
        )
    messages.success(request, registry.get(match.game).words.changed % {"number": number})
    return redirect(match)


def edit_error_text(error: Exception, number: int, words: RoundWords = ROUND) -> str:
    """Why a changed round ``number`` is refused, said as the change's consequence when a later round breaks.

    Every later round is folded again after a change; the engine then names the later round
    that no longer fits, which alone reads as if that round had been typed wrong.
    """
    later = getattr(error, "round", None)
    if not isinstance(error, ScoringError) or later is None or later <= number:
        return round_error_text(error, words.problem_in)
    if error.code == "round.after_the_end":
        return words.later_unplayable % {"end": later - 1, "next": later}
    return words.later_unfit % {
        "later": later,
        "problem": after_colon(error.translated_problem(gettext)),
    }


def invalid_entry_text(form) -> str:
    """The sentence by Save when the form itself refuses the entry: what is wrong, not only "check it".

    A problem of the whole entry is said as it is; a field's problem is named with the field, as
    the field shows it too (on a phone the field may be out of sight while Save is not).
    """
    if form.non_field_errors():
        return " ".join(form.non_field_errors())
    for field in form.visible_fields():  # the first in the form's order, as a person reads it
        if field.errors:
            return _("Please check the entry: %(field)s: %(error)s") % {
                "field": field.label,
                "error": field.errors[0],
            }
    # Only a hidden field (the round's number or key) can be wrong: nothing a person typed.
    return _("Please check the entry.")
