"""Anrufen on paper: contracts and their stakes, the sentences that follow the house rules, examples in words.

The stakes are asked of the engine itself (:func:`contracts`), so the table
on paper is what the app pays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from companion.games.parts import count_text
from scoring.anrufen import LEVELS, settle

# The engine's English option texts, marked for makemessages (shown through gettext()).
OPTION_TEXTS = (
    gettext_noop("Tokens each"),
    gettext_noop("How many tokens every player starts with."),
    gettext_noop("Contra"),
    gettext_noop("What a contra does to the stake: add 1 token, or double it."),
    gettext_noop("add"),
    gettext_noop("double"),
    gettext_noop("Rounds"),
    gettext_noop("How many deals the match lasts (redeals count); empty: the table ends the match."),
    gettext_noop("Stop at zero"),
    gettext_noop("End the match after the first round that leaves somebody with no tokens."),
)

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


def house_rules(options: Mapping[str, Any]) -> dict[str, str]:
    if options["contra"] == "double":
        contra = gettext("An opponent may call contra: it doubles the stake.")
    else:
        contra = gettext("An opponent may call contra: the stake goes up by 1 token.")
    rounds, stop = options["rounds"], options["stop_at_zero"]
    if rounds is not None:
        end = count_text(
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
        "chips": count_text(
            "Every player starts with %(count)d token.",
            "Every player starts with %(count)d tokens.",
            options["chips"],
        ),
        "contra": contra,
        "end": end,
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


def contracts(options: Mapping[str, Any]) -> list[Contract]:
    """The contracts, lowest first, with the stake the engine pays for each, without and with contra."""
    players = ("A", "B", "C", "D")
    table = []
    for key in LEVELS:
        deal = {"bidder": "A", "bid": key, **_MADE_DEALS[key]}
        plain = settle(players, options, deal).stake
        contra = settle(players, options, {**deal, "contra": True}).stake
        table.append(Contract(key, str(CONTRACTS[key]), str(CONTRACT_AIMS[key]), plain, contra))
    return table


def rules_context(options: Mapping[str, Any]) -> dict[str, Any]:
    """The rules part's table of contracts."""
    return {"contracts": contracts(options)}


def sheet_context(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The blank sheet's reminder of the stakes."""
    return {"contracts": contracts(options)}


def example_detail(worked) -> dict[str, Any]:
    """The engine's account of the example's deal (stake, needed, side points, made)."""
    return worked.standings.table["contracts"][-1]


MARRIAGES = {"trump": _("trump marriage 40"), "plain": _("marriage 20")}


def describe_example(worked) -> str:
    """The deal as the table saw it: contract, contra, tricks, points with marriages."""
    entry = worked.entry
    if entry.get("redeal"):
        return gettext("everybody passed twice: redeal")
    deal = worked.detail
    contract = CONTRACTS[deal["contract"]]
    if deal["raised"]:
        contract = gettext("%(bid)s, raised by %(partner)s to %(contract)s") % {
            "bid": CONTRACTS[deal["bid"]],
            "partner": deal["partner"],
            "contract": contract,
        }
    parts = [str(contract)]
    if deal["contra"]:
        parts.append(gettext("contra"))
    side = f"{deal['bidder']}+{deal['partner']}" if deal["partner"] else deal["bidder"]
    if "tricks" in entry:
        tricks = entry["tricks"]
        if tricks:
            parts.append(
                ngettext("%(side)s %(count)d trick", "%(side)s %(count)d tricks", tricks)
                % {"side": side, "count": tricks}
            )
        else:
            parts.append(gettext("%(side)s no trick") % {"side": side})
    marriages = entry.get("marriages", {})
    if "points" in entry:
        points = gettext("%(side)s %(points)s card points") % {"side": side, "points": entry["points"]}
        parts.append(" + ".join([points, *(str(MARRIAGES[kind]) for kind in marriages.get("bidder", []))]))
    parts += [
        gettext("opponents: %(marriage)s") % {"marriage": MARRIAGES[kind]}
        for kind in marriages.get("opponents", [])
    ]
    return ", ".join(parts)


def describe_entry(entry: Mapping[str, Any], players: Sequence[str]) -> str:
    """The deal for the history of changes, as the table said it.

    "Anna bid Normal and called Cla, who raised to Hundred, contra, Anna+Cla 5 tricks,
    Anna+Cla 62 card points + marriage 20, opponents: trump marriage 40".
    """
    if entry.get("redeal"):
        return str(gettext("everybody passed twice: redeal"))
    bidder, partner = entry.get("bidder", ""), entry.get("partner")
    bid = _contract(entry.get("bid"))
    if partner and entry.get("raised_to"):
        parts = [
            gettext("%(bidder)s bid %(bid)s and called %(partner)s, who raised to %(raised)s")
            % {"bidder": bidder, "bid": bid, "partner": partner, "raised": _contract(entry["raised_to"])}
        ]
    elif partner:
        parts = [
            gettext("%(bidder)s bid %(bid)s and called %(partner)s")
            % {"bidder": bidder, "bid": bid, "partner": partner}
        ]
    else:
        parts = [gettext("%(bidder)s bid %(bid)s, alone") % {"bidder": bidder, "bid": bid}]
    if entry.get("contra"):
        parts.append(gettext("contra"))
    side = f"{bidder}+{partner}" if partner else bidder
    if "tricks" in entry:
        tricks = entry["tricks"]
        if tricks:
            parts.append(
                ngettext("%(side)s %(count)d trick", "%(side)s %(count)d tricks", tricks)
                % {"side": side, "count": tricks}
            )
        else:
            parts.append(gettext("%(side)s no trick") % {"side": side})
    marriages = entry.get("marriages") or {}
    own = [str(MARRIAGES.get(kind, kind)) for kind in marriages.get("bidder", [])]
    if "points" in entry:
        points = gettext("%(side)s %(points)s card points") % {"side": side, "points": entry["points"]}
        parts.append(" + ".join([points, *own]))
    elif own:
        parts.append(gettext("%(side)s: %(marriages)s") % {"side": side, "marriages": " + ".join(own)})
    parts += [
        gettext("opponents: %(marriage)s") % {"marriage": MARRIAGES.get(kind, kind)}
        for kind in marriages.get("opponents", [])
    ]
    return ", ".join(str(part) for part in parts)


def row_context(entry: Mapping[str, Any]) -> dict[str, str]:
    """The marriages of a deal as its row in the rounds table says them, in the words of the history:
    ``bidder_marriages`` "trump marriage 40 + marriage 20" (added to the side's card points),
    ``opponent_marriages`` "opponents: marriage 20"."""
    marriages = entry.get("marriages") or {}
    if not isinstance(marriages, Mapping):
        return {}
    own = [str(MARRIAGES.get(kind, kind)) for kind in marriages.get("bidder") or []]
    theirs = [
        gettext("opponents: %(marriage)s") % {"marriage": MARRIAGES.get(kind, kind)}
        for kind in marriages.get("opponents") or []
    ]
    return {"bidder_marriages": " + ".join(own), "opponent_marriages": ", ".join(theirs)}


def _contract(key: Any) -> str:
    return str(CONTRACTS.get(key, key)) if isinstance(key, str) else str(key)
