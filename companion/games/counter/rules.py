"""Free scoring on paper: the options in words, the examples in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop

from companion.games.parts import count_text, points_line, winners_text

# The engine's English option texts, marked for makemessages (shown through gettext()).
OPTION_TEXTS = (
    gettext_noop("Rounds"),
    gettext_noop("How many rounds the match lasts; empty: no limit."),
    gettext_noop("Target"),
    gettext_noop("The match ends after the round in which a player's total reaches this; empty: no target."),
    gettext_noop("Lowest total wins"),
    gettext_noop("The lowest total wins, as in Hearts; otherwise the highest."),
)


def house_rules(options: Mapping[str, Any]) -> dict[str, str]:
    rounds, target = options["rounds"], options["target"]
    rules = {
        "winner": gettext("The lowest total wins.")
        if options["lowest_wins"]
        else gettext("The highest total wins.")
    }
    if target is not None:
        rules["target"] = gettext(
            "The match ends after the round in which a player's total reaches %(target)d or more."
        ) % {"target": target}
    if rounds is not None:
        rules["rounds"] = count_text(
            "The match ends after %(count)d round.", "The match ends after %(count)d rounds.", rounds
        )
    if target is not None and rounds is not None:
        rules["both"] = gettext("Whichever comes first ends it.")
    if target is None and rounds is None:
        rules["open"] = gettext("No limit: the table ends the match when it wants to.")
    return rules


def describe_example(worked) -> str:
    given = worked.entry["points"]
    return " / ".join(str(given.get(name, 0)) for name in worked.players)


def example_result(worked) -> str:
    result = worked.standings
    if result.finished:
        return winners_text(result.winners)
    return gettext("not over: the table ends it")


def describe_entry(entry: Mapping[str, Any], players: Sequence[str]) -> str:
    """The round for the history of changes: "Anna 5 · Beat 0 · Cla 12" (a player left out scored 0)."""
    given = entry.get("points", {})
    return points_line({**dict.fromkeys(players, 0), **given}, players)
