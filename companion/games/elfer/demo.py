"""Elfer raus! Master demo games: who went out, bonus cards taken, cards and jokers left."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any


def game(rng: random.Random, players: Sequence[str], skill: Mapping[str, float]) -> dict[str, Any]:
    """One game: the skilled go out more often; four of each card value in the deck."""
    out = rng.choices(list(players), weights=[skill[name] for name in players])[0]
    others = [name for name in players if name != out]
    deck = [value for value in range(1, 22) if value != 11 for _ in range(4)]
    rng.shuffle(deck)
    bonus = Counter(rng.choices(list(players), k=rng.randint(2, 7)))
    jokers = Counter(rng.choices(others, k=rng.choice([0, 0, 1, 1, 2, 3])))
    cards = {
        name: sorted(deck.pop() for _ in range(rng.randint(0 if jokers[name] else 1, 6))) for name in others
    }
    entry: dict[str, Any] = {}
    if bonus:
        entry["bonus"] = {name: bonus[name] for name in players if bonus[name]}
    entry["cards"] = {name: hand for name, hand in cards.items() if hand}
    if jokers:
        entry["jokers"] = {name: jokers[name] for name in others if jokers[name]}
    return entry


def options(rng: random.Random) -> dict[str, Any]:
    return {"rounds": rng.choice([3, 4, 5, 5, 6, None])}


def players(rng: random.Random) -> int:
    return rng.randint(3, 5)


def play(
    rng: random.Random, names: Sequence[str], options: Mapping[str, Any], skill: Mapping[str, float]
) -> tuple[list[dict[str, Any]], bool]:
    """The set number of games, or an open match the table ends after a few."""
    count = options["rounds"] or rng.randint(2, 6)
    return [game(rng, names, skill) for _ in range(count)], options["rounds"] is None
