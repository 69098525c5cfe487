"""Elfer raus! Master on paper: the sentence that follows the house rules, and the examples in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from companion.games.parts import count_text, winners_text

# The engine's English option texts, marked for makemessages (shown through gettext()).
OPTION_TEXTS = (
    gettext_noop("Games"),
    gettext_noop("How many games the match lasts; empty: the table ends the match."),
)


def house_rules(options: Mapping[str, Any]) -> dict[str, str]:
    if options["rounds"] is None:
        return {"end": gettext("The table decides how many games make the match.")}
    return {
        "end": count_text("The match is %(count)d game.", "The match is %(count)d games.", options["rounds"])
    }


def hands(worked) -> list[str]:
    """Each player's bonus cards and what is left in hand ("out" for the empty hand)."""
    return [hand_words(worked.entry, name) for name in worked.players]


def hand_words(entry: Mapping[str, Any], name: str) -> str:
    """One player's bonus cards and what is left in hand: "2 bonus; 3, 12, joker", "out"."""
    bonus = entry.get("bonus", {}).get(name, 0)
    cards = [str(card) for card in entry.get("cards", {}).get(name, [])]
    cards += [gettext("joker")] * entry.get("jokers", {}).get(name, 0)
    parts = [ngettext("%(count)d bonus", "%(count)d bonus", bonus) % {"count": bonus}] if bonus else []
    parts.append(", ".join(cards) if cards else gettext("out"))
    return "; ".join(parts)


def describe_entry(entry: Mapping[str, Any], players: Sequence[str]) -> str:
    """The game for the history of changes: "Anna: out · Beat: 2 bonus; 3, 12 · …"."""
    named = {*entry.get("bonus", {}), *entry.get("cards", {}), *entry.get("jokers", {})}
    names = [*players, *sorted(named - set(players))]
    return " · ".join(f"{name}: {hand_words(entry, name)}" for name in names)


def describe_example(worked) -> str:
    """Per player: bonus cards and what is left in hand."""
    return " · ".join(f"{name}: {text}" for name, text in zip(worked.players, hands(worked), strict=True))


def example_result(worked) -> str:
    """The game's winner, or the match's for the example of several games."""
    if len(worked.example.rounds) == 1:
        return winners_text(worked.last.extras["winners"])
    return winners_text(worked.standings.winners)
