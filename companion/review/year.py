"""A year in review: the nights of one calendar year a user may see, on a page that prints on A4.

Nights and matches per game, who won most, the records set that year (those of
``companion.review.records`` for each game played, limited to the year) and the
busiest night. A fixed number of queries whatever the number of nights: a few
aggregates, and the records' one query each per game played.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q
from django.db.models.functions import ExtractYear

from companion.access import nights_for
from companion.games import registry
from companion.models import GameNight, Match
from companion.review import records as records_service
from companion.review.stats import Period, finished_seats

WINNERS_SHOWN = 5


@dataclass(frozen=True)
class GameCount:
    game: str
    label: str
    matches: int


@dataclass(frozen=True)
class Winner:
    name: str
    won: int
    played: int


@dataclass(frozen=True)
class GameRecords:
    label: str
    records: list[records_service.Record]


@dataclass(frozen=True)
class Year:
    year: int
    nights: int
    matches: int
    games: list[GameCount]
    winners: list[Winner]
    records: list[GameRecords]
    busiest: GameNight | None
    busiest_matches: int
    years: list[int]  # every year with a night the user may see, newest first


def period_of(year: int) -> Period:
    return Period("year", datetime.date(year, 1, 1), datetime.date(year + 1, 1, 1))


def years_with_nights(user: AbstractBaseUser) -> list[int]:
    """The years the user has nights in, newest first (one query)."""
    return list(
        nights_for(user)
        .annotate(year=ExtractYear("date"))
        .values_list("year", flat=True)
        .order_by("-year")
        .distinct()
    )


def year_in_review(user: AbstractBaseUser, year: int) -> Year:
    within = period_of(year)
    nights = nights_for(user).filter(date__gte=within.start, date__lt=within.end)
    finished = Match.objects.filter(night__in=nights, finished_at__isnull=False)
    per_game = dict(finished.values("game").annotate(count=Count("pk")).values_list("game", "count"))
    games = [
        GameCount(key, registry.label(key), per_game[key]) for key in registry.GAMES if per_game.get(key)
    ]
    winners = [
        Winner(row["player__name"], row["won_count"], row["played"])
        for row in within.seats(finished_seats().filter(match__night__in=nights_for(user)))
        .values("player", "player__name")
        .annotate(won_count=Count("pk", filter=Q(won=True)), played=Count("pk"))
        .filter(won_count__gt=0)
        .order_by("-won_count", "played", "player__name")[:WINNERS_SHOWN]
    ]
    busiest = (
        nights.annotate(finished=Count("matches", filter=Q(matches__finished_at__isnull=False)))
        .filter(finished__gt=0)
        .order_by("-finished", "date", "pk")
        .first()
    )
    return Year(
        year=year,
        nights=nights.count(),
        matches=sum(per_game.values()),
        games=games,
        winners=winners,
        records=[GameRecords(game.label, records_service.records(user, game.game, within)) for game in games],
        busiest=busiest,
        busiest_matches=busiest.finished if busiest else 0,
        years=years_with_nights(user),
    )
