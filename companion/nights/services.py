"""Changing a night itself: its edit, what it plays for (proposed by a member, answered by the owner),
the history that records it and the re-rating it asks for."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from companion.games import registry
from companion.models import GameNight, MoneyProposal, NightChange
from companion.nights import history
from companion.review import tasks as review_tasks
from scoring.base import ScoringError
from scoring.settlement import MOST_PRICE, clean_currency


class ProposalRefused(Exception):
    """An answer to a proposal that cannot be given; ``str()`` is the sentence to say. Nothing changed."""


@dataclass(frozen=True)
class Answer:
    accepted: bool
    proposer: str


@transaction.atomic
def save_edit(form, user, *, before: dict[str, str], date_before: datetime.date) -> GameNight:
    """Store a valid night form, record what it changed, and (a new date) have the ratings follow.

    ``before``: the night's recorded fields as read before the form was bound
    (``history.snapshot``), ``date_before`` its date then. A night moved to another date moves
    its matches in the playing order: the owner's ratings from the earlier of the two dates on
    are recomputed by a task, after the answer (``companion.review.tasks.night_moved``).

    A member's form carries no money for the night, only a proposal (``form.proposal``): kept
    for the owner, who accepts or declines it (:func:`accept_proposal`, :func:`decline_proposal`).
    """
    night: GameNight = form.save()
    _recorded(night, user, before, date_before)
    if form.proposal is not None:
        propose(night, user, *form.proposal)
    else:
        _drop_settled_proposal(night)
    return night


def _recorded(
    night: GameNight,
    user,
    before: dict[str, str],
    date_before: datetime.date,
    *,
    action=NightChange.Action.EDITED,
    proposer: str = "",
) -> None:
    """What every change of the night itself does after storing it: the history, and the ratings follow a new date."""
    history.record_edit(night, before, user, action=action, proposer=proposer)
    review_tasks.night_moved(night, date_before)


def propose(night: GameNight, user, currency: str, prices: dict[str, int]) -> MoneyProposal:
    """A member's proposal of what the night plays for; it replaces any older one (one decision)."""
    # A new row, not the old one updated: the owner's answer names the proposal it saw (its pk),
    # and one that was replaced meanwhile must not be answered unseen.
    MoneyProposal.objects.filter(night=night).delete()
    proposal = MoneyProposal.objects.create(night=night, proposed_by=user, currency=currency, prices=prices)
    history.record_money(night, NightChange.Action.PROPOSED, proposal, user)
    return proposal


def _drop_settled_proposal(night: GameNight) -> None:
    """The owner set exactly what was proposed: nothing is left to answer."""
    proposal = MoneyProposal.objects.filter(night=night).first()
    if proposal is not None and (proposal.currency, proposal.prices) == (night.currency, night.prices or {}):
        proposal.delete()


def pending(night: GameNight) -> MoneyProposal | None:
    """The proposal waiting on the night (loaded with it by ``access.get_night_for_user``: no query)."""
    try:
        return night.money_proposal
    except MoneyProposal.DoesNotExist:
        return None


def _locked(night: GameNight) -> GameNight:
    """The night's row, locked first as a member's edit locks it (by saving it) before its proposal:
    the same order, so an answer and a new proposal wait for each other and never deadlock."""
    return GameNight.objects.select_for_update().get(pk=night.pk)


def _answered(night: GameNight, proposal_pk) -> MoneyProposal:
    """The proposal the owner answers, locked; refused when another one waits now, or none."""
    proposal = (
        MoneyProposal.objects.select_for_update(of=("self",))
        .select_related("proposed_by")
        .filter(night=night)
        .first()
    )
    if proposal is None:
        raise ProposalRefused(_("No proposal waits any more: it was already answered."))
    if str(proposal.pk) != str(proposal_pk or "").strip():
        raise ProposalRefused(
            _("A newer proposal replaced the one you answered: nothing changed. Have a look at it first.")
        )
    return proposal


def _checked(proposal: MoneyProposal) -> tuple[str, dict[str, int]]:
    """The proposal's currency and prices, as the night form would accept them."""
    try:
        currency = clean_currency(proposal.currency)
    except ScoringError:
        raise ProposalRefused(_("This proposal has no valid currency: decline it.")) from None
    prices = proposal.prices if isinstance(proposal.prices, dict) else None
    if prices is None or any(key not in registry.GAMES for key in prices):
        raise ProposalRefused(_("This proposal names a game this site does not have: decline it."))
    if any(type(price) is not int or not 0 <= price <= MOST_PRICE for price in prices.values()):
        raise ProposalRefused(_("This proposal has a price this site does not take: decline it."))
    return currency, prices


@transaction.atomic
def accept_proposal(night: GameNight, user, proposal_pk) -> Answer:
    """The owner accepts the waiting proposal ``proposal_pk``: the night plays for it from now on.

    Stored and recorded as every change of the night is (:func:`_recorded`), as "accepted".
    """
    night = _locked(night)
    proposal = _answered(night, proposal_pk)
    currency, prices = _checked(proposal)
    before, date_before = history.snapshot(night), night.date
    night.currency, night.prices = currency, prices
    night.save(update_fields=["currency", "prices", "updated_at"])
    proposer = history.proposer_name(proposal)
    _recorded(night, user, before, date_before, action=NightChange.Action.ACCEPTED, proposer=proposer)
    proposal.delete()
    return Answer(accepted=True, proposer=proposer)


@transaction.atomic
def decline_proposal(night: GameNight, user, proposal_pk) -> Answer:
    """The owner declines the waiting proposal ``proposal_pk``: it goes, the night keeps what it plays for."""
    night = _locked(night)
    proposal = _answered(night, proposal_pk)
    history.record_money(night, NightChange.Action.DECLINED, proposal, user)
    proposal.delete()
    return Answer(accepted=False, proposer=history.proposer_name(proposal))
