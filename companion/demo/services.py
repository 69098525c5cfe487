"""Demo nights for an account, from the start page (``nights.views.demo_nights``) or ``manage.py seed_demo``."""

from __future__ import annotations

import random

from companion.demo.store import Seeded, seed
from companion.review import ratings

DEMO_NIGHTS = 20  # as seed_demo adds by default: enough for leaderboards, records and charts to say something


def add_demo_nights(owner, count: int = DEMO_NIGHTS, rng: random.Random | None = None) -> Seeded:
    """``count`` demo nights for ``owner``, rated: they are stored in bulk, past the signals that rate matches."""
    seeded = seed(owner, count, rng or random.Random())
    ratings.rebuild(owner.pk)
    return seeded
