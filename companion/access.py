"""Who may see and change what: every permission rule, in one place.

A game night's owner and its members may see it and enter scores in it;
only the owner changes the night itself (members, deletion) and shares or
stops sharing it or one of its matches. Everyone else gets a 404, so nobody
learns that an id exists by guessing it. The query shapes are the models'
(``GameNight.objects.visible_to``); the decisions are here.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from companion.models import GameNight, Match, Player


def nights_for(user: AbstractBaseUser) -> QuerySet[GameNight]:
    """Nights the user owns or is a member of."""
    return GameNight.objects.visible_to(user)


def get_night_for_user(user: AbstractBaseUser, pk: int, *, owner_only: bool = False) -> GameNight:
    queryset = GameNight.objects.owned_by(user) if owner_only else nights_for(user)
    return get_object_or_404(queryset.select_related("owner"), pk=pk)


def get_match_for_user(user: AbstractBaseUser, pk: int, *, owner_only: bool = False) -> Match:
    """A match of one of the user's nights, with seats, players and rounds loaded in two queries.

    ``owner_only``: only the night's owner gets it (sharing); a member gets the same 404
    as for a match that does not exist.
    """
    queryset = Match.objects.of_nights_visible_to(user).select_related("night").with_standings()
    match = get_object_or_404(queryset, pk=pk)
    if owner_only and not is_owner(user, match.night):
        raise Http404
    return match


def is_owner(user: AbstractBaseUser, night: GameNight) -> bool:
    """Whether the user owns the night (pages show the owner's buttons only to the owner)."""
    return night.owner_id == user.pk


def players_for_night(night: GameNight) -> QuerySet[Player]:
    """The roster a night draws from: its owner's players."""
    return Player.objects.filter(owner_id=night.owner_id)


def get_player_for_user(user: AbstractBaseUser, pk: int) -> Player:
    return get_object_or_404(Player.objects.filter(owner=user), pk=pk)
