"""Invites and memberships: making, revoking and accepting an invite; removing a member, leaving.

An invite is a link like a share link (the same kind of token, ``companion.lib.tokens``,
and QR code, ``companion.sharing.services.qr_svg``), but it grants
nothing by being opened. Only :func:`accept`, called when the person taps
"Join", makes a membership: consent is that tap, not the click on a link
somebody forwarded. Accepting locks the invite's row, so a single-use invite
opened on two phones at once admits one of them. An invite admits each account
once (``InviteUse``): a member who was removed, or left, needs a new invite, made
after that (``MembershipEnd``): an older one, even one they never used, does not admit them.
The database holds each token's hash only (``companion.lib.tokens``).
"""

from __future__ import annotations

import datetime

from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from companion.lib import tokens
from companion.models import GameNight, Invite, InviteUse, Membership, MembershipEnd

# How long a new invite works: the choices the owner picks from (hours).
LIFETIMES = {
    1: _("1 hour"),
    24: _("1 day"),
    24 * 7: _("1 week"),
    24 * 30: _("30 days"),
}
DEFAULT_LIFETIME = 24


class InviteError(Exception):
    """An invite that cannot be accepted (any more), with the sentence to show."""

    def __init__(self, message: str, *, state: str | None = None):
        super().__init__(message)
        self.message = message
        self.state = state


def create(night: GameNight, *, user, hours: int, single_use: bool) -> Invite:
    if hours not in LIFETIMES:
        raise ValueError(f"unknown lifetime {hours!r}")
    _token, seed, digest = tokens.new_token(Invite.PURPOSE)
    return Invite.objects.create(
        night=night,
        token_hash=digest,
        token_seed=seed,
        created_by=user,
        expires_at=timezone.now() + datetime.timedelta(hours=hours),
        single_use=single_use,
    )


def active(night: GameNight) -> QuerySet[Invite]:
    """The invites of ``night`` that still work, newest first."""
    now = timezone.now()
    return (
        night.invites.filter(revoked_at__isnull=True, expires_at__gt=now)
        .exclude(single_use=True, uses__gte=1)
        .order_by("-created_at", "-pk")
    )


def revoke(night: GameNight, invite_pk: int) -> bool:
    """Stop an invite of ``night``; False when there is none such or it was already revoked."""
    return bool(night.invites.filter(pk=invite_pk, revoked_at__isnull=True).update(revoked_at=timezone.now()))


def find(token: str) -> Invite | None:
    """The invite behind ``token`` with its night and owner (one query), whatever its state."""
    return (
        Invite.objects.select_related("night", "night__owner")
        .filter(token_hash=tokens.token_hash(token))
        .first()
    )


def dead_message(invite: Invite | None) -> str:
    """The sentence for an invite that does not work; the caller checked that it does not."""
    if invite is None:
        return str(_("This invite link is not known. Check that the whole address was copied."))
    return str(
        {
            Invite.State.REVOKED: _("This invite was withdrawn by the night's owner."),
            Invite.State.EXPIRED: _("This invite has expired."),
            Invite.State.USED: _("This invite was for one person and has been used."),
        }[invite.state]
    )


def membership_of(night: GameNight, user) -> Membership | None:
    return night.memberships.filter(user=user).first() if user.is_authenticated else None


@transaction.atomic
def accept(token: str, user) -> Membership:
    """Make ``user`` a member of the invite's night: the one way anybody becomes a member.

    Raises InviteError (nothing changed) for an invite that does not work, the night's
    owner, or a member already (who keeps their membership as it was).
    """
    digest = tokens.token_hash(token)
    invite = Invite.objects.select_for_update().select_related("night").filter(token_hash=digest).first()
    if invite is None or invite.state != Invite.State.ACTIVE:
        raise InviteError(dead_message(invite), state=invite.state if invite else None)
    night = invite.night
    if night.owner_id == user.pk:
        raise InviteError(str(_("This is your own game night: you can already enter scores.")))
    if night.memberships.filter(user=user).exists():
        raise InviteError(str(_("You are already a member of this game night.")))
    if refusal := comeback_refusal(invite, user):
        raise InviteError(refusal)
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                night=night, user=user, via=Membership.Via.INVITE, invite=invite
            )
    except IntegrityError:  # the same person tapped twice on two phones
        raise InviteError(str(_("You are already a member of this game night."))) from None
    InviteUse.objects.create(invite=invite, user=user)
    Invite.objects.filter(pk=invite.pk).update(uses=F("uses") + 1)
    return membership


def used_before(invite: Invite, user) -> bool:
    """Whether ``user`` joined through ``invite`` before (and was removed or left since)."""
    return user.is_authenticated and InviteUse.objects.filter(invite=invite, user=user).exists()


def comeback_refusal(invite: Invite, user) -> str:
    """Why a former member may not come back through ``invite`` ("" when they may)."""
    if used_before(invite, user):
        return used_before_message()
    if user.is_authenticated and ended_since(invite, user):
        return str(
            _(
                "You are no longer a member of this game night, and this invite is older than that. "
                "To come back, ask the night's owner for a new invite."
            )
        )
    return ""


def ended_since(invite: Invite, user) -> bool:
    """Whether ``user``'s membership of the invite's night ended after the invite was made."""
    return MembershipEnd.objects.filter(
        night_id=invite.night_id, user_id=user.pk, ended_at__gte=invite.created_at
    ).exists()


def _ended(night: GameNight, user_pk: int) -> None:
    MembershipEnd.objects.update_or_create(
        night=night, user_id=user_pk, defaults={"ended_at": timezone.now()}
    )


def used_before_message() -> str:
    return str(
        _(
            "You were a member through this invite before. To come back, ask the night's owner for a new invite."
        )
    )


@transaction.atomic
def remove_member(night: GameNight, user_pk: int) -> bool:
    removed = bool(night.memberships.filter(user_id=user_pk).delete()[0])
    if removed:
        _ended(night, user_pk)
    return removed


@transaction.atomic
def leave(night: GameNight, user) -> bool:
    """A member leaves; the owner cannot leave their own night (False)."""
    if night.owner_id == user.pk:
        return False
    left = bool(night.memberships.filter(user=user).delete()[0])
    if left:
        _ended(night, user.pk)
    return left


def members(night: GameNight) -> QuerySet[Membership]:
    """The night's memberships with their accounts and invites, in the order people joined."""
    return night.memberships.select_related("user", "invite").order_by("joined_at", "pk")
