"""Anrufen demo deals: a bid, sides, maybe a raise or contra, and a result the contract allows."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.anrufen import LEVELS, TRICKS, settle

BIDS = {"normal": 70, "hundred": 10, "no_tricks": 8, "all_tricks": 7, "all_tricks_hundred": 5}


def deal(rng: random.Random, players: Sequence[str]) -> dict[str, Any]:
    """A redeal now and then; else a bid, sides, maybe a raise or contra, and a consistent result."""
    if rng.random() < 0.07:
        return {"redeal": True}
    every_trick = TRICKS[len(players)]
    bidder = rng.choice(players)
    bid = rng.choices(list(BIDS), weights=list(BIDS.values()))[0]
    entry: dict[str, Any] = {"bidder": bidder, "bid": bid}
    contract = bid
    if len(players) == 4 and bid != "no_tricks":
        entry["partner"] = rng.choice([name for name in players if name != bidder])
        higher = [level for level in LEVELS if LEVELS[level] > LEVELS[bid] and level != "no_tricks"]
        if higher and rng.random() < 0.08:
            contract = entry["raised_to"] = rng.choice(higher)
    if rng.random() < 0.1:
        entry["contra"] = True
    marriages: dict[str, list[str]] = {"bidder": [], "opponents": []}
    if rng.random() < 0.3:
        marriages[rng.choice(["bidder", "opponents"])].append("trump")
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
        marriages[rng.choice(["bidder", "opponents"])].append("plain")
    good = rng.random() < 0.65
    if contract == "normal":
        entry["points"] = rng.choice(range(50, 100, 10) if good else range(0, 60, 10))
    elif contract == "hundred":
        entry["points"] = rng.choice(range(40, 100, 10))
    elif contract == "no_tricks":
        entry["tricks"] = 0 if good else rng.randint(1, 2)
    else:
        entry["tricks"] = every_trick if good else rng.randint(every_trick - 2, every_trick - 1)
        if contract == "all_tricks_hundred":
            entry["points"] = 90 if good else rng.choice(range(40, 90, 10))
    if "tricks" in entry:  # a marriage needs a lead: one per trick won, the bidder's side one more
        marriages["bidder"] = marriages["bidder"][: entry["tricks"] + 1]
        marriages["opponents"] = marriages["opponents"][: every_trick - entry["tricks"]]
    if marriages["bidder"] or marriages["opponents"]:
        entry["marriages"] = marriages
    return entry


def options(rng: random.Random) -> dict[str, Any]:
    return {
        "chips": rng.choice([10, 10, 10, 20]),
        "contra": "double" if rng.random() < 0.2 else "add",
        "rounds": rng.choice([12, 16, 20, 20, 24, None, None]),
        "stop_at_zero": rng.random() < 0.15,
    }


def players(rng: random.Random) -> int:
    return rng.choice([3, 4, 4, 4])


def play(
    rng: random.Random, names: Sequence[str], options: Mapping[str, Any], skill: Mapping[str, float]
) -> tuple[list[dict[str, Any]], bool]:
    """A set number of deals, or stop at zero, or the table ends it.

    The balances are tracked through the engine's own :func:`scoring.anrufen.settle`.
    """
    rounds: list[dict[str, Any]] = []
    balances = dict.fromkeys(names, options["chips"])
    wanted = options["rounds"] or rng.randint(8, 30)
    while len(rounds) < wanted:
        rounds.append(deal(rng, names))
        for name, delta in settle(names, options, rounds[-1], number=len(rounds)).deltas.items():
            balances[name] += delta
        if options["stop_at_zero"] and min(balances.values()) <= 0:
            return rounds, False
    return rounds, options["rounds"] is None
