"""The review work of a change, off the request: ratings, records and partnerships, run as tasks.

The change unit (``companion.play.rounds``) calls :func:`after_change` in its transaction once it
has folded the match. When the match is finished, or was, the records and partnerships of that
match are computed there from the standings the save already has (no second fold; a few
dictionaries), and handed with the match to :func:`review_match`, a task of Django's Tasks
framework (the ``django-tasks`` backport, ``settings.TASKS``). With the database backend the task
is a row written in the change's own transaction: it exists exactly when the change was stored,
and the worker (``manage.py db_worker``, started by ``make run`` and ``make serve``) runs it after
the commit. The tests run tasks at once (the immediate backend, ``tests/fixtures.py``).

Re-rating from an old match onward (an edit, an end or resumption, a night moved to another date)
can touch thousands of matches: :func:`companion.review.ratings.rate` computes outside any
transaction and writes in small ones, so the other tables' saves interleave with it on SQLite.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django_tasks import task

from companion.models import GameNight, Match, Seat
from companion.review import ratings
from companion.review.models import Feat, Partnership
from scoring.base import Standings

DATABASE_BACKEND = "django_tasks_db.DatabaseBackend"


def after_change(match: Match, result: Standings, *, finished_before: bool) -> None:
    """Hand the review work of a change of ``match`` to the worker (nothing when it was and is in play).

    ``match`` is locked, with its seats (their new derived columns) and rounds loaded; ``result``
    is its fold after the change. Called by the change unit only.
    """
    if not finished_before and not result.finished:
        return  # in play before and after: nothing to rate (the path of every ordinary round)
    feats, partnerships = ratings.facts(match, result)
    review_match.enqueue(
        match.pk,
        owner_id=match.night.owner_id,
        feats=[[feat.seat_id, feat.kind, feat.value, feat.rank] for feat in feats],
        partnerships=[[p.player_id, p.partner_id, p.bids, p.made] for p in partnerships],
    )


@task()
def review_match(match_id: int, *, owner_id: int, feats: list, partnerships: list) -> None:
    """Store the records and partnerships of one match as its change computed them, and rate again
    from it onward when its places changed (the seats as stored now: the latest change's)."""
    match = Match.objects.select_related("night").filter(pk=match_id).first()
    if match is None:
        return  # deleted since: the deletion re-rated (_match_deleted)
    ratings.store_facts(
        match,
        [Feat(seat_id=seat, kind=kind, value=value, rank=rank) for seat, kind, value, rank in feats],
        [
            Partnership(match=match, player_id=player, partner_id=partner, bids=bids, made=made)
            for player, partner, bids, made in partnerships
        ],
    )
    now = set()
    if match.finished_at is not None:
        now = set(Seat.objects.filter(match=match).values_list("player_id", "place", "won"))
    if now != ratings.rated_places(match):
        ratings.rate(owner_id, since=match)


@task()
def rate_from(*, owner_id: int, date: str) -> None:
    """Rate an owner's matches again from the nights of ``date`` (ISO) on: a night moved, matches deleted."""
    ratings.rate_from_date(owner_id, datetime.date.fromisoformat(date))


def night_moved(night: GameNight, before: datetime.date) -> None:
    """A night's date changed: its matches moved in the playing order, the ratings from there on change.

    Called by the night's edit (``companion.nights.services``) in its transaction.
    """
    if night.date != before and Match.objects.filter(night=night, finished_at__isnull=False).exists():
        rate_from.enqueue(owner_id=night.owner_id, date=min(before, night.date).isoformat())


def tasks_wait() -> bool:
    """Whether tasks wait for the worker (the database backend), rather than run at once."""
    return settings.TASKS["default"]["BACKEND"] == DATABASE_BACKEND


def brought_up_to_date(owner_ids) -> bool:
    """Whether ratings of any of these owners are being brought up to date (a review task waits or runs)."""
    if not tasks_wait():
        return False  # tasks run at once: nothing ever waits
    from django_tasks.base import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    waiting = DBTaskResult.objects.filter(
        status__in=[TaskResultStatus.READY, TaskResultStatus.RUNNING],
        task_path__in=[review_match.module_path, rate_from.module_path],
    )
    owner_ids = list(owner_ids)
    return any(
        (args_kwargs or {}).get("kwargs", {}).get("owner_id") in owner_ids
        for args_kwargs in waiting.values_list("args_kwargs", flat=True)[:200]
    )


# --- deletions -------------------------------------------------------------------
# A finished match deleted (alone or with its night) changes the ratings from its night on; no
# change unit runs for a deletion (the admin, a night deleted), so a receiver hands it to a task.

# Owners whose ratings wait for a deletion to be stored, with the earliest night date it touched.
_after_deletion: dict[int, datetime.date] = {}


@receiver(post_delete, sender=Match)
def _match_deleted(sender, instance: Match, **kwargs) -> None:
    """A finished match removed (alone or with its night): the ratings from its night on are recomputed
    by :func:`rate_from` once the deletion is stored, once per owner however many matches went."""
    if instance.is_finished:
        night = GameNight.objects.filter(pk=instance.night_id).values_list("owner_id", "date").first()
        if night is not None:
            _rate_after_deletion(*night)


def _rate_after_deletion(owner_id: int, date: datetime.date) -> None:
    _after_deletion[owner_id] = min(date, _after_deletion.get(owner_id, date))
    transaction.on_commit(lambda: _flush(owner_id))


def _flush(owner_id: int) -> None:
    date = _after_deletion.pop(owner_id, None)
    if date is None:
        return  # an earlier callback of the same deletion did it
    rate_from.enqueue(owner_id=owner_id, date=date.isoformat())
