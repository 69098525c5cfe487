"""Between the database and the engines: a match's file, its standings, its derived rows.

Standings are always computed from the rounds. The few derived columns kept
for speed (``Seat.total``, ``Seat.won``, ``Seat.place``, ``Seat.score``,
``Match.finished_at``, ``Match.round_count``) are rewritten by :func:`refresh`
in the same transaction as every change to a match's rounds, and for all
matches by ``manage.py rebuild_standings``. The review pages aggregate these
columns in the database (``companion.review.stats``) and never fold rounds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone

from companion.games import registry
from companion.models import Match, Seat
from scoring.base import ScoringError, Standings
from scoring.matchfile import MatchFile, with_first_dealer

SECONDS = 6 * 3600  # versions keep it correct; the timeout only frees memory


@dataclass(frozen=True)
class SeatResult:
    """What a seat keeps of the standings: see ``Seat`` for the meaning of each field."""

    total: int
    won: bool
    place: int
    score: int


def seat_results(result: Standings) -> dict[str, SeatResult]:
    """Each player's derived columns from the standings (pure: the seeding and tests use it too).

    The place is the engine's (``Standings.places``): higher totals first, lower ones
    where the house rules say the lowest wins; equal totals share the better place
    (10, 7, 7, 3 → places 1, 2, 2, 4). A game whose totals start above zero
    (Anrufen: the starting chips) scores the difference: tokens won or lost.
    """
    start = registry.get(result.game).start_total(result.options)
    totals = result.totals
    return {
        name: SeatResult(
            total=totals[name],
            won=name in result.winners,
            place=result.places[name],
            score=totals[name] - start,
        )
        for name in result.players
    }


def seats_of(match: Match) -> list[Seat]:
    """Seats in clockwise order, using a prefetch when the caller made one."""
    return sorted(match.seats.all(), key=lambda seat: seat.position)


def match_file(match: Match, rounds: Sequence[Mapping[str, Any]] | None = None) -> MatchFile:
    """The match as a match file; ``rounds`` replaces the stored ones (for checking a change)."""
    players = [seat.player.name for seat in seats_of(match)]
    if rounds is None:
        rounds = [r.entry for r in sorted(match.rounds.all(), key=lambda r: r.number)]
    options = with_first_dealer(match.options, players, match.first_dealer)
    return MatchFile(match.game, players, options, [dict(entry) for entry in rounds], ended=match.closed)


def standings(match: Match, rounds: Sequence[Mapping[str, Any]] | None = None) -> Standings:
    """The engine's fold of the match (of ``rounds`` when given: a change being checked).

    The seats' names were checked by the name rule when they were seated, so the engine
    replays them as they are; the house rules and every round are checked as always.
    """
    return match_file(match, rounds).replay(closed=match.closed)


def _cache_key(match: Match) -> str:
    return f"standings:{match.pk}:{match.version}"


def current(match: Match) -> Standings:
    """The standings of the match's stored rounds: kept per match version, folded once.

    A version names one state of the rounds, seats and house rules (``Match.version``,
    new at every change, in the same transaction), so the standings kept under it are
    the fold of exactly what ``match`` holds. ``match`` needs its seats and rounds loaded
    on a miss. Its row is read before its rounds, so what is kept under a version is at
    least as new as that version (as for the cached scoreboard), and a save reads both
    under the match's row lock.
    """
    result = cache.get(_cache_key(match))
    if result is None:
        result = standings(match)
        keep(match, result)
    return result


def keep(match: Match, result: Standings) -> None:
    """Remember ``result`` as the standings of ``match`` at its version (after a change: the new one).

    A change that is rolled back leaves its version in no row, so what is kept under it
    is never asked for.
    """
    cache.set(_cache_key(match), result, SECONDS)


@transaction.atomic(savepoint=False)  # within a change: part of its transaction, no savepoint
def refresh(match: Match, result: Standings | None = None, *, also: tuple[str, ...] = ()) -> Standings:
    """Rewrite the derived columns of ``match`` from its rounds; returns the standings.

    ``also``: more fields of ``match`` the change set, written in the same UPDATE.
    """
    result = result or standings(match)
    seats = seats_of(match)
    derived = seat_results(result)
    for seat in seats:
        mine = derived[seat.player.name]
        seat.total, seat.won, seat.place, seat.score = mine.total, mine.won, mine.place, mine.score
    _write_seats(seats)
    if result.finished and match.finished_at is None:
        match.finished_at = timezone.now()
    elif not result.finished:
        match.finished_at = None
    match.round_count = len(result.rounds)
    # The version as the change set it (a rebuild of the derived columns changes nothing shown).
    match.save(update_fields=["finished_at", "round_count", "version", *also])
    return result


def _write_seats(seats: list[Seat]) -> None:
    """One prepared UPDATE per seat, run as a batch.

    ``bulk_update`` builds a CASE expression per column and seat; on the save path
    building that cost more processor time than every other write of a round together.
    """
    table, quote = Seat._meta.db_table, connection.ops.quote_name
    columns = ", ".join(f"{quote(column)} = %s" for column in ("total", "won", "place", "score"))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {quote(table)} SET {columns} WHERE {quote('id')} = %s",  # names from the model
            [(seat.total, seat.won, seat.place, seat.score, seat.pk) for seat in seats],
        )


def differences(match: Match) -> list[str]:
    """Every derived column of ``match`` that is not what its rounds say (empty when all agree).

    ``match`` needs its seats, players and rounds loaded (``Match.objects.with_standings()``).
    """
    try:
        result = standings(match)
    except ScoringError as error:
        return [f"the rounds no longer score: {error}"]
    found = []
    derived = seat_results(result)
    for seat in seats_of(match):
        expected = derived[seat.player.name]
        for column in ("total", "won", "place", "score"):
            stored, computed = getattr(seat, column), getattr(expected, column)
            if stored != computed:
                found.append(f"{seat.player.name}'s {column} is {stored}, the rounds say {computed}")
    if match.is_finished != result.finished:
        found.append(f"stored as {'finished' if match.is_finished else 'in play'}, the rounds say otherwise")
    if match.round_count != len(result.rounds):
        found.append(f"round_count is {match.round_count}, there are {len(result.rounds)} rounds")
    return found
