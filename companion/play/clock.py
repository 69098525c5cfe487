"""The match clock: when a match started and ended, its breaks, and how long it took.

A match starts when it is created (``Match.started_at``) and ends when the
engine says it is over or the table ends it (``Match.finished_at``, kept by
``companion.standings.refresh``). A break (Pause, then Resume on the match
page) does not count: ``paused_seconds`` holds the breaks taken, and
``paused_at`` says since when the match is on a break. A match that ends while
on a break counts the break up to its end.

The clock is not part of the scoreboard: a pause or a note writes no new match
version, and the cached scoreboard stays as it is.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from companion.models import Match


@dataclass(frozen=True)
class Clock:
    started_at: datetime.datetime
    ended_at: datetime.datetime | None
    paused_since: datetime.datetime | None  # on a break now (only while the match is played)
    played: datetime.timedelta  # without the breaks
    breaks: datetime.timedelta

    @property
    def running(self) -> bool:
        return self.ended_at is None

    @property
    def has_breaks(self) -> bool:
        """A break of a minute or more (the durations are said in whole minutes)."""
        return self.breaks >= datetime.timedelta(minutes=1)

    @property
    def played_text(self) -> str:
        return duration_text(self.played)

    @property
    def breaks_text(self) -> str:
        return duration_text(self.breaks)


def breaks(match: Match, until: datetime.datetime) -> datetime.timedelta:
    """The breaks taken up to ``until``, the one going on included."""
    taken = datetime.timedelta(seconds=match.paused_seconds)
    if match.paused_at is not None and match.paused_at < until:
        taken += until - match.paused_at
    return taken


def played(match: Match, now: datetime.datetime | None = None) -> datetime.timedelta:
    """How long the match has been played, or took: from start to end (or now), without the breaks."""
    end = match.finished_at or now or timezone.now()
    return max(end - match.started_at - breaks(match, end), datetime.timedelta(0))


def clock(match: Match, now: datetime.datetime | None = None) -> Clock:
    end = match.finished_at or now or timezone.now()
    return Clock(
        started_at=match.started_at,
        ended_at=match.finished_at,
        paused_since=match.paused_at if match.finished_at is None else None,
        played=played(match, end),
        breaks=breaks(match, end),
    )


def duration_text(length: datetime.timedelta) -> str:
    """A duration as a table says it: "42 min", "1 h 05 min" (whole minutes, rounded down)."""
    minutes = int(length.total_seconds()) // 60
    if minutes < 60:
        return _("%(minutes)d min") % {"minutes": minutes}
    return _("%(hours)d h %(minutes)02d min") % {"hours": minutes // 60, "minutes": minutes % 60}


class ClockError(ValueError):
    """A pause or resume that cannot be; ``message`` is one sentence for the page."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@transaction.atomic
def pause(match: Match, now: datetime.datetime | None = None) -> None:
    """Start a break; pausing a match on a break already changes nothing."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.finished_at is not None:
        raise ClockError(_("The match is over: there is no clock to pause."))
    if match.paused_at is None:
        Match.objects.filter(pk=match.pk).update(paused_at=now or timezone.now())


@transaction.atomic
def resume(match: Match, now: datetime.datetime | None = None) -> None:
    """End the break: its length joins the breaks taken. A match not on a break changes nothing."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.paused_at is None:
        return
    # A match that ended on a break counts the break up to its end, not up to now.
    end = match.finished_at or now or timezone.now()
    taken = max(int((end - match.paused_at).total_seconds()), 0)
    Match.objects.filter(pk=match.pk).update(paused_at=None, paused_seconds=match.paused_seconds + taken)
