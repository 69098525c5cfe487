"""What the walls and screens of a club night show: the TV page and the prints read a club night into plain data.

One function, :func:`club_show`, reads a :class:`~companion.clubs.models.ClubNight` in a fixed number of
queries (the club, its entrants, its sittings with byes, tables, matches and seats) and returns frozen
values the templates only lay out. The standings are the services' (``companion.clubs.services.standings``,
which asks ``companion.clubs.standings`` once it is there): final over complete sittings, and, while a
sitting's tables still play, a provisional order with those tables as they stand, marked as such.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch

from companion.clubs import services
from companion.clubs.models import ClubNight, ClubTable, Sitting
from companion.models import Seat


@dataclass(frozen=True)
class SeatLine:
    """A player at a table, in seating order (``seat`` from 1), with the match's standings so far."""

    seat: int
    name: str
    total: int
    place: int
    won: bool
    deals_first: bool


@dataclass(frozen=True)
class TableShow:
    number: int
    match_pk: int
    seats: list[SeatLine]
    rounds: int
    finished: bool  # by the game's rules
    ended: bool  # by hand
    token: str = ""

    @property
    def done(self) -> bool:
        return self.finished or self.ended

    @property
    def by_place(self) -> list[SeatLine]:
        return sorted(self.seats, key=lambda line: (line.place, line.seat))

    @property
    def first_dealer(self) -> str:
        return self.seats[0].name if self.seats else ""


@dataclass(frozen=True)
class SittingShow:
    number: int
    mode: str
    seed: int
    tables: list[TableShow]
    byes: list[str]
    closed: bool

    @property
    def complete(self) -> bool:
        return all(table.done for table in self.tables)

    @property
    def started(self) -> bool:
        """A round was entered at some table: until then the seats are what the room needs to see."""
        return any(table.rounds or table.done for table in self.tables)

    @property
    def playing(self) -> int:
        return sum(1 for table in self.tables if not table.done)

    def table_of(self, name: str) -> TableShow | None:
        for table in self.tables:
            if any(line.name == name for line in table.seats):
                return table
        return None


@dataclass(frozen=True)
class RunLine:
    """One sitting on a player's run sheet: their table and seat, or a bye; None when not yet drawn."""

    sitting: int
    table: int | None
    seat: int | None
    bye: bool


@dataclass(frozen=True)
class RunSheet:
    name: str
    present: bool
    lines: list[RunLine]


@dataclass(frozen=True)
class ClubShow:
    club: ClubNight
    sittings: list[SittingShow]
    board: services.Board
    entrants: list[tuple[str, bool]] = field(default_factory=list)  # (name, present), in check-in order

    @property
    def latest(self) -> SittingShow | None:
        return self.sittings[-1] if self.sittings else None

    @property
    def columns(self) -> int:
        """How many sittings a run sheet lists: every drawn one, and the planned ones not drawn yet."""
        return max(len(self.sittings), self.club.planned_sittings or 0)

    def sitting(self, number: int) -> SittingShow | None:
        for sitting in self.sittings:
            if sitting.number == number:
                return sitting
        return None

    def run_sheets(self) -> list[RunSheet]:
        """Each entrant's table in every drawn sitting (planned sittings not drawn yet stay blank), by name."""
        sheets = []
        for name, present in sorted(self.entrants, key=lambda entrant: entrant[0].casefold()):
            lines = []
            for number in range(1, self.columns + 1):
                sitting = self.sitting(number)
                if sitting is None:
                    lines.append(RunLine(number, None, None, False))
                    continue
                table = sitting.table_of(name)
                seat = next((line.seat for line in table.seats if line.name == name), None) if table else None
                lines.append(RunLine(number, table.number if table else None, seat, name in sitting.byes))
            sheets.append(RunSheet(name, present, lines))
        return sheets


def _tables(sitting: Sitting, *, with_tokens: bool) -> list[TableShow]:
    tables = []
    for table in sitting.tables.all():
        match = table.match
        seats = list(match.seats.all())
        tables.append(
            TableShow(
                number=table.number,
                match_pk=match.pk,
                seats=[
                    SeatLine(
                        seat=index + 1,
                        name=seat.player.name,
                        total=seat.total,
                        place=seat.place,
                        won=seat.won,
                        deals_first=index == match.first_dealer,
                    )
                    for index, seat in enumerate(seats)
                ],
                rounds=match.round_count,
                finished=match.is_finished,
                ended=match.closed,
                token=table.token if with_tokens and table.link_revoked_at is None else "",
            )
        )
    return tables


def club_show(club: ClubNight, *, with_tokens: bool = False) -> ClubShow:
    """``club`` as the walls show it. ``with_tokens``: the table links' tokens too (the organiser's prints only)."""
    seats = Seat.objects.select_related("player").order_by("position")
    tables = ClubTable.objects.select_related("match").prefetch_related(
        Prefetch("match__seats", queryset=seats)
    )
    sittings = list(
        club.sittings.order_by("number").prefetch_related(
            "byes", Prefetch("tables", queryset=tables.order_by("number"))
        )
    )
    shown = [
        SittingShow(
            number=sitting.number,
            mode=sitting.mode,
            seed=sitting.seed,
            tables=_tables(sitting, with_tokens=with_tokens),
            byes=sorted((player.name for player in sitting.byes.all()), key=str.casefold),
            closed=sitting.closed_at is not None,
        )
        for sitting in sittings
    ]
    # Provisional while a round has been entered at a table of an open sitting; just after a draw
    # nothing differs from the standings over the complete sittings.
    playing = bool(shown) and not shown[-1].closed and not shown[-1].complete and shown[-1].started
    entrants = [(entrant.player.name, entrant.present) for entrant in club.entrants.select_related("player")]
    return ClubShow(
        club=club,
        sittings=shown,
        board=services.standings(club, provisional=playing),
        entrants=entrants,
    )
