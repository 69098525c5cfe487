"""Demo data: realistic random game nights whose rounds are valid by construction.

Each game plays its own rounds (``Game.demo``, in
``companion/games/<game>/demo.py``); they only produce outcomes the rules allow (the engines check
every match anyway, and the tests fold each one again). :func:`demo_match`
plays a match to its end as a table would; :func:`demo_nights` makes the
evenings of one group of friends. Nothing here touches the database:
``companion.demo.store`` writes the nights in bulk.

Realism, cheaply: every player has a fixed skill that tilts who finishes
first in Murlan and who goes out in Elfer raus!; nights fall mostly on Fridays
and Saturdays; a few matches are left unfinished, and some open-ended ones were
ended by the table.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import registry
from scoring.base import FIRST_DEALER, Standings
from scoring.matchfile import MatchFile, with_first_dealer
from scoring.registry import ENGINES

GROUP = (
    ("Anna", "#d63384", "🦊"),
    ("Beat", "#0d6efd", "🐻"),
    ("Cla", "#198754", "🌲"),
    ("Dora", "#fd7e14", "🌻"),
    ("Ernst", "#6f42c1", "🎩"),
    ("Fränzi", "#20c997", "🐸"),
    ("Gion", "#dc3545", "🍄"),
    ("Heidi", "#ffc107", "🐝"),
)
TITLES = (
    "Friday cards",
    "Jass at {host}'s",
    "Card night at {host}'s",
    "Murlan marathon",
    "Cards & raclette",
    "Sunday games",
    "{month} cards",
    "Rematch night",
)
PLACES = ("{host}'s place", "{host}'s kitchen", "Café Rössli", "The clubhouse", "{host}'s garden", "")
NOTES = (
    "",
    "",
    "",
    "Raclette first, then cards.",
    "{host} brought a new deck.",
    "Short night, work tomorrow.",
    "{host} wants a rematch next time.",
)


# --- a match ----------------------------------------------------------------------


@dataclass(frozen=True)
class DemoMatch:
    game: str
    names: tuple[str, ...]
    first_dealer: int
    options: dict[str, Any]  # cleaned, without first_dealer: as Match.options stores them
    rounds: list[dict[str, Any]]
    closed: bool
    result: Standings  # the engine's, over exactly these rounds


def demo_match(
    rng: random.Random,
    game: str,
    names: Sequence[str],
    skill: Mapping[str, float],
    *,
    unfinished: bool = False,
) -> DemoMatch:
    """A match of ``game`` played to its end (or stopped half-way when ``unfinished``), scored by the engine."""
    engine = ENGINES[game]
    names = tuple(names)
    first_dealer = rng.randrange(len(names))
    demo = registry.get(game).demo
    options = engine.clean_options(names, {**demo.options(rng), FIRST_DEALER: names[first_dealer]})
    rounds, closed = demo.play(rng, names, options, skill)
    if unfinished:
        rounds, closed = rounds[: rng.randrange(len(rounds))], False
    options.pop(FIRST_DEALER)
    result = MatchFile(game, list(names), with_first_dealer(options, names, first_dealer), rounds).score(
        closed=closed
    )
    return DemoMatch(game, names, first_dealer, options, rounds, closed, result)


# --- nights ----------------------------------------------------------------------------


@dataclass(frozen=True)
class DemoNight:
    title: str
    date: datetime.date
    place: str
    notes: str
    matches: tuple[DemoMatch, ...]


def seats_for(rng: random.Random, game: str, guests: Sequence[str]) -> list[str]:
    """Who plays a match, in clockwise order: as many as would like to, within the game's limits."""
    engine = ENGINES[game]
    count = registry.get(game).demo.players(rng)
    return rng.sample(list(guests), max(engine.min_players, min(count, len(guests), engine.max_players)))


def demo_dates(rng: random.Random, count: int, today: datetime.date) -> list[datetime.date]:
    """``count`` evenings over the last years (about weekly), mostly Fridays and Saturdays, oldest first."""
    span = min(max(count * 7, 90), 3650)
    dates = []
    for _ in range(count):
        day = today - datetime.timedelta(days=rng.randrange(span))
        if rng.random() < 0.7:
            day -= datetime.timedelta(days=(day.weekday() - rng.choice([4, 5])) % 7)
        dates.append(day)
    return sorted(dates)


def demo_nights(
    rng: random.Random, count: int, today: datetime.date, group: Sequence[str] = tuple(g[0] for g in GROUP)
) -> Iterator[DemoNight]:
    """``count`` game nights of ``group``, oldest first; every game comes up about equally often."""
    skill = {name: rng.uniform(0.6, 1.6) for name in group}
    games: list[str] = []
    for date in demo_dates(rng, count, today):
        guests = rng.sample(list(group), rng.choice([4, 4, 5, 5, 5, 6, 6, 7, len(group)]))
        host = guests[0]
        matches = []
        for index in range(rng.choice([1, 2, 2, 3, 3, 4])):
            if not games:  # a shuffled deck of the games, dealt out and refilled
                games = rng.sample(registry.keys(), len(registry.GAMES))
            game = games.pop()
            unfinished = rng.random() < 0.06 or (date == today and index == 0)
            matches.append(demo_match(rng, game, seats_for(rng, game, guests), skill, unfinished=unfinished))
        fill = {"host": host, "month": date.strftime("%B")}
        yield DemoNight(
            title=rng.choice(TITLES).format(**fill),
            date=date,
            place=rng.choice(PLACES).format(**fill),
            notes=rng.choice(NOTES).format(**fill),
            matches=tuple(matches),
        )
