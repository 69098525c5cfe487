"""Who may see and change what: one place for the permission rules.

A game night's owner and its members may see it and enter scores in it;
only the owner changes the night itself (members, deletion). Everyone else
gets a 404, so nobody learns that an id exists by guessing it.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404

from companion.models import GameNight, Match, Player, Round, Seat


def nights_for(user: AbstractBaseUser) -> QuerySet[GameNight]:
    """Nights the user owns or is a member of (an EXISTS, so no duplicate rows)."""
    membership = GameNight.members.through.objects.filter(gamenight=OuterRef("pk"), user=user)
    return GameNight.objects.filter(Q(owner=user) | Exists(membership))


def get_night_for_user(user: AbstractBaseUser, pk: int, *, owner_only: bool = False) -> GameNight:
    queryset = GameNight.objects.filter(owner=user) if owner_only else nights_for(user)
    return get_object_or_404(queryset.select_related("owner"), pk=pk)


def get_match_for_user(user: AbstractBaseUser, pk: int) -> Match:
    """A match of one of the user's nights, with seats, players and rounds loaded in two queries."""
    queryset = (
        Match.objects.filter(night__in=nights_for(user))
        .select_related("night")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
            Prefetch("rounds", queryset=Round.objects.order_by("number")),
        )
    )
    return get_object_or_404(queryset, pk=pk)


def players_for_night(night: GameNight) -> QuerySet[Player]:
    """The roster a night draws from: its owner's players."""
    return Player.objects.filter(owner_id=night.owner_id)


def get_player_for_user(user: AbstractBaseUser, pk: int) -> Player:
    return get_object_or_404(Player.objects.filter(owner=user), pk=pk)
