"""Writing demo nights (``companion.demo.generate``) to the database, fast.

Thousands of nights must go in well under a minute, so nothing is saved row by
row: nights, matches, seats and rounds are ``bulk_create``d a batch of nights
at a time, and the derived columns (``Seat.total``, ``Seat.won``,
``Match.finished_at``, ``Match.round_count``) are filled from the engine's
standings that :func:`companion.demo.generate.demo_match` already computed, which is
exactly what ``companion.standings.refresh`` would write. Everything happens
in one transaction: an interrupted seed leaves nothing behind.

Times are those of an evening: the first match starts at 19:30 on the night's
date, each round takes a few minutes, the next match starts after the last.
Some nights play for money, some matches had a break or carry a note
(``companion.demo.settle``).
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice

from django.db import transaction
from django.utils import timezone

from companion.demo.generate import GROUP, DemoNight, demo_nights
from companion.demo.settle import clock_and_notes, plays_for
from companion.games import registry
from companion.models import GameNight, Match, Player, Round, Seat
from companion.standings import seat_results

BATCH = 250  # nights per round trip
START = datetime.time(19, 30)


@dataclass(frozen=True)
class Seeded:
    nights: int
    matches: int
    rounds: int


def group_roster(owner) -> dict[str, Player]:
    """The demo group in the owner's roster by the roster's spelling (matched case-insensitively,
    the missing ones created): the rounds must name players as their seats do."""
    roster = {player.name.lower(): player for player in Player.objects.filter(owner=owner)}
    missing = [
        Player(owner=owner, name=name, colour=colour, emoji=emoji)
        for name, colour, emoji in GROUP
        if name.lower() not in roster
    ]
    Player.objects.bulk_create(missing)
    roster.update({player.name.lower(): player for player in missing})
    players = [roster[name.lower()] for name, _, _ in GROUP]
    return {player.name: player for player in players}


@transaction.atomic
def seed(owner, count: int, rng: random.Random, *, today: datetime.date | None = None) -> Seeded:
    """Store ``count`` demo nights for ``owner``."""
    today = today or timezone.localdate()
    roster = group_roster(owner)
    nights = demo_nights(rng, count, today, tuple(roster))
    totals = Seeded(0, 0, 0)
    while batch := list(islice(nights, BATCH)):
        stored = store_batch(owner, roster, batch)
        totals = Seeded(
            totals.nights + stored.nights, totals.matches + stored.matches, totals.rounds + stored.rounds
        )
    return totals


def store_batch(owner, roster: dict[str, Player], batch: Iterable[DemoNight]) -> Seeded:
    batch = list(batch)
    nights = GameNight.objects.bulk_create(
        GameNight(
            owner=owner,
            title=plan.title,
            date=plan.date,
            place=plan.place,
            notes=plan.notes,
            **plays_for(plan.date),
        )
        for plan in batch
    )
    matches: list[Match] = []
    times: list[list[datetime.datetime]] = []
    for night, plan in zip(nights, batch, strict=True):
        clock = timezone.make_aware(datetime.datetime.combine(plan.date, START))
        for number, demo in enumerate(plan.matches):
            step = datetime.timedelta(minutes=registry.get(demo.game).demo.minutes_per_round)
            extras = clock_and_notes(plan.date, number, demo)
            # A break is taken after the first round: the rounds after it were entered later.
            pause = datetime.timedelta(seconds=extras.get("paused_seconds", 0))
            entered = [
                clock + step * n + (pause if n > 1 else datetime.timedelta(0))
                for n in range(1, len(demo.rounds) + 1)
            ]
            matches.append(
                Match(
                    **extras,
                    night=night,
                    game=demo.game,
                    first_dealer=demo.first_dealer,
                    options=demo.options,
                    closed=demo.closed,
                    created_by=owner,
                    started_at=clock,
                    finished_at=(entered[-1] if entered else clock) if demo.result.finished else None,
                    round_count=len(demo.rounds),
                )
            )
            times.append(entered)
            clock = (entered[-1] if entered else clock) + datetime.timedelta(minutes=10)
    Match.objects.bulk_create(matches)
    demos = [demo for plan in batch for demo in plan.matches]
    seats, rounds = [], []
    for match, demo, entered in zip(matches, demos, times, strict=True):
        derived = seat_results(demo.result)
        seats.extend(
            Seat(
                match=match,
                player=roster[name],
                position=position,
                total=derived[name].total,
                won=derived[name].won,
                place=derived[name].place,
                score=derived[name].score,
            )
            for position, name in enumerate(demo.names)
        )
        rounds.extend(
            Round(match=match, number=number, entry=entry, entered_by=owner, entered_at=at)
            for number, (entry, at) in enumerate(zip(demo.rounds, entered, strict=True), start=1)
        )
    Seat.objects.bulk_create(seats, batch_size=2000)
    Round.objects.bulk_create(rounds, batch_size=2000)
    return Seeded(len(nights), len(matches), len(rounds))
