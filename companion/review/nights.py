"""Looking back at game nights: the list's filters and its rows.

A row works on one page of nights the view already loaded with their matches,
seats and players (``GameNight.objects.with_results()``): no rounds, no
per-row queries. Winners are the derived seat columns kept by
``companion.standings.refresh``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, Q, QuerySet

from companion.access import nights_for
from companion.models import GameNight, Match, Player, Seat

NIGHTS_PER_PAGE = 20


def players_to_filter_by(user: AbstractBaseUser) -> QuerySet[Player]:
    """The user's own roster and everybody who played in a night the user may see."""
    seated = Seat.objects.filter(player=OuterRef("pk"), match__night__in=nights_for(user))
    return Player.objects.filter(Q(owner=user) | Exists(seated))


def filter_nights(nights: QuerySet[GameNight], filters: dict) -> QuerySet[GameNight]:
    if "player" in filters:
        nights = nights.filter(
            Exists(Seat.objects.filter(match__night=OuterRef("pk"), player=filters["player"]))
        )
    if "game" in filters:
        nights = nights.filter(Exists(Match.objects.filter(night=OuterRef("pk"), game=filters["game"])))
    if "date_from" in filters:
        nights = nights.filter(date__gte=filters["date_from"])
    if "date_to" in filters:
        nights = nights.filter(date__lte=filters["date_to"])
    return nights


# --- a row of the list ------------------------------------------------------


@dataclass(frozen=True)
class NightRow:
    night: GameNight
    players: list[str]
    games: list[tuple[str, int]]  # game label, matches of it
    winners: list[tuple[str, int]]  # name, matches won
    in_play: int


def night_row(night: GameNight) -> NightRow:
    matches = list(night.matches.all())
    players: dict[str, None] = {}
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for match in matches:
        games[match.get_game_display()] += 1
        for seat in match.seats.all():
            players.setdefault(seat.player.name)
            if match.is_finished and seat.won:
                wins[seat.player.name] += 1
    return NightRow(
        night=night,
        players=list(players),
        games=list(games.items()),
        winners=wins.most_common(),
        in_play=sum(not match.is_finished for match in matches),
    )
