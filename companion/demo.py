"""Demo data: realistic random game nights whose rounds are valid by construction.

The round generators only produce outcomes the rules allow (the engines check
every match anyway, and the tests fold each one again). :func:`demo_match`
plays a match to its end as a table would; :func:`demo_nights` makes the
evenings of one group of friends. Nothing here touches the database:
``companion.demo_store`` writes the nights in bulk.

Realism, cheaply: every player has a fixed skill that tilts who finishes
first in Murlan and who goes out in Elfer raus!; nights fall mostly on Fridays
and Saturdays; a few matches are left unfinished, and some open-ended ones were
ended by the table.
"""

from __future__ import annotations

import datetime
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.anrufen import LEVELS, TRICKS, settle
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
GAMES = ("molotow", "anrufen", "elfer", "murlan")
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
BIDS = {"normal": 70, "hundred": 10, "no_tricks": 8, "all_tricks": 7, "all_tricks_hundred": 5}
SAFETY_LIMIT = 400  # rounds: no generated match comes near it, but a loop must end


# --- one round per game -------------------------------------------------------


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    """``total`` cut into ``parts`` random non-negative whole numbers."""
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def molotow_round(rng: random.Random, players: Sequence[str]) -> dict[str, Any]:
    """Card points adding up to 157; a draw loser exactly when three tie under 100."""
    roll = rng.random()
    if roll < 0.02:  # one player took every trick
        points = [157, 0, 0, 0]
    elif roll < 0.10:  # one player took too much
        heavy = rng.randint(100, 156)
        points = [heavy, *split(rng, 157 - heavy, 3)]
    else:
        points = split(rng, 157, 4)
        while max(points) >= 100:
            points = split(rng, 157, 4)
    rng.shuffle(points)
    entry: dict[str, Any] = {"points": dict(zip(players, points, strict=True))}
    tied = [name for name in players if Counter(points)[entry["points"][name]] == 3]
    if tied and max(points) < 100:
        entry["draw_loser"] = rng.choice(tied)
    return entry


def anrufen_round(rng: random.Random, players: Sequence[str]) -> dict[str, Any]:
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
    if marriages["bidder"] or marriages["opponents"]:
        entry["marriages"] = marriages
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
    return entry


def elfer_round(rng: random.Random, players: Sequence[str], skill: Mapping[str, float]) -> dict[str, Any]:
    """One game: who went out, bonus cards taken, cards and jokers left (four of each value)."""
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


def murlan_round(rng: random.Random, players: Sequence[str], skill: Mapping[str, float]) -> dict[str, Any]:
    """A finishing order; the more skilled finish earlier more often (a race of random times)."""
    return {"order": sorted(players, key=lambda name: rng.expovariate(skill[name]))}


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


def demo_options(rng: random.Random, game: str) -> dict[str, Any]:
    """House rules as tables pick them: mostly the defaults."""
    if game == "anrufen":
        return {
            "chips": rng.choice([10, 10, 10, 20]),
            "contra": "double" if rng.random() < 0.2 else "add",
            "rounds": rng.choice([12, 16, 20, 20, 24, None, None]),
            "stop_at_zero": rng.random() < 0.15,
        }
    if game == "elfer":
        return {"rounds": rng.choice([3, 4, 5, 5, 6, None])}
    if game == "murlan" and rng.random() < 0.15:
        return {"target": 31, "step": 10, "max_target": 61}
    return {}


def play(
    rng: random.Random,
    game: str,
    names: Sequence[str],
    options: Mapping[str, Any],
    skill: Mapping[str, float],
) -> tuple[list[dict[str, Any]], bool]:
    """Rounds until the match is over by its rules; ``(rounds, closed)``.

    The end is tracked the way the table sees it (the Anrufen balances through
    the engine's own :func:`scoring.anrufen.settle`); an open-ended match is
    ended by the table after a random number of rounds (``closed``).
    """
    rounds: list[dict[str, Any]] = []
    if game == "molotow":
        return [molotow_round(rng, names) for _ in range(options["rounds"])], False
    if game == "elfer":
        count = options["rounds"] or rng.randint(2, 6)
        return [elfer_round(rng, names, skill) for _ in range(count)], options["rounds"] is None
    if game == "murlan":
        totals, target = dict.fromkeys(names, 0), options["target"]
        while len(rounds) < SAFETY_LIMIT:
            rounds.append(murlan_round(rng, names, skill))
            for place, name in enumerate(rounds[-1]["order"]):
                totals[name] += len(names) - 1 - place
            reached = sum(1 for total in totals.values() if total >= target)
            if reached == 1 or (reached >= 2 and target >= options["max_target"]):
                break
            if reached >= 2:
                target = min(target + options["step"], options["max_target"])
        return rounds, False
    # Anrufen: a set number of deals, or stop at zero, or the table ends it.
    balances = dict.fromkeys(names, options["chips"])
    wanted = options["rounds"] or rng.randint(8, 30)
    while len(rounds) < wanted:
        rounds.append(anrufen_round(rng, names))
        for name, delta in settle(names, options, rounds[-1], number=len(rounds)).deltas.items():
            balances[name] += delta
        if options["stop_at_zero"] and min(balances.values()) <= 0:
            return rounds, False
    return rounds, options["rounds"] is None


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
    options = engine.clean_options(names, {**demo_options(rng, game), FIRST_DEALER: names[first_dealer]})
    rounds, closed = play(rng, game, names, options, skill)
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
    """Who plays a match, in clockwise order: Molotow needs four, the others take what they can."""
    engine = ENGINES[game]
    if game == "molotow":
        count = 4
    elif game == "anrufen":
        count = rng.choice([3, 4, 4, 4])
    elif game == "elfer":
        count = rng.randint(3, 5)
    else:
        count = rng.choice([3, 4, 4, 4, 5, 6])
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
            if not games:  # a shuffled deck of the four games, dealt out and refilled
                games = rng.sample(GAMES, len(GAMES))
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
