"""Murlan demo hands: finishing orders where the skilled finish earlier more often."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

SAFETY_LIMIT = 400  # hands: no generated match comes near it, but a loop must end


def hand(rng: random.Random, players: Sequence[str], skill: Mapping[str, float]) -> dict[str, Any]:
    """A finishing order: a race of random times, the more skilled faster."""
    return {"order": sorted(players, key=lambda name: rng.expovariate(skill[name]))}


def options(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.15:
        return {"target": 31, "step": 10, "max_target": 61}
    return {}


def players(rng: random.Random) -> int:
    return rng.choice([3, 4, 4, 4, 5, 6])


def play(
    rng: random.Random, names: Sequence[str], options: Mapping[str, Any], skill: Mapping[str, float]
) -> tuple[list[dict[str, Any]], bool]:
    """Hands until one player alone reaches the target, or two reach the highest target together."""
    rounds: list[dict[str, Any]] = []
    totals, target = dict.fromkeys(names, 0), options["target"]
    while len(rounds) < SAFETY_LIMIT:
        rounds.append(hand(rng, names, skill))
        for place, name in enumerate(rounds[-1]["order"]):
            totals[name] += len(names) - 1 - place
        reached = sum(1 for total in totals.values() if total >= target)
        if reached == 1 or (reached >= 2 and target >= options["max_target"]):
            break
        if reached >= 2:
            target = min(target + options["step"], options["max_target"])
    return rounds, False
