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

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from companion.models import Player, PlayerLink


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
