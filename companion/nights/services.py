"""Changing a night itself: its edit, the history that records it and the re-rating it asks for."""

from __future__ import annotations

import datetime

from django.db import transaction

from companion.models import GameNight
from companion.nights import history
from companion.review import tasks as review_tasks


@transaction.atomic
def save_edit(form, user, *, before: dict[str, str], date_before: datetime.date) -> GameNight:
    """Store a valid night form, record what it changed, and (a new date) have the ratings follow.

    ``before``: the night's recorded fields as read before the form was bound
    (``history.snapshot``), ``date_before`` its date then. A night moved to another date moves
    its matches in the playing order: the owner's ratings from the earlier of the two dates on
    are recomputed by a task, after the answer (``companion.review.tasks.night_moved``).
    """
    night: GameNight = form.save()
    history.record_edit(night, before, user)
    review_tasks.night_moved(night, date_before)
    return night
