"""Free scoring demo rounds: a Hearts evening (lowest wins at 100) or a dice game of ten rounds."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

SAFETY_LIMIT = 200  # rounds: no generated match comes near it, but a loop must end
HEARTS_POINTS = 26  # the hearts and the queen of spades, shared out each hand


def hearts_hand(rng: random.Random, players: Sequence[str], skill: Mapping[str, float]) -> dict[str, Any]:
    """26 penalty points shared out, the more skilled taking fewer; now and then one shoots the moon."""
    if rng.random() < 0.03:
        shooter = rng.choice(list(players))
        return {"points": {name: 0 if name == shooter else HEARTS_POINTS for name in players}}
    weights = [1 / skill[name] for name in players]
    taken = dict.fromkeys(players, 0)
    for name in rng.choices(list(players), weights=weights, k=HEARTS_POINTS):
        taken[name] += 1
    return {"points": {name: points for name, points in taken.items() if points}}


def dice_round(rng: random.Random, players: Sequence[str], skill: Mapping[str, float]) -> dict[str, Any]:
    return {"points": {name: round(rng.gauss(20 * skill[name], 8)) for name in players}}


def options(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.6:
        return {"target": 100, "lowest_wins": True}
    return {"rounds": 10}


def players(rng: random.Random) -> int:
    return rng.choice([3, 4, 4, 5, 6])


def play(
    rng: random.Random, names: Sequence[str], options: Mapping[str, Any], skill: Mapping[str, float]
) -> tuple[list[dict[str, Any]], bool]:
    """Rounds until the target or the round limit ends the match."""
    deal = hearts_hand if options.get("lowest_wins") else dice_round
    rounds: list[dict[str, Any]] = []
    totals = dict.fromkeys(names, 0)
    limit, target = options.get("rounds"), options.get("target")
    while len(rounds) < (limit or SAFETY_LIMIT):
        rounds.append(deal(rng, names, skill))
        for name, points in rounds[-1]["points"].items():
            totals[name] += points
        if target is not None and max(totals.values()) >= target:
            break
    return rounds, False
