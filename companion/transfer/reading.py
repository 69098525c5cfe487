"""Import, first half: reading a game night file and checking all of it, without touching the database.

* **Everything is checked first.** :func:`read_night` reads the whole file: the
  night's fields, then every match through ``scoring.matchfile.read_match`` and
  its engine, then the checks a new match gets in the app
  (``companion.play.setup.check_setup``: tidy names, at most 40 characters,
  nobody seated twice in another spelling). The first problem becomes one
  :class:`NightFileError` naming the match and the round (``match 2 (Murlan):
  round 5: Dora is missing from the order``), in the reader's language.
* **Bounded.** One file holds at most ``IMPORT_MAX_MATCHES`` matches,
  ``IMPORT_MAX_ROUNDS`` rounds and ``IMPORT_MAX_PLAYERS`` different players
  (settings.py); those are counted before anything else is read, so a huge
  file is refused at once with a sentence naming the limit.
* **Names and titles follow the name rule** (``scoring/names.py``): player
  names through the engine, the night's title here. A NUL character
  (``\\u0000``) in the place or notes is refused too: PostgreSQL cannot store
  it, and SQLite must not store what PostgreSQL would refuse.

What is read is stored by :mod:`companion.transfer.storing`.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from companion.i18n.errors import BLANK_NAME_OF_PLAYER, described, error_text
from companion.models import GameNight
from companion.play.setup import SetupError, check_setup
from companion.transfer.exporting import CSV_HEADER
from scoring.base import FIRST_DEALER, ScoringError, Standings, quote
from scoring.club import Club, read_club
from scoring.matchfile import parse_json, read_match
from scoring.matchinfo import NO_INFO, MatchInfo
from scoring.names import is_blank, name_key, text_problem
from scoring.registry import ENGINES, get_engine
from scoring.settlement import DEFAULT_CURRENCY, clean_currency, clean_prices

NIGHT_KEYS = ("game_night", "matches", "settlement", "club")  # the settlement is computed anew, never read
NIGHT_FIELDS = ("title", "date", "place", "notes", "currency", "prices")
TITLE_MAX = GameNight._meta.get_field("title").max_length
PLACE_MAX = GameNight._meta.get_field("place").max_length
NOTES_MAX = GameNight._meta.get_field("notes").max_length
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class NightFileError(ValueError):
    """A game night file that cannot be imported; ``message`` is one sentence for the user."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


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
    info: MatchInfo = NO_INFO  # when it was played, the table's notes


@dataclass(frozen=True)
class NightToImport:
    title: str
    date: datetime.date
    place: str
    notes: str
    matches: tuple[MatchToImport, ...]
    currency: str = DEFAULT_CURRENCY
    prices: dict[str, int] = field(default_factory=dict)
    # A club night's file (../shared/spec/club-night.md): its "club" object, checked against the matches.
    club: Club | None = None


def parse_night_file(content: bytes | str) -> Any:
    """The file's JSON, or a :class:`NightFileError` saying where the syntax breaks.

    A match's rounds exported as CSV (``companion.transfer.exporting.rounds_csv``) are
    named as such: "Unexpected UTF-8 BOM" would not tell anyone which file to choose.
    """
    if _is_rounds_csv(content):
        raise NightFileError(
            _(
                "this is a CSV export of a match's rounds, for a spreadsheet: the import takes the "
                "game night file (JSON), from the night's page (“Download (JSON)”)"
            )
        )
    try:
        return parse_json(content)
    except ScoringError as error:
        raise NightFileError(error_text(error)) from None


def _is_rounds_csv(content: bytes | str) -> bool:
    start = content[:200]
    if isinstance(start, bytes):
        start = start.decode("utf-8", errors="replace")
    return start.lstrip("\ufeff \t\r\n").startswith(",".join(CSV_HEADER))


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
    for key in ("game_night", "matches"):
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
    read = tuple(_read_match_at(number, raw) for number, raw in enumerate(matches, start=1))
    return NightToImport(
        title=_title(night),
        date=_date(night),
        place=_text(night, "place", PLACE_MAX),
        notes=_text(night, "notes", NOTES_MAX),
        matches=read,
        **_plays_for(night),
        club=_club(data["club"], read) if "club" in data else None,
    )


