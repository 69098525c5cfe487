""" "This is me": an account says which player it is in an owner's roster; the owner confirms.

Players need no account (a roster is the owner's list of the people at the
table), so a member's results are stored under a player of the owner's roster.
A confirmed link joins the two: the member sees that player's statistics and
head-to-head, and finds it marked "Me" on the leaderboards, across every night
the player sits in. The owner confirms because the roster is theirs and a
member could otherwise claim somebody else's results; an owner's claim on their
own roster needs no confirmation.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from companion.models import Player, PlayerLink
from companion.review import stats


class LinkError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def links(user) -> QuerySet[PlayerLink]:
    return PlayerLink.objects.filter(user=user).select_related("player", "player__owner")


@transaction.atomic
def claim(user, player: Player) -> PlayerLink:
    """Ask to be ``player`` (a claimable one: ``companion.access.get_claimable_player``)."""
    if PlayerLink.objects.filter(user=user, player__owner_id=player.owner_id).exists():
        raise LinkError(_("You already are a player in this roster: remove that link first."))
    confirmed = timezone.now() if player.owner_id == user.pk else None
    try:
        with transaction.atomic():
            return PlayerLink.objects.create(player=player, user=user, confirmed_at=confirmed)
    except IntegrityError:  # somebody else claimed the player a moment ago
        raise LinkError(_("Somebody else has just said they are this player.")) from None


def confirm(link: PlayerLink) -> None:
    if link.confirmed_at is None:
        link.confirmed_at = timezone.now()
        link.save(update_fields=["confirmed_at"])


def remove(link: PlayerLink) -> None:
    """Decline (the owner) or undo (the account): the player's results stay, unlinked."""
    link.delete()


def pending_for_owner(owner) -> QuerySet[PlayerLink]:
    """Claims on the owner's players waiting for a yes or no."""
    return PlayerLink.objects.filter(player__owner=owner, confirmed_at__isnull=True).select_related(
        "player", "user"
    )


@dataclass(frozen=True)
class BoardPlace:
    """Where a player stands on one game's all-time leaderboard (``companion.review.stats.leaderboard``)."""

    game: str
    game_label: str
    place: int
    of: int


@dataclass(frozen=True)
class Statistics:
    """What the Me page shows of a confirmed player: the player page's figures, in brief."""

    player: Player
    lines: list[stats.GameLine]
    overall: stats.Overall
    rivals: list[stats.Rival]
    places: list[BoardPlace]


def statistics(user, player: Player) -> Statistics:
    """The confirmed ``player``'s per-game figures, head-to-head and all-time leaderboard places,
    over the nights ``user`` sees (a query per game the player has finished, and two more)."""
    lines = stats.player_games(player)
    places = []
    for line in lines:
        ranked = stats.leaderboard(user, line.game, "all").ranked
        place = next((place for place, other in ranked if other.player.pk == player.pk), None)
        if place is not None:
            places.append(BoardPlace(line.game, line.game_label, place, len(ranked)))
    return Statistics(player, lines, stats.overall(lines), stats.head_to_head(player), places)
