"""Molotow Jass on paper: the sentences that follow the house rules, and a worked example in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop

from companion.games.parts import count_text, points_line
from scoring.molotow import OWN_AWARD

# The engine's English option texts, marked for makemessages (shown through gettext()).
OPTION_TEXTS = (
    gettext_noop("Deals"),
    gettext_noop("How many deals the match lasts."),
    gettext_noop("Sticks for the others on 100"),
    gettext_noop("Sticks every other player gets when one player takes 100 to 156 points."),
    gettext_noop("Potatoes for the others on 157"),
    gettext_noop("Potatoes every other player gets when one player takes all 157 points."),
)


def house_rules(options: Mapping[str, Any]) -> dict[str, str]:
    own_sticks = count_text("%(count)d stick", "%(count)d sticks", OWN_AWARD)
    own_potatoes = count_text("%(count)d potato", "%(count)d potatoes", OWN_AWARD)
    others_potatoes = count_text("%(count)d potato", "%(count)d potatoes", options["others_on_157"])
    others_sticks = count_text("%(count)d stick", "%(count)d sticks", options["others_on_100"])
    return {
        "deals": count_text(
            "A match lasts %(count)d deal.", "A match lasts %(count)d deals.", options["rounds"]
        ),
        "on_157": gettext("Exactly 157 for one player: he gets %(own)s, every other player gets %(others)s.")
        % {"own": own_sticks, "others": others_potatoes},
        "on_100": gettext("100 to 156 for one player: he gets %(own)s, every other player gets %(others)s.")
        % {"own": own_potatoes, "others": others_sticks},
    }


def describe_example(worked) -> str:
    entry = worked.entry
    points = " / ".join(str(entry["points"][name]) for name in worked.players)
    if "draw_loser" in entry:
        return gettext("%(points)s; %(name)s draws the highest card") % {
            "points": points,
            "name": entry["draw_loser"],
        }
    return points


def describe_entry(entry: Mapping[str, Any], players: Sequence[str]) -> str:
    """The deal for the history of changes: "Anna 30 · Beat 45 · Cla 40 · Dora 42; Anna drew the highest card"."""
    points = points_line(entry.get("points", {}), players)
    if entry.get("draw_loser"):
        return gettext("%(points)s; %(name)s drew the highest card") % {
            "points": points,
            "name": entry["draw_loser"],
        }
    return points
