"""Rivals and partners on the player page: the nemesis, the favourite opponent, the usual partner.

The rivals come from the head-to-head sums (``companion.review.stats.head_to_head``,
no further query); only opponents met in at least :data:`MEETINGS` finished
matches count, so one lucky evening makes nobody a nemesis. The partner comes
from the bids played together (``companion.review.models.Partnership``, kept by
``companion.review.ratings`` for games whose parts name partnerships: Anrufen).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Sum

from companion.models import Player
from companion.review.models import Partnership
from companion.review.stats import Period, Rival

MEETINGS = 3  # finished matches together (or bids together) before a rival or partner counts


@dataclass(frozen=True)
class Rivals:
    nemesis: Rival | None  # placed better than the player most often
    favourite: Rival | None  # the player placed better than them most often


def rivals(head_to_head: Sequence[Rival]) -> Rivals:
    """The nemesis and the favourite opponent among those met at least :data:`MEETINGS` times.

    Ties go to the rival met more often, then by name; nobody who never finished ahead
    (or behind) is named.
    """
    met = [rival for rival in head_to_head if rival.together >= MEETINGS]
    nemesis = max(
        met, key=lambda r: (r.behind, r.behind / r.together, r.together, _desc(r.name)), default=None
    )
    favourite = max(
        met, key=lambda r: (r.ahead, r.ahead / r.together, r.together, _desc(r.name)), default=None
    )
    return Rivals(
        nemesis if nemesis and nemesis.behind else None,
        favourite if favourite and favourite.ahead else None,
    )


def _desc(name: str) -> tuple[int, ...]:
    """A key under which ``max`` prefers the alphabetically first name."""
    return tuple(-ord(char) for char in name.lower())


@dataclass(frozen=True)
class Partner:
    player_id: int
    name: str
    bids: int
    made: int

    @property
    def success_rate(self) -> float:
        return self.made / self.bids if self.bids else 0.0


def partner(player: Player, within: Period | None = None) -> Partner | None:
    """The player they played most bids together with (at least :data:`MEETINGS`), and how often they made them."""
    rows = Partnership.objects.filter(player=player, match__finished_at__isnull=False)
    if within is not None:
        if within.start is not None:
            rows = rows.filter(match__night__date__gte=within.start)
        if within.end is not None:
            rows = rows.filter(match__night__date__lt=within.end)
    row = (
        rows.values("partner", "partner__name")
        .annotate(bids_sum=Sum("bids"), made_sum=Sum("made"))
        .filter(bids_sum__gte=MEETINGS)
        .order_by("-bids_sum", "-made_sum", "partner__name")
        .first()
    )
    if row is None:
        return None
    return Partner(row["partner"], row["partner__name"], row["bids_sum"], row["made_sum"])