def _club(raw: Any, matches: Sequence[MatchToImport]) -> Club:
    """The club night's object, checked by ``scoring.club.read_club``: where it breaks a rule, and which."""
    try:
        club = read_club(raw, [item.result for item in matches])
    except ScoringError as error:
        raise NightFileError(error_text(error)) from None
    _within(
        len(club.entrants),
        settings.IMPORT_MAX_PLAYERS,
        _(
            "the club night has %(count)d entrants, but one import takes at most %(max)d players: "
            "split the night into several files"
        ),
    )
    return club


def _plays_for(night: Mapping) -> dict[str, Any]:
    """The night's currency and prices (scoring.md §6), checked as the night's edit page checks them."""
    try:
        return {
            "currency": clean_currency(night.get("currency", DEFAULT_CURRENCY)),
            "prices": clean_prices(night.get("prices")),
        }
    except ScoringError as error:
        raise NightFileError(error_text(error)) from None


def check_size(matches: list) -> None:
    """Refuse a file larger than one import may be, before any match is read.

    Counted on the raw file (cheap): the matches, the rounds of all of them, and the
    different player names (by the name rule), as far as they are lists and text.
    """
    _within(
        len(matches),
        settings.IMPORT_MAX_MATCHES,
        _(
            "the file has %(count)d matches, but one import takes at most %(max)d: split the night into several files"
        ),
    )
    raw_matches = [raw for raw in matches if isinstance(raw, Mapping)]
    rounds = sum(len(raw["rounds"]) for raw in raw_matches if isinstance(raw.get("rounds"), list))
    _within(
        rounds,
        settings.IMPORT_MAX_ROUNDS,
        _(
            "the file's matches have %(count)d rounds in all, but one import takes at most %(max)d: "
            "split the night into several files"
        ),
    )
    names = {
        name_key(name)
        for raw in raw_matches
        if isinstance(raw.get("players"), list)
        for name in raw["players"]
        if isinstance(name, str)
    }
    _within(
        len(names),
        settings.IMPORT_MAX_PLAYERS,
        _(
            "the file names %(count)d different players, but one import takes at most %(max)d: "
            "split the night into several files"
        ),
    )


def _within(count: int, most: int, message: str) -> None:
    if count > most:
        raise NightFileError(message % {"count": count, "max": most})


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
        info=match_file.info,
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
        raise NightFileError(f"{where}: {_problem_text(error, raw)}") from None


def _problem_text(error: ScoringError, raw: Any) -> str:
    """The engine's sentence, but a blank name by the player's place in the file, not as '\\u200b'."""
    players = raw.get("players") if isinstance(raw, Mapping) else None
    if error.code == "name.blank" and isinstance(players, list):
        blank = [
            number for number, name in enumerate(players, start=1) if isinstance(name, str) and is_blank(name)
        ]
        if blank:
            return str(BLANK_NAME_OF_PLAYER) % {"number": blank[0]}
    return error_text(error)


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


# A night's title and place hold no direction or tag character (scoring.names.text_problem).
TEXT_PROBLEMS = {
    "text.direction": gettext_noop(
        "the game night's %(field)s holds a character that turns the writing direction around"
    ),
    "text.tag": gettext_noop("the game night's %(field)s holds an invisible tag character"),
}


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
    # character (NUL, which PostgreSQL cannot store, included), no direction or tag character,
    # and something visible.
    problem = text_problem(title)
    if problem is not None and problem.code == "text.control":
        raise NightFileError(_("the game night's title holds a control character such as a line break"))
    if problem is not None:
        raise NightFileError(_(TEXT_PROBLEMS[problem.code]) % {"field": field_name("title")})
    if is_blank(title):
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
    problem = text_problem(value, allowed="\n\r\t" if key == "notes" else "")
    if problem is not None and problem.code == "text.control":
        raise NightFileError(_("the game night's %(field)s holds a control character") % {"field": key})
    if problem is not None and key != "notes":
        raise NightFileError(_(TEXT_PROBLEMS[problem.code]) % {"field": field_name(key)})
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
