"""The live preview of a round entry, from the engine itself: what Save would say, before saving.

An entry form's enhancer (``static/games/<game>/entry.js``) posts the form as it
is to ``round_preview`` and shows the answer. The answer is the engine's: the
same form, the same fold of all rounds as :func:`companion.play.rounds.save_entry`
(or ``edit_entry`` for a stored round's number), so a preview can never call an
entry "made" that Save rejects, nor disagree with Save on a valid one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from companion import standings as standings_service
from companion.games import registry
from companion.i18n.errors import round_error_text
from companion.models import Match
from companion.play.scoreboard import entry_form, head_html, standings_html
from scoring.base import ScoringError, Standings


def _first_error(form) -> str:
    for errors in form.errors.values():
        for error in errors:
            return str(error)
    return _("Please check the entry.")


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, str))


# More rounds than this waiting on one phone are not a table's evening: the preview declines them.
WAITING_MOST = 60


def _waiting_forms(raw: str) -> list[QueryDict] | None:
    """The ``waiting`` field: the entry forms of the rounds waiting on the phone, oldest first.

    Each is the list of ``[name, value]`` pairs the offline outbox keeps (js/outbox-queue.js).
    None when it is not that shape.
    """
    try:
        waiting = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(waiting, list) or len(waiting) > WAITING_MOST:
        return None
    forms = []
    for pairs in waiting:
        if not isinstance(pairs, list):
            return None
        data = QueryDict(mutable=True)
        for pair in pairs:
            if not (
                isinstance(pair, list) and len(pair) == 2 and all(isinstance(part, str) for part in pair)
            ):
                return None
            data.appendlist(pair[0], pair[1])
        forms.append(data)
    return forms


def _after_waiting(match: Match, result: Standings, entries: list, raw: str) -> Standings | str:
    """The match as it will be once the rounds waiting on the phone are stored, or why it cannot be told.

    ``entries`` (the stored rounds' entries) gets theirs appended. Each waiting round is read
    with the game's entry form as Save will read it, with the standings before it.
    """
    forms = _waiting_forms(raw)
    if forms is None:
        return _("The match changed meanwhile: reload the page.")
    # A waiting round may reach the server while its preview is on the way: it is counted once.
    stored = {str(key) for key in match.rounds.values_list("key", flat=True) if key}
    for data in forms:
        if data.get("key") in stored:
            continue
        form = entry_form(match, result, data)
        if not form.is_valid():
            return _first_error(form)
        if form.cleaned_data["number"] != len(entries) + 1 or result.finished:
            return _("The match changed meanwhile: reload the page.")
        entries.append(form.to_entry())
        try:
            result = standings_service.standings(match, entries)
        except ScoringError as error:
            return round_error_text(error, registry.get(match.game).words.problem_in)
    return result


def preview_round(match: Match, result: Standings, data: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on the posted entry: ``{"ok": True, "deltas", "extras"}`` or ``{"ok": False, "error"}``.

    ``deltas`` are ``[name, change]`` in seat order; ``extras`` the round's own
    plain values from the engine (Anrufen: ``made``, ``stake``); for a new round (not an edit),
    ``standings``: the standing cards after it, as the scoreboard shows them, and ``head``: the
    round line after it (detail.html#round-line); always ``live``: what the game's form shows
    beside its fields as it is typed (``Game.live``). Nothing is written.

    ``waiting`` (optional): the rounds waiting on the phone to be sent (offline, or while the
    connection flickers), which come before the posted one. The verdict is then on the match
    with them, as it will be when they are stored before it: the waiting rounds and the
    standings after them are the engine's too, never the phone's own arithmetic.
    """
    answer = _verdict(match, result, data)
    # What the form shows beside its fields while typed (Elfer's scores, Molotow's draw), for an
    # entry Save would refuse too: the game's rules, so the page computes none of it.
    answer["live"] = registry.get(match.game).live(result.players, data)
    return answer


def _verdict(match: Match, result: Standings, data: Mapping[str, Any]) -> dict[str, Any]:
    entries = [r.entry for r in sorted(match.rounds.all(), key=lambda r: r.number)]
    if data.get("waiting"):
        waited = _after_waiting(match, result, entries, data["waiting"])
        if isinstance(waited, str):
            return {"ok": False, "error": waited}
        result = waited
    form = entry_form(match, result, data)
    if not form.is_valid():
        return {"ok": False, "error": _first_error(form)}
    number = form.cleaned_data["number"]
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
        # A new round: the standings after it, which Save shows at the tap (js/match.js), and the
        # round line after it (the next round and dealer, or the match's end), which a round
        # waiting offline shows until it is sent (js/outbox-queue.js).
        answer["standings"] = standings_html(match, after)
        answer["head"] = head_html(match, after)
    return answer
