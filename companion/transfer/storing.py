"""Import, second half: storing a checked game night file (:mod:`companion.transfer.reading`) in one short write.

* **A short write.** Everything, the derived standings columns included, is
  worked out before the transaction; the transaction then inserts the night,
  the new players, the matches, the seats and the rounds, one bulk insert per
  table. Even the largest file allowed holds SQLite's single write lock for a
  fraction of a second, so the other tables' saves do not wait for it. It is
  still one transaction: if the server dies half-way, nothing of the night is
  stored, and the file can simply be imported again.
* **Players by name.** Seats are matched to the importing owner's roster
  by the name rule (case and invisible characters aside); names not in the roster
  become new players. When the roster spells a name differently ("anna" for
  "Anna"), the rounds are rewritten to the roster's spelling (the engine
  checks them again), so the stored match is consistent.
* **Options** are stored cleaned (defaults filled in) without
  ``first_dealer``, which becomes the dealer's seat, exactly as
  ``create_match`` stores them. A file with partial options therefore exports
  with all of them; export, import and export again gives the same document.
* **Ended by the table** travels as the file's ``ended``: a match the table
  ended by hand exports ``"ended": true`` and imports as ended. Everything
  else (finished or not) follows from the rounds, as always.
* **When and what for**: a match's ``started_at``, ``ended_at`` (kept only for a
  finished match), breaks and notes, and the night's currency and prices, are
  stored as the file says; a file without them gets the time of the import. The
  file's ``settlement`` is not read: the night page computes it from the matches.
* **No history entries**: the imported rounds are the start of the match's
  history, entered by the importing user.
* **A club night** (the file's ``"club"`` object, checked by ``scoring.club.read_club``)
  is stored with the night: the club night's settings, its entrants (players of the roster
  like the seats; a departed one has left at the time of the import), every sitting with
  its seed and byes (a complete one closed), and every table linked to its imported match,
  each with a fresh table link (only its hash and seed are kept, as for share links). The
  file's ``"standings"`` are not read: they follow from the matches.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connections, router, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from companion import standings
from companion.clubs.models import ClubNight, ClubTable, Entrant, Sitting
from companion.lib import tokens
from companion.models import GameNight, Match, Player, Round, Seat
from companion.transfer.reading import MatchToImport, NightFileError, NightToImport, read_night
from scoring.base import Standings
from scoring.club import Club
from scoring.matchfile import MatchFile, renamed, with_first_dealer
from scoring.names import name_key


def import_night(data: Any, owner, user) -> GameNight:
    """Check the whole file, then store the night for ``owner``; raises :class:`NightFileError`."""
    night_file = read_night(data)
    try:
        return store_night(night_file, owner, user)
    except IntegrityError:
        # Another phone created one of the new players in the same moment.
        raise NightFileError(_("the players changed while importing: import the file again")) from None


@dataclass(frozen=True)
class PlannedMatch:
    """One match as it will be written: players from the roster, rounds in their spelling."""

    item: MatchToImport
    players: list[Player]
    rounds: list[dict[str, Any]]
    result: Standings


def store_night(night_file: NightToImport, owner, user) -> GameNight:
    """Store a checked night: all of it, or (on any failure) nothing.

    Everything is prepared before the transaction: the roster, the spellings, the
    standings, every model instance and the rounds' database values. The
    transaction checks that the roster players it uses are still there under the
    same names, then inserts each table at once (the rounds, by far the most rows,
    with one ``executemany``). So the write lock is held only for the inserts.
    """
    entered_by = user if getattr(user, "is_authenticated", False) else None
    club_names = night_file.club.entrants if night_file.club is not None else ()
    roster, new_players = _roster(
        owner, [*(name for item in night_file.matches for name in item.names), *club_names]
    )
    plan = [_plan_match(item, roster) for item in night_file.matches]
    used = {player.pk: player.name for planned in plan for player in planned.players if player.pk}
    used.update({roster[name_key(name)].pk: roster[name_key(name)].name for name in club_names})
    used.pop(None, None)
    now = timezone.now()
    matches = [
        Match(
            game=planned.item.game,
            first_dealer=planned.item.first_dealer,
            options=planned.item.options,
            closed=planned.item.ended,
            created_by=entered_by,
            round_count=len(planned.result.rounds),
            finished_at=(planned.item.info.ended_at or now) if planned.result.finished else None,
            started_at=planned.item.info.started_at or min(now, planned.item.info.ended_at or now),
            paused_seconds=planned.item.info.paused_seconds,
            notes=planned.item.info.notes,
        )
        for planned in plan
    ]
    seats = [seat for match, planned in zip(matches, plan, strict=True) for seat in _seats(match, planned)]
    rounds = _round_rows(plan, entered_by, now)
    with transaction.atomic():
        if dict(Player.objects.filter(owner=owner, pk__in=used).values_list("pk", "name")) != used:
            raise NightFileError(_("the players changed while importing: import the file again"))
        night = GameNight.objects.create(
            owner=owner,
            title=night_file.title,
            date=night_file.date,
            place=night_file.place,
            notes=night_file.notes,
            currency=night_file.currency,
            prices=night_file.prices,
        )
        Player.objects.bulk_create(new_players)
        for match in matches:
            match.night = night
        Match.objects.bulk_create(matches)
        Seat.objects.bulk_create(seats)  # their match and new players have their ids now
        _insert_rounds(matches, rounds)
        if night_file.club is not None:
            _store_club(night, night_file.club, matches, roster, now)
    return night


def _store_club(
    night: GameNight, club: Club, matches: Sequence[Match], roster: Mapping[str, Player], now
) -> None:
    """The club night of an imported file: settings, entrants, sittings with byes, tables with links."""
    club_night = ClubNight.objects.create(
        night=night,
        game=club.game,
        options=club.options,
        table_size=club.table_size,
        smaller_tables=club.smaller_tables,
        ranking=club.ranking,
        drop_worst=club.drop_worst,
        planned_sittings=club.planned_sittings,
    )
    departed = set(club.departed)
    # One check-in time for all: their order is the file's (the ids), as the export reads it.
    Entrant.objects.bulk_create(
        Entrant(
            club=club_night,
            player=roster[name_key(name)],
            checked_in_at=now,
            left_at=now if name in departed else None,
        )
        for name in club.entrants
    )
    sittings = Sitting.objects.bulk_create(
        Sitting(
            club=club_night,
            number=sitting.number,
            mode=sitting.mode,
            seed=sitting.seed,
            drawn_at=now,
            closed_at=now if sitting.complete else None,
        )
        for sitting in club.sittings
    )
    Sitting.byes.through.objects.bulk_create(
        Sitting.byes.through(sitting_id=row.pk, player_id=roster[name_key(name)].pk)
        for row, sitting in zip(sittings, club.sittings, strict=True)
        for name in sitting.byes
    )
    tables = []
    for row, sitting in zip(sittings, club.sittings, strict=True):
        for table in sitting.tables:
            _token, seed, digest = tokens.new_token(ClubTable.PURPOSE)
            tables.append(
                ClubTable(
                    sitting=row,
                    number=table.number,
                    match=matches[table.match],
                    token_hash=digest,
                    token_seed=seed,
                )
            )
    ClubTable.objects.bulk_create(tables)


ROUND_COLUMNS = ("match", "number", "entry", "entered_by", "entered_at", "updated_at")


def _round_rows(plan: Sequence[PlannedMatch], entered_by, now) -> list[tuple[int, tuple]]:
    """Each round as (the match's index in ``plan``, its other columns' database values)."""
    connection = connections[router.db_for_write(Round)]
    entry = Round._meta.get_field("entry")
    stamp = Round._meta.get_field("entered_at").get_db_prep_save(now, connection)
    user_id = entered_by.pk if entered_by is not None else None
    return [
        (index, (number, entry.get_db_prep_save(values, connection), user_id, stamp, stamp))
        for index, planned in enumerate(plan)
        for number, values in enumerate(planned.rounds, start=1)
    ]


def _insert_rounds(matches: Sequence[Match], rows: list[tuple[int, tuple]]) -> None:
    """One INSERT, many rows: what bulk_create does, without preparing values inside the transaction."""
    connection = connections[router.db_for_write(Round)]
    columns = ", ".join(
        connection.ops.quote_name(Round._meta.get_field(name).column) for name in ROUND_COLUMNS
    )
    sql = (
        f"INSERT INTO {connection.ops.quote_name(Round._meta.db_table)} ({columns}) "
        f"VALUES ({', '.join(['%s'] * len(ROUND_COLUMNS))})"
    )
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(matches[index].pk, *values) for index, values in rows])


def _plan_match(item: MatchToImport, roster: Mapping[str, Player]) -> PlannedMatch:
    players = [roster[name_key(name)] for name in item.names]
    rounds, result = item.rounds, item.result
    spelling = {
        name: player.name for name, player in zip(item.names, players, strict=True) if name != player.name
    }
    if spelling:
        seats = [player.name for player in players]
        rounds = [renamed(item.game, entry, spelling) for entry in rounds]
        options = with_first_dealer(item.options, seats, item.first_dealer)
        result = MatchFile(item.game, seats, options, rounds, ended=item.ended).score()
    return PlannedMatch(item, players, rounds, result)


def _seats(match: Match, planned: PlannedMatch) -> list[Seat]:
    """The seats with their derived columns, as ``standings.refresh`` would write them."""
    derived = standings.seat_results(planned.result)
    seats = []
    for position, player in enumerate(planned.players):
        mine = derived[player.name]
        seats.append(
            Seat(
                match=match,
                player=player,
                position=position,
                total=mine.total,
                won=mine.won,
                place=mine.place,
                score=mine.score,
            )
        )
    return seats


def _roster(owner, names: Iterable[str]) -> tuple[dict[str, Player], list[Player]]:
    """The owner's players by :func:`name_key`, with the missing ones made (not saved yet).

    Compared in Python by the name rule: "anna" and "An\\u200bna" are the roster's "Anna".
    """
    roster = {name_key(player.name): player for player in Player.objects.filter(owner=owner)}
    new: dict[str, Player] = {}
    for name in names:
        key = name_key(name)
        if key not in roster and key not in new:
            new[key] = Player(owner=owner, name=name)
    roster.update(new)
    return roster, list(new.values())
