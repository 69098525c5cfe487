"""A club night's standings from the database: the rows as ``scoring.club`` reads them.

The organiser's screen, the TV page, the prints and the night file call this module; the
rules themselves (table points, results, drop worst, shared places) are ``scoring/club.py``'s.
It reads the seats' derived columns (``Seat.place``, ``Seat.score``, ``Match.finished_at``,
``Match.round_count``: rewritten with every change of a match's rounds, see
``companion.standings``), never the rounds, in five queries whatever the size of the night:
the entrants, then the sittings with their byes, tables, matches and seats
(``Sitting.objects.with_results()``).

API:

* :func:`club_of` ``(club_night) -> scoring.club.Club``: the whole night as the rules see it
  (entrants in check-in order, ``departed`` those who left, each sitting's tables with an
  :class:`scoring.club.Outcome` per table whose match has a round); pass it to
  ``scoring.club.next_sitting`` to draw the next sitting.
* :func:`final_standings` ``(club_night) -> list[scoring.club.Standing]``: over complete sittings.
* :func:`provisional_standings` ``(club_night) -> list[Standing]``: tables still playing counted
  as they stand (mark them as provisional where shown).
* :func:`both_standings` ``(club_night) -> ClubStandings``: both from one read, for a screen
  that shows the two.
* :func:`table_outcome` ``(match) -> Outcome | None``: one table's match (seats loaded).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.clubs.models import ClubNight, Sitting
from companion.models import Match
from scoring import club as rules
from scoring.registry import get_engine


def table_outcome(match: Match) -> rules.Outcome | None:
    """The places, results and finish of a table's match from its seats; None before its first round.

    A result is ``Seat.score`` (the total minus the starting total), negated where the lowest
    total wins, so that a higher result is always better (spec "Results across tables").
    """
    if match.round_count == 0 and match.finished_at is None:
        return None
    seats = sorted(match.seats.all(), key=lambda seat: seat.position)
    sign = rules.result_sign(get_engine(match.game), match.options)
    return rules.Outcome(
        places={seat.player.name: seat.place for seat in seats},
        results={seat.player.name: sign * seat.score for seat in seats},
        finished=match.finished_at is not None,
    )


def _sitting(sitting: Sitting) -> rules.Sitting:
    tables = []
    for table in sitting.tables.all():
        seats = sorted(table.match.seats.all(), key=lambda seat: seat.position)
        tables.append(
            rules.Table(
                number=table.number,
                players=tuple(seat.player.name for seat in seats),
                outcome=table_outcome(table.match),
            )
        )
    return rules.Sitting(
        number=sitting.number,
        tables=tuple(tables),
        byes=tuple(sorted(player.name for player in sitting.byes.all())),
        seed=sitting.seed,
        mode=sitting.mode,
    )


def club_of(club_night: ClubNight) -> rules.Club:
    """The club night as ``scoring.club`` reads it (five queries)."""
    entrants = list(club_night.entrants.select_related("player").order_by("checked_in_at", "pk"))
    sittings = Sitting.objects.filter(club=club_night).with_results()
    return rules.Club(
        game=club_night.game,
        table_size=club_night.table_size,
        options=dict(club_night.options),
        smaller_tables=club_night.smaller_tables,
        ranking=club_night.ranking,
        drop_worst=club_night.drop_worst,
        entrants=tuple(entrant.player.name for entrant in entrants),
        departed=tuple(entrant.player.name for entrant in entrants if entrant.left_at is not None),
        sittings=tuple(_sitting(sitting) for sitting in sittings),
        planned_sittings=club_night.planned_sittings,
    )


def final_standings(club_night: ClubNight) -> list[rules.Standing]:
    """Every entrant, best place first, over the complete sittings (spec "Standings")."""
    return rules.standings(club_of(club_night))


def provisional_standings(club_night: ClubNight) -> list[rules.Standing]:
    """As :func:`final_standings`, counting the tables still playing as they stand now."""
    return rules.standings(club_of(club_night), provisional=True)


@dataclass(frozen=True)
class ClubStandings:
    """Both orders of one moment; ``running`` when some table of the last sitting still plays."""

    club: rules.Club
    final: list[rules.Standing]
    provisional: list[rules.Standing]

    @property
    def running(self) -> bool:
        return bool(self.club.sittings) and not self.club.sittings[-1].complete


def both_standings(club_night: ClubNight) -> ClubStandings:
    """The final and the provisional standings from one read of the database."""
    club = club_of(club_night)
    return ClubStandings(club, rules.standings(club), rules.standings(club, provisional=True))
