"""Molotow Jass demo rounds: card points adding up to 157, a draw exactly when the rules ask for one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    """``total`` cut into ``parts`` random non-negative whole numbers."""
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def card_points(rng: random.Random) -> list[int]:
    roll = rng.random()
    if roll < 0.02:  # one player took every trick
        return [157, 0, 0, 0]
    if roll < 0.10:  # one player took too much
        heavy = rng.randint(100, 156)
        return [heavy, *split(rng, 157 - heavy, 3)]
    if roll < 0.12:  # three tied under 100: a card is drawn (rare by chance, so made to happen)
        tied = rng.randint(20, 51)
        return [tied, tied, tied, 157 - 3 * tied]
    points = split(rng, 157, 4)
    while max(points) >= 100:
        points = split(rng, 157, 4)
    return points


def deal(rng: random.Random, players: Sequence[str]) -> dict[str, Any]:
    """Card points adding up to 157; a draw loser exactly when three tie under 100."""
    points = card_points(rng)
    while 1 in points or 156 in points:  # no card is worth 1 point
        points = card_points(rng)
    rng.shuffle(points)
    entry: dict[str, Any] = {"points": dict(zip(players, points, strict=True))}
    tied = [name for name in players if Counter(points)[entry["points"][name]] == 3]
    if tied and max(points) < 100:
        entry["draw_loser"] = rng.choice(tied)
    return entry


def options(rng: random.Random) -> dict[str, Any]:
    return {}  # tables play the standard twelve deals


def players(rng: random.Random) -> int:
    return 4


def play(
    rng: random.Random, names: Sequence[str], options: Mapping[str, Any], skill: Mapping[str, float]
) -> tuple[list[dict[str, Any]], bool]:
    return [deal(rng, names) for _ in range(options["rounds"])], False
