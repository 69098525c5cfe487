"""Export and import: a match as its match file, a night as JSON, the rounds as CSV.

The documents are those of docs/match-format.md: a match is exactly its match file
(written by :func:`companion.play.standings.match_file`, so serialisation lives in
one place) and a night is ``{"game_night": {...}, "matches": [match, ...]}``.

Decisions:

* **Import checks everything first.** :func:`read_night` reads the whole file
  without touching the database: the night's fields, then every match through
  ``scoring.matchfile.read_match`` and its engine, then the checks a new match
  gets in the app (``companion.play.setup.check_setup``: tidy names, at most 40
  characters, nobody seated twice in another spelling). The first problem
  becomes one :class:`NightFileError` naming the match and the round
  (``match 2 (Murlan): round 5: Dora is missing from the order``). Only a
  file without any problem is stored, in one transaction
  (:func:`store_night`), so a failure half-way stores nothing either.
* **Bounded.** One file holds at most ``IMPORT_MAX_MATCHES`` matches,
  ``IMPORT_MAX_ROUNDS`` rounds and ``IMPORT_MAX_PLAYERS`` different players
  (settings.py); those are counted before anything else is read, so a huge
  file is refused at once with a sentence naming the limit.
* **A short write.** Everything, the derived standings columns included, is
  worked out before the transaction; the transaction then inserts the night,
  the new players, the matches, the seats and the rounds, one bulk insert per
  table. Even the largest file allowed holds SQLite's single write lock for a
  fraction of a second, so the other tables' saves do not wait for it. It is
  still one transaction: if the server dies half-way, nothing of the night is
  stored, and the file can simply be imported again.
* **Names and titles follow the name rule** (``scoring/names.py``): player
  names through the engine, the night's title here. A NUL character
  (``\\u0000``) in the place or notes is refused too: PostgreSQL cannot store
  it, and SQLite must not store what PostgreSQL would refuse.
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
  ended by hand exports ``"ended": true`` and imports as ended, so export,
  import and export again gives the same document. Everything else (finished
  or not) follows from the rounds, as always.
* **No history entries**: the imported rounds are the start of the match's
  history, entered by the importing user.
* **CSV** has one row per round and player: the round, the player, what the
  round changed (``result``), the running ``total`` (Anrufen: the token
  balance, starting chips included) and one column of the game's own
  (``GameParts.csv_column``: Molotow the card points, Anrufen the player's
  role, Elfer raus! the hand, Murlan the place). Headers and values are data, not translated. A text cell that a
  spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``) gets a
  leading ``'``.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connections, router, transaction
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from companion.games import registry
from companion.i18n.errors import described, error_text
from companion.models import GameNight, Match, Player, Round, Seat
from companion.play import standings
from companion.play.setup import SetupError, check_setup
from scoring.base import FIRST_DEALER, ScoringError, Standings, quote
from scoring.matchfile import MatchFile, parse_json, read_match, renamed, with_first_dealer
from scoring.names import has_control, name_key, name_problem
from scoring.registry import ENGINES, get_engine

NIGHT_KEYS = ("game_night", "matches")
NIGHT_FIELDS = ("title", "date", "place", "notes")
TITLE_MAX = GameNight._meta.get_field("title").max_length
PLACE_MAX = GameNight._meta.get_field("place").max_length
CSV_HEADER = ("round", "player", "result", "total")
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class NightFileError(ValueError):
    """A game night file that cannot be imported; ``message`` is one sentence for the user."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# --- export -------------------------------------------------------------------


def match_document(match: Match) -> dict[str, Any]:
    """The match file of ``match`` (docs/match-format.md)."""
    return standings.match_file(match).to_json()


def night_matches(night: GameNight):
    """The night's matches in playing order, with seats, players and rounds in three queries."""
    return night.matches.in_playing_order().with_standings()


def night_document(night: GameNight) -> dict[str, Any]:
    return {
        "game_night": {
            "title": night.title,
            "date": night.date.isoformat(),
            "place": night.place,
            "notes": night.notes,
        },
        "matches": [match_document(match) for match in night_matches(night)],
    }


