"""What the demo nights add for settling up and the match clock: prices, breaks and notes.

About a third of the demo nights play for money (a few Rappen per stick or token),
some finished matches had a break, and some carry a note. Each choice comes
from its own random stream, seeded by the night's date and the match's place in
it, so the nights, matches and rounds of a seed stay what they were.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from companion.demo.generate import DemoMatch
from companion.games import registry

MATCH_NOTES = (
    "{name} dealt twice in a row, nobody noticed until later.",
    "Played with the new deck.",
    "Short break for dessert.",
    "{name} swore this was the last one.",
    "House rule tonight: no talking during the deal.",
)


def plays_for(date: datetime.date) -> dict[str, Any]:
    """The night's currency and prices: a third of the nights play for a small stake."""
    rng = random.Random(f"prices {date.isoformat()}")
    if rng.random() >= 0.35:
        return {}
    games = registry.keys()
    priced = rng.sample(list(games), rng.randint(2, len(games)))
    return {"currency": "CHF", "prices": {game: rng.choice([5, 10, 20, 50]) for game in priced}}


def clock_and_notes(date: datetime.date, number: int, demo: DemoMatch) -> dict[str, Any]:
    """A break of a finished match (``paused_seconds``) and its notes, for ``Match(...)``."""
    rng = random.Random(f"match {date.isoformat()} {number}")
    extras: dict[str, Any] = {}
    if demo.result.finished and rng.random() < 0.25:
        extras["paused_seconds"] = rng.choice([5, 10, 15, 20]) * 60
    if rng.random() < 0.2:
        extras["notes"] = rng.choice(MATCH_NOTES).format(name=rng.choice(demo.names))
    return extras
