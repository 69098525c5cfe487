"""Murlan on paper: the target ladder in words, the examples in words, the sheet's ladder."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop

from companion.games.parts import winners_text

# The engine's English option texts, marked for makemessages (shown through gettext()).
OPTION_TEXTS = (
    gettext_noop("Target"),
    gettext_noop("Points a player must reach to win."),
    gettext_noop("Step"),
    gettext_noop("How much the target rises when two or more players reach it in the same hand."),
    gettext_noop("Highest target"),
    gettext_noop("The target never rises above this; reaching it together ends the match."),
)

LADDER_SHOWN = 6  # more steps than this are shortened with "…"


def house_rules(options: Mapping[str, Any]) -> dict[str, str]:
    target, step, top = options["target"], options["step"], options["max_target"]
    ladder = [*range(target, top, step), top]
    if len(ladder) > LADDER_SHOWN:
        ladder = [*ladder[:3], "…", ladder[-1]]
    rules = {"target": gettext("The target starts at %(target)d.") % {"target": target}}
    if top > target:
        rules["rise"] = gettext(
            "Two or more at or over the target after the same hand: play goes on and the target rises "
            "by %(step)d (%(ladder)s), never above %(top)d."
        ) % {"step": step, "ladder": " → ".join(str(value) for value in ladder), "top": top}
    else:
        rules["rise"] = gettext("The target does not rise.")
    rules["cap"] = gettext(
        "Two or more at or over the target once it is %(top)d: the match is over and the highest "
        "total wins (equal highest totals share the win)."
    ) % {"top": top}
    return rules


def describe_example(worked) -> str:
    return " ".join(worked.entry["order"])


def example_result(worked) -> str:
    result = worked.standings
    if result.finished:
        return winners_text(result.winners)
    parts = []
    if result.extras["target"] != worked.before.extras["target"]:
        parts.append(gettext("target %(target)s") % {"target": result.extras["target"]})
    exchange = result.table["exchange"]
    parts.append(
        gettext("%(giver)s gives %(receiver)s the highest card; %(starter)s starts")
        % {"giver": exchange["giver"], "receiver": exchange["receiver"], "starter": result.extras["starter"]}
    )
    return "; ".join(parts)


def sheet_context(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The sheet's target ladder, and the points per hand from first to last."""
    ladder = list(range(options["target"], options["max_target"], options["step"]))
    return {
        "targets": [*ladder, options["max_target"]],
        "points": list(range(players - 1, -1, -1)),  # n-1 for the first finisher down to 0
    }


def describe_entry(entry: Mapping[str, Any], players: Sequence[str]) -> str:
    """The hand for the history of changes: "finishing order: Anna, Cla, Beat, Dora"."""
    return gettext("finishing order: %(names)s") % {"names": ", ".join(entry.get("order", []))}


def status_context(result) -> dict[str, Any]:
    """The scoreboard says when the last hand raised the target: "Anna and Beat reached 21: the target is now 31"."""
    history = result.table["target_history"]
    if not history:
        return {}
    before = history[-2] if len(history) > 1 else result.options["target"]
    if history[-1] == before:
        return {}
    reached = [name for name in result.players if result.totals[name] >= before]
    return {
        "target_rose": gettext("%(names)s reached %(before)d: the target is now %(target)d")
        % {"names": and_list(reached), "before": before, "target": history[-1]}
    }


def and_list(names: Sequence[str]) -> str:
    """Names as a list in words: "Anna and Beat", "Anna, Beat and Cla"."""
    if len(names) < 2:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}