def dumps(document: Mapping[str, Any]) -> str:
    """JSON as people read it too: names as written (ü, not \\u00fc), indented."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _stem(night: GameNight) -> str:
    return f"{slugify(night.title) or 'game-night'}-{night.date.isoformat()}"


def night_filename(night: GameNight, extension: str) -> str:
    """``friday-cards-2026-11-27.json``: the title as a slug, and the date."""
    return f"{_stem(night)}.{extension}"


def match_filename(match: Match, extension: str) -> str:
    """``friday-cards-2026-11-27-murlan-12.csv``: the night's name, the game and the match's id."""
    return f"{_stem(match.night)}-{match.game}-{match.pk}.{extension}"


def attachment(filename: str) -> str:
    """The Content-Disposition header value of a download."""
    return content_disposition_header(True, filename)


def rounds_csv(match: Match) -> str:
    """One row per round and player: result of the round and running total."""
    match_file = standings.match_file(match)
    result = match_file.score(closed=match.closed)
    players = match_file.players
    # What every player had before the first round: 0, or the starting chips in Anrufen.
    running = {name: result.totals[name] - sum(r.deltas[name] for r in result.rounds) for name in players}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*CSV_HEADER, registry.get(match.game).csv_column])
    for entry, round_result in zip(match_file.rounds, result.rounds, strict=True):
        for name in players:
            running[name] += round_result.deltas[name]
            writer.writerow(
                [
                    round_result.number,
                    _cell(name),
                    round_result.deltas[name],
                    running[name],
                    round_detail(match.game, entry, name),
                ]
            )
    return out.getvalue()


def round_detail(game: str, entry: Mapping[str, Any], name: str) -> str | int:
    """The player's part of one round entry, for the CSV's last column (the game's ``csv_detail``)."""
    return registry.get(game).csv_detail(entry, name)


def _cell(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_START) else text


# --- import: reading ------------------------------------------------------------


@dataclass(frozen=True)
class MatchToImport:
    """One checked match of a file: seats as named in the file, options as stored."""

    game: str
    names: tuple[str, ...]
    first_dealer: int
    options: dict[str, Any]
    rounds: list[dict[str, Any]]
    result: Standings
    ended: bool = False


@dataclass(frozen=True)
class NightToImport:
    title: str
    date: datetime.date
    place: str
    notes: str
    matches: tuple[MatchToImport, ...]


def parse_night_file(content: bytes | str) -> Any:
    """The file's JSON, or a :class:`NightFileError` saying where the syntax breaks."""
    try:
        return parse_json(content)
    except ScoringError as error:
        raise NightFileError(error_text(error)) from None


def read_night(data: Any) -> NightToImport:
    """Check a whole game night file without touching the database."""
    if not isinstance(data, Mapping):
        raise NightFileError(
            _("a game night file is a JSON object with “game_night” and “matches”, not %(what)s")
            % {"what": described(data)}
        )
    if "game" in data and "players" in data and "game_night" not in data:
        raise NightFileError(
            _(
                "this is the file of one match, not of a game night: export the whole night from its "
                "page (“Download (JSON)”) and import that"
            )
        )
    _known_keys(data, NIGHT_KEYS, "file")
    for key in NIGHT_KEYS:
        if key not in data:
            raise NightFileError(_("the file has no “%(key)s”") % {"key": key})
    night = data["game_night"]
    if not isinstance(night, Mapping):
        raise NightFileError(_("“game_night” must be an object, not %(what)s") % {"what": described(night)})
    _known_keys(night, NIGHT_FIELDS, "night")
    matches = data["matches"]
    if not isinstance(matches, list):
        raise NightFileError(_("“matches” must be a list, not %(what)s") % {"what": described(matches)})
    check_size(matches)
    return NightToImport(
        title=_title(night),
        date=_date(night),
        place=_text(night, "place", PLACE_MAX),
        notes=_text(night, "notes"),
        matches=tuple(_read_match_at(number, raw) for number, raw in enumerate(matches, start=1)),
    )


def check_size(matches: list) -> None:
    """Refuse a file larger than one import may be, before any match is read.

    Counted on the raw file (cheap): the matches, the rounds of all of them, and the
    different player names (by the name rule), as far as they are lists and text.
    """
    most = settings.IMPORT_MAX_MATCHES
    if len(matches) > most:
        raise NightFileError(
            _(
                "the file has %(count)d matches, but one import takes at most %(max)d: "
                "split the night into several files"
            )
            % {"count": len(matches), "max": most}
        )
    raw_matches = [raw for raw in matches if isinstance(raw, Mapping)]
    rounds = sum(len(raw["rounds"]) for raw in raw_matches if isinstance(raw.get("rounds"), list))
    most = settings.IMPORT_MAX_ROUNDS
    if rounds > most:
        raise NightFileError(
            _(
                "the file's matches have %(count)d rounds in all, but one import takes at most %(max)d: "
                "split the night into several files"
            )
            % {"count": rounds, "max": most}
        )
    names = {
        name_key(name)
        for raw in raw_matches
        if isinstance(raw.get("players"), list)
        for name in raw["players"]
        if isinstance(name, str)
    }
    most = settings.IMPORT_MAX_PLAYERS
    if len(names) > most:
        raise NightFileError(
            _(
                "the file names %(count)d different players, but one import takes at most %(max)d: "
                "split the night into several files"
            )
            % {"count": len(names), "max": most}
        )


def read_import_match(raw: Any) -> MatchToImport:
    """One match of the file, checked as the engine and the match setup check it."""
    match_file = read_match(raw)
    result = match_file.score()
    engine = get_engine(match_file.game)
    names = tuple(match_file.players)
    first_dealer = names.index(result.options[FIRST_DEALER])
    try:
        setup = check_setup(engine, names, first_dealer, match_file.options)
    except SetupError as error:
        raise ScoringError(error.message) from None
    for name, tidy in zip(names, setup.names, strict=True):
        if name != tidy:
            raise ScoringError(
                _("the name “%(name)s” has extra spaces: write it as “%(tidy)s”")
                % {"name": name, "tidy": tidy}
            )
    return MatchToImport(
        game=engine.key,
        names=names,
        first_dealer=first_dealer,
        options=setup.options,
        rounds=[dict(entry) for entry in match_file.rounds],
        result=result,
        ended=match_file.ended,
    )


def _read_match_at(number: int, raw: Any) -> MatchToImport:
    try:
        return read_import_match(raw)
    except ScoringError as error:
        game = raw.get("game") if isinstance(raw, Mapping) else None
        if isinstance(game, str) and game in ENGINES:
            where = _("match %(number)d (%(game)s)") % {"number": number, "game": ENGINES[game].title}
        else:
            where = _("match %(number)d") % {"number": number}
        raise NightFileError(f"{where}: {error_text(error)}") from None


def _known_keys(data: Mapping, allowed: Sequence[str], where: str) -> None:
    """Refuse fields the format does not have, in the file (``where="file"``) or its game night."""
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        count = len(unknown)
        if where == "file":
            message = ngettext(
                "unknown field %(fields)s in the file", "unknown fields %(fields)s in the file", count
            )
        else:
            message = ngettext(
                "unknown field %(fields)s in the game night",
                "unknown fields %(fields)s in the game night",
                count,
            )
        raise NightFileError(message % {"fields": ", ".join(field_name(key) for key in unknown)})


def field_name(key: str) -> str:
    """A field of the file as a message names it, in the reader's quotation marks (“…”, «…»)."""
    return quote(key, pgettext("quotation marks around a field name", "“”"))


def _title(night: Mapping) -> str:
    title = night.get("title")
    if title is not None and not isinstance(title, str):
        raise NightFileError(
            _("the game night's %(field)s must be text, not %(what)s")
            % {"field": field_name("title"), "what": described(title)}
        )
    if not isinstance(title, str) or not title.strip():
        raise NightFileError(_("the game night needs a title"))
    title = title.strip()
    # A title follows the name rule (scoring/names.py, docs/match-format.md): no control
    # character (NUL, which PostgreSQL cannot store, included) and something visible.
    problem = name_problem(title)
    if problem is not None and problem.code == "name.control":
        raise NightFileError(_("the game night's title holds a control character such as a line break"))
    if problem is not None:
        raise NightFileError(_("the game night needs a title with a visible character"))
    if len(title) > TITLE_MAX:
        raise NightFileError(
            _("the game night's title is longer than %(max)d characters") % {"max": TITLE_MAX}
        )
    return title


def _date(night: Mapping) -> datetime.date:
    if "date" not in night:
        raise NightFileError(_("the game night has no date"))
    value = night["date"]
    try:
        # Only YYYY-MM-DD: fromisoformat() would also take week dates and 20261127.
        if not isinstance(value, str) or not ISO_DATE.fullmatch(value):
            raise ValueError
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise NightFileError(
            _("the game night's date must be a date like 2026-11-27, not %(what)s")
            % {"what": described(value)}
        ) from None


def _text(night: Mapping, key: str, most: int | None = None) -> str:
    value = night.get(key, "")
    if not isinstance(value, str):
        raise NightFileError(
            _("the game night's %(field)s must be text, not %(what)s")
            % {"field": field_name(key), "what": described(value)}
        )
    _no_nul(value, key)
    # Notes may run over several lines; a place is one line. Other control characters only hide
    # or break what the page shows.
    if has_control(value, allowed="\n\r\t" if key == "notes" else ""):
        raise NightFileError(_("the game night's %(field)s holds a control character") % {"field": key})
    if most is not None and len(value) > most:
        raise NightFileError(
            _("the game night's %(field)s is longer than %(max)d characters") % {"field": key, "max": most}
        )
    return value


def _no_nul(value: str, field: str) -> None:
    if "\0" in value:
        raise NightFileError(
            _("the game night's %(field)s contains a NUL character (\\u0000), which cannot be stored")
            % {"field": field}
        )


# --- import: storing ------------------------------------------------------------


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
    roster, new_players = _roster(owner, (name for item in night_file.matches for name in item.names))
    plan = [_plan_match(item, roster) for item in night_file.matches]
    used = {player.pk: player.name for planned in plan for player in planned.players if player.pk}
    now = timezone.now()
    matches = [
        Match(
            game=planned.item.game,
            first_dealer=planned.item.first_dealer,
            options=planned.item.options,
            closed=planned.item.ended,
            created_by=entered_by,
            round_count=len(planned.result.rounds),
            finished_at=now if planned.result.finished else None,
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
        )
        Player.objects.bulk_create(new_players)
        for match in matches:
            match.night = night
        Match.objects.bulk_create(matches)
        Seat.objects.bulk_create(seats)  # their match and new players have their ids now
        _insert_rounds(matches, rounds)
    return night


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
