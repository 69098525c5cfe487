"""The live preview of a round entry, from the engine itself: what Save would say, before saving.

An entry form's enhancer (``static/games/<game>/entry.js``) posts the form as it
is to ``round_preview`` and shows the answer. The answer is the engine's: the
same form, the same fold of all rounds as :func:`companion.play.rounds.add_round`
(or ``edit_round`` for a stored round's number), so a preview can never call an
entry "made" that Save rejects, nor disagree with Save on a valid one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from companion.games import registry
from companion.i18n.errors import round_error_text
from companion.models import Match
from companion.play import standings as standings_service
from companion.play.scoreboard import entry_form, standings_html
from scoring.base import ScoringError, Standings


def _first_error(form) -> str:
    for errors in form.errors.values():
        for error in errors:
            return str(error)
    return _("Please check the entry.")


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, str))


def preview_round(match: Match, result: Standings, data: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on the posted entry: ``{"ok": True, "deltas", "extras"}`` or ``{"ok": False, "error"}``.

    ``deltas`` are ``[name, change]`` in seat order; ``extras`` the round's own
    plain values from the engine (Anrufen: ``made``, ``stake``); for a new round (not an edit),
    ``standings``: the standing cards after it, as the scoreboard shows them. Nothing is written.
    """
    form = entry_form(match, result, data)
    if not form.is_valid():
        return {"ok": False, "error": _first_error(form)}
    number = form.cleaned_data["number"]
    entries = [r.entry for r in sorted(match.rounds.all(), key=lambda r: r.number)]
    if number <= len(entries):
        entries[number - 1] = form.to_entry()
    elif number == len(entries) + 1 and not result.finished:
        entries.append(form.to_entry())
    else:
        return {"ok": False, "error": _("The match changed meanwhile: reload the page.")}
    try:
        after = standings_service.standings(match, entries)
    except ScoringError as error:
        return {"ok": False, "error": round_error_text(error, registry.get(match.game).words.problem_in)}
    scored = after.rounds[number - 1]
    answer = {
        "ok": True,
        "deltas": [[name, scored.deltas[name]] for name in after.players],
        "extras": {key: value for key, value in scored.extras.items() if _plain(value)},
    }
    if number == len(result.rounds) + 1:
        # A new round: the standings after it, which Save shows at the tap (js/match.js).
        answer["standings"] = standings_html(match, after)
    return answer
