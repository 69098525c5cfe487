"""How long a game takes: the average duration of a finished match and of one of its rounds.

One aggregate query over the finished matches of one game in the nights the
viewer may see (and the leaderboard's period), whatever their number. A
match's duration is the match clock's (``companion.play.clock``): from its start
to its end, without the breaks. Matches with no time between start and end
(imported from files written before matches kept their clock) are left out.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, DurationField, ExpressionWrapper, F, Sum
from django.utils.translation import gettext as _

from companion.access import nights_for
from companion.models import Match
from companion.play.clock import duration_text
from companion.review.stats import Period


@dataclass(frozen=True)
class Durations:
    matches: int  # finished matches with a time
    per_match: datetime.timedelta | None
    per_round: datetime.timedelta | None

    @property
    def per_match_text(self) -> str:
        return average_text(self.per_match) if self.per_match is not None else ""

    @property
    def per_round_text(self) -> str:
        return average_text(self.per_round) if self.per_round is not None else ""


def average_text(length: datetime.timedelta) -> str:
    """An average as the clock says it; below a minute "under 1 min" ("takes 0 min" said nothing)."""
    if length < datetime.timedelta(minutes=1):
        return _("under 1 min")
    return duration_text(length)


def average_durations(user: AbstractBaseUser, game: str, within: Period | None = None) -> Durations:
    """How long a finished match of ``game`` and one of its rounds take on average, breaks left out,
    over the nights ``user`` may see (within a period of the review pages when given)."""
    matches = Match.objects.filter(
        game=game, finished_at__isnull=False, finished_at__gt=F("started_at"), night__in=nights_for(user)
    )
    if within is not None and within.start is not None:
        matches = matches.filter(night__date__gte=within.start)
    if within is not None and within.end is not None:
        matches = matches.filter(night__date__lt=within.end)
    sums = matches.aggregate(
        count=Count("pk"),
        elapsed=Sum(ExpressionWrapper(F("finished_at") - F("started_at"), output_field=DurationField())),
        paused=Sum("paused_seconds"),
        rounds=Sum("round_count"),
    )
    if not sums["count"]:
        return Durations(0, None, None)
    played = max(sums["elapsed"] - datetime.timedelta(seconds=sums["paused"] or 0), datetime.timedelta(0))
    rounds = sums["rounds"] or 0
    return Durations(sums["count"], played / sums["count"], played / rounds if rounds else None)
