"""Between the database and the engines: a match's file, its standings, its derived rows.

Standings are always computed from the rounds. The few derived columns kept
for speed (``Seat.total``, ``Seat.won``, ``Match.finished_at``,
``Match.round_count``) are rewritten by :func:`refresh` in the same
transaction as every change to a match's rounds, and for all matches by
``manage.py rebuild_standings``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from companion.models import Match, Seat
from scoring.base import Standings
from scoring.matchfile import MatchFile, with_first_dealer


def seats_of(match: Match) -> list[Seat]:
    """Seats in clockwise order, using a prefetch when the caller made one."""
    return sorted(match.seats.all(), key=lambda seat: seat.position)


def match_file(match: Match, rounds: Sequence[Mapping[str, Any]] | None = None) -> MatchFile:
    """The match as a match file; ``rounds`` replaces the stored ones (for checking a change)."""
    players = [seat.player.name for seat in seats_of(match)]
    if rounds is None:
        rounds = [r.entry for r in sorted(match.rounds.all(), key=lambda r: r.number)]
    options = with_first_dealer(match.options, players, match.first_dealer)
    return MatchFile(match.game, players, options, [dict(entry) for entry in rounds])


def standings(match: Match, rounds: Sequence[Mapping[str, Any]] | None = None) -> Standings:
    return match_file(match, rounds).score(closed=match.closed)


@transaction.atomic
def refresh(match: Match, result: Standings | None = None) -> Standings:
    """Rewrite the derived columns of ``match`` from its rounds; returns the standings."""
    result = result or standings(match)
    seats = seats_of(match)
    for seat in seats:
        seat.total = result.totals[seat.player.name]
        seat.won = seat.player.name in result.winners
    Seat.objects.bulk_update(seats, ["total", "won"])
    if result.finished and match.finished_at is None:
        match.finished_at = timezone.now()
    elif not result.finished:
        match.finished_at = None
    match.round_count = len(result.rounds)
    match.save(update_fields=["finished_at", "round_count"])
    return result
