"""The rule sentences that depend on a table's house rules, and the house rules as a list.

From cleaned options (``clean_options`` fills in every default) come the
sentences the rule pages and blank sheets print: "every other player gets
1 stick", "contra doubles the stake", the Murlan target ladder. The Anrufen
stakes are asked of the engine itself (:func:`anrufen_contracts`), so the
table on paper is what the app pays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from companion.match_setup import option_label
from companion.match_setup_form import option_display
from scoring.anrufen import LEVELS, settle
from scoring.base import FIRST_DEALER
from scoring.molotow import OWN_AWARD
from scoring.registry import get_engine

CONTRACTS = {
    "normal": _("Normal"),
    "hundred": _("Hundred"),
    "no_tricks": _("No tricks"),
    "all_tricks": _("All tricks"),
    "all_tricks_hundred": _("All tricks and hundred"),
}
CONTRACT_AIMS = {
    "normal": _(
        "more than half of all points (cards and every declared marriage): 50 of 90 with no marriage"
    ),
    "hundred": _("at least 100 (cards and its own marriages)"),
    "no_tricks": _("no trick at all; the bidder plays alone"),
    "all_tricks": _("every trick"),
    "all_tricks_hundred": _("every trick and at least 100"),
}


def clean_options(game: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A game's house rules with every default filled in (``first_dealer`` left out: seats differ)."""
    engine = get_engine(game)
    seats = [f"P{seat}" for seat in range(engine.min_players)]
    given = {key: value for key, value in (options or {}).items() if key != FIRST_DEALER}
    cleaned = engine.clean_options(seats, given)
    cleaned.pop(FIRST_DEALER)
    return cleaned


def _count(singular: str, plural: str, count: int) -> str:
    return ngettext(singular, plural, count) % {"count": count}


def house_rules(game: str, options: Mapping[str, Any]) -> dict[str, str]:
    """The rule sentences that change with the house rules, from cleaned ``options``."""
    return HOUSE_RULES[game](options)


def _molotow_rules(options: Mapping[str, Any]) -> dict[str, str]:
    own_sticks = _count("%(count)d stick", "%(count)d sticks", OWN_AWARD)
    own_potatoes = _count("%(count)d potato", "%(count)d potatoes", OWN_AWARD)
    others_potatoes = _count("%(count)d potato", "%(count)d potatoes", options["others_on_157"])
    others_sticks = _count("%(count)d stick", "%(count)d sticks", options["others_on_100"])
    return {
        "deals": _count("A match lasts %(count)d deal.", "A match lasts %(count)d deals.", options["rounds"]),
        "on_157": gettext("Exactly 157 for one player: he gets %(own)s, every other player gets %(others)s.")
        % {"own": own_sticks, "others": others_potatoes},
        "on_100": gettext("100 to 156 for one player: he gets %(own)s, every other player gets %(others)s.")
        % {"own": own_potatoes, "others": others_sticks},
    }


def _anrufen_rules(options: Mapping[str, Any]) -> dict[str, str]:
    if options["contra"] == "double":
        contra = gettext("An opponent may call contra: it doubles the stake.")
    else:
        contra = gettext("An opponent may call contra: the stake goes up by 1 token.")
    rounds, stop = options["rounds"], options["stop_at_zero"]
    if rounds is not None:
        end = _count(
            "The match ends after %(count)d deal (redeals count)",
            "The match ends after %(count)d deals (redeals count)",
            rounds,
        )
        if stop:
            end += gettext(", or after the first deal that leaves somebody at zero or below")
        end += "."
    elif stop:
        end = gettext("The match ends after the first deal that leaves somebody at zero or below.")
    else:
        end = gettext("The table decides when the match ends.")
    return {
        "chips": _count(
            "Every player starts with %(count)d token.",
            "Every player starts with %(count)d tokens.",
            options["chips"],
        ),
        "contra": contra,
        "end": end,
    }


def _elfer_rules(options: Mapping[str, Any]) -> dict[str, str]:
    if options["rounds"] is None:
        return {"end": gettext("The table decides how many games make the match.")}
    return {"end": _count("The match is %(count)d game.", "The match is %(count)d games.", options["rounds"])}


LADDER_SHOWN = 6  # more steps than this are shortened with "…"


def _murlan_rules(options: Mapping[str, Any]) -> dict[str, str]:
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


HOUSE_RULES = {
    "molotow": _molotow_rules,
    "anrufen": _anrufen_rules,
    "elfer": _elfer_rules,
    "murlan": _murlan_rules,
}

# One made deal per contract (4 players, A bids, C partners): the engine says what it is paid.
_MADE_DEALS = {
    "normal": {"partner": "C", "points": 90},
    "hundred": {"partner": "C", "points": 90, "marriages": {"bidder": ["plain"]}},
    "no_tricks": {"tricks": 0},
    "all_tricks": {"partner": "C", "tricks": 6},
    "all_tricks_hundred": {"partner": "C", "points": 90, "tricks": 6, "marriages": {"bidder": ["plain"]}},
}


@dataclass(frozen=True)
class Contract:
    key: str
    label: str
    aim: str
    stake: int
    with_contra: int


def anrufen_contracts(options: Mapping[str, Any]) -> list[Contract]:
    """The contracts, lowest first, with the stake the engine pays for each, without and with contra."""
    players = ("A", "B", "C", "D")
    contracts = []
    for key in LEVELS:
        deal = {"bidder": "A", "bid": key, **_MADE_DEALS[key]}
        plain = settle(players, options, deal).stake
        contra = settle(players, options, {**deal, "contra": True}).stake
        contracts.append(Contract(key, str(CONTRACTS[key]), str(CONTRACT_AIMS[key]), plain, contra))
    return contracts


@dataclass(frozen=True)
class HouseRule:
    label: str
    value: str
    standard: str | None  # the standard value when this match's differs, else None


def rule_list(game: str, options: Mapping[str, Any]) -> list[HouseRule]:
    """Every house rule with its value, and the standard value where the table plays another."""
    rules = []
    for option in get_engine(game).options:
        value = options[option.name]
        standard = None if value == option.default else option_display(option, option.default)
        rules.append(HouseRule(option_label(option), option_display(option, value), standard))
    return rules
