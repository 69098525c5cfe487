"""Export and import: a match as its match file, a night as JSON, the rounds as CSV.

The documents are those of match-format.md: a match is exactly its match file
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
* **Players by name.** Seats are matched to the importing owner's roster
  case-insensitively, like the match setup does; names not in the roster
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

from django.db import IntegrityError, transaction
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _

from companion.games import registry
from companion.i18n.errors import error_text
from companion.models import GameNight, Match, Player, Round, Seat
from companion.play import standings
from companion.play.setup import SetupError, check_setup
from scoring.base import FIRST_DEALER, ScoringError, Standings, describe
from scoring.matchfile import MatchFile, parse_json, read_match, renamed, with_first_dealer
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
    """The match file of ``match`` (match-format.md)."""
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
    except RecursionError:
        raise NightFileError(_("the file is not valid JSON: it is nested too deeply")) from None


def read_night(data: Any) -> NightToImport:
    """Check a whole game night file without touching the database."""
    if not isinstance(data, Mapping):
        raise NightFileError(
            _("a game night file is a JSON object with “game_night” and “matches”, not %(what)s")
            % {"what": describe(data)}
        )
    _known_keys(data, NIGHT_KEYS, _("the file"))
    for key in NIGHT_KEYS:
        if key not in data:
            raise NightFileError(_("the file has no “%(key)s”") % {"key": key})
    night = data["game_night"]
    if not isinstance(night, Mapping):
        raise NightFileError(_("“game_night” must be an object, not %(what)s") % {"what": describe(night)})
    _known_keys(night, NIGHT_FIELDS, _("the game night"))
    matches = data["matches"]
    if not isinstance(matches, list):
        raise NightFileError(_("“matches” must be a list, not %(what)s") % {"what": describe(matches)})
    return NightToImport(
        title=_title(night),
        date=_date(night),
        place=_text(night, "place", PLACE_MAX),
        notes=_text(night, "notes"),
        matches=tuple(_read_match_at(number, raw) for number, raw in enumerate(matches, start=1)),
    )


def read_import_match(raw: Any) -> MatchToImport:
    """One match of the file, checked as the engine and the match setup check it."""
    match_file = read_match(raw)
    if match_file.game not in ENGINES:  # scored by an engine, but not offered by the app yet
        raise ScoringError(
            _("%(game)s matches cannot be imported yet") % {"game": get_engine(match_file.game).title}
        )
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
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise NightFileError(
            _("unknown field %(fields)s in %(where)s")
            % {"fields": ", ".join(f"“{key}”" for key in unknown), "where": where}
        )


def _title(night: Mapping) -> str:
    title = night.get("title")
    if not isinstance(title, str) or not title.strip():
        raise NightFileError(_("the game night needs a title"))
    title = title.strip()
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
            % {"what": describe(value)}
        ) from None


def _text(night: Mapping, key: str, most: int | None = None) -> str:
    value = night.get(key, "")
    if not isinstance(value, str):
        raise NightFileError(
            _("the game night's %(field)s must be text, not %(what)s")
            % {"field": key, "what": describe(value)}
        )
    if most is not None and len(value) > most:
        raise NightFileError(
            _("the game night's %(field)s is longer than %(max)d characters") % {"field": key, "max": most}
        )
    return value


# --- import: storing ------------------------------------------------------------


def import_night(data: Any, owner, user) -> GameNight:
    """Check the whole file, then store the night for ``owner``; raises :class:`NightFileError`."""
    night_file = read_night(data)
    try:
        return store_night(night_file, owner, user)
    except IntegrityError:
        # Another phone created one of the new players in the same moment.
        raise NightFileError(_("the players changed while importing: import the file again")) from None


@transaction.atomic
def store_night(night_file: NightToImport, owner, user) -> GameNight:
    """Store a checked night: all of it, or (on any failure) nothing."""
    entered_by = user if getattr(user, "is_authenticated", False) else None
    night = GameNight.objects.create(
        owner=owner,
        title=night_file.title,
        date=night_file.date,
        place=night_file.place,
        notes=night_file.notes,
    )
    roster = _roster(owner, (name for item in night_file.matches for name in item.names))
    results: dict[int, Standings] = {}
    for item in night_file.matches:
        players = [roster[name.lower()] for name in item.names]
        rounds, result = item.rounds, item.result
        spelling = {
            name: player.name for name, player in zip(item.names, players, strict=True) if name != player.name
        }
        if spelling:
            seats = [player.name for player in players]
            rounds = [renamed(item.game, entry, spelling) for entry in rounds]
            options = with_first_dealer(item.options, seats, item.first_dealer)
            result = MatchFile(item.game, seats, options, rounds, ended=item.ended).score()
        match = Match.objects.create(
            night=night,
            game=item.game,
            first_dealer=item.first_dealer,
            options=item.options,
            closed=item.ended,
            created_by=entered_by,
        )
        Seat.objects.bulk_create(
            Seat(match=match, player=player, position=position) for position, player in enumerate(players)
        )
        Round.objects.bulk_create(
            Round(match=match, number=number, entry=entry, entered_by=entered_by)
            for number, entry in enumerate(rounds, start=1)
        )
        results[match.pk] = result
    matches = Match.objects.with_seats().in_bulk(list(results))
    for pk, result in results.items():
        standings.refresh(matches[pk], result)
    return night


def _roster(owner, names: Iterable[str]) -> dict[str, Player]:
    """The owner's players by lower-case name, with the missing ones created.

    Compared in Python, as the match setup does: SQLite's LOWER() knows only ASCII.
    """
    roster = {player.name.lower(): player for player in Player.objects.filter(owner=owner)}
    new: dict[str, Player] = {}
    for name in names:
        key = name.lower()
        if key not in roster and key not in new:
            new[key] = Player(owner=owner, name=name)
    if new:
        Player.objects.bulk_create(new.values())
        roster.update(new)
    return roster
