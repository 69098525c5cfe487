"""The match file of docs/match-format.md: read it, score it, write it.

The ``score`` command, the match export and the night import all go through
here, so the file is read and written in one place (docs/match-format.md).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.base import FIRST_DEALER, Phrase, ScoringError, Standings, describe, gettext_noop, quote
from scoring.matchinfo import INFO_KEYS, NO_INFO, MatchInfo, read_info
from scoring.registry import get_engine

MATCH_KEYS = ("game", "players", "options", "rounds", "ended", *INFO_KEYS)
DEEPEST = 20  # levels of nesting; a night file needs 7 (night, matches, match, rounds, round, map, list)
LONGEST_INT = 30  # digits of a whole number in a file; no score, count or option comes near


@dataclass(frozen=True)
class MatchFile:
    game: str
    players: list[str]
    options: dict[str, Any]
    rounds: list[dict[str, Any]]
    ended: bool = False  # the table ended the match by hand after its last round
    info: MatchInfo = NO_INFO  # when it was played, the table's notes: nothing that scores

    def score(self, *, closed: bool | None = None) -> Standings:
        """The standings; ``closed`` overrides ``ended`` (for "what if the table ended it here")."""
        ended = self.ended if closed is None else closed
        return get_engine(self.game).score(self.players, self.options, self.rounds, closed=ended)

    def replay(self, *, closed: bool | None = None) -> Standings:
        """As :meth:`score`, for a stored match whose seats were checked when they were seated."""
        ended = self.ended if closed is None else closed
        return get_engine(self.game).replay(self.players, self.options, self.rounds, closed=ended)

    def to_json(self) -> dict[str, Any]:
        # A match ended before its first round has nothing to end: the format cannot say it, so the
        # file says what it can (an open match with no round), and import gives back the same file.
        document = match_document(
            self.game, self.players, self.options, self.rounds, ended=self.ended and bool(self.rounds)
        )
        return {**document, **self.info.to_json()}


class _Refused(Exception):
    """A number the JSON reader refuses, raised from inside ``json.loads``: (kind, literal)."""


def _read_int(text: str) -> int:
    if len(text.lstrip("-")) > LONGEST_INT:
        raise _Refused("long", text)
    return int(text)


def _read_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("huge", text)
    return value


def _read_constant(text: str) -> Any:
    raise _Refused("constant", text)  # NaN, Infinity and -Infinity are not JSON


# What Python's JSON reader says, as Phrases, so a German reader gets German (the web layer
# translates them); any other message is shown as the reader wrote it.
JSON_PROBLEMS = {
    "Expecting value": Phrase(gettext_noop("a value is missing")),
    "Expecting property name enclosed in double quotes": Phrase(
        gettext_noop("a field name in double quotes is missing")
    ),
    "Expecting ',' delimiter": Phrase(gettext_noop("a comma is missing")),
    "Expecting ':' delimiter": Phrase(gettext_noop("a colon is missing")),
    "Unterminated string starting at": Phrase(gettext_noop("a text is not closed")),
    "Invalid control character at": Phrase(gettext_noop("a text holds a line break or control character")),
    "Extra data": Phrase(gettext_noop("there is more after the end")),
    "Invalid \\escape": Phrase(gettext_noop("a backslash escape is not valid")),
}


def parse_json(text: str | bytes) -> Any:
    """JSON text to data; every problem becomes one :class:`ScoringError` sentence.

    Besides syntax errors (with line and column) it refuses what ``json`` would
    accept but nothing downstream should see: ``NaN`` and ``Infinity``, whole
    numbers of more than 30 digits (Python would take thousands), nesting deeper
    than 20 levels, and lone surrogate escapes such as ``"\\ud800"`` (not a
    character: they cannot be printed, stored or sent).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ScoringError(gettext_noop("the file is not UTF-8 text"), "file.not_utf8") from None
    try:
        data = json.loads(text, parse_int=_read_int, parse_float=_read_float, parse_constant=_read_constant)
    except json.JSONDecodeError as error:
        raise ScoringError(
            gettext_noop("the file is not valid JSON: %(problem)s at line %(line)d, column %(column)d"),
            "file.not_json",
            problem=JSON_PROBLEMS.get(error.msg, error.msg),
            line=error.lineno,
            column=error.colno,
        ) from None
    except _Refused as refused:
        raise _number_error(text, *refused.args) from None
    except RecursionError:
        raise _too_deep() from None
    _check_tree(data)
    return data


def _number_error(text: str, kind: str, literal: str) -> ScoringError:
    line, column = _position(text, text.find(literal))
    if kind == "long":
        return ScoringError(
            gettext_noop(
                "the file holds a whole number with %(digits)d digits at line %(line)d, column %(column)d: "
                "no score is that long"
            ),
            "file.number_too_long",
            digits=len(literal.lstrip("-")),
            line=line,
            column=column,
        )
    if kind == "huge":
        return ScoringError(
            gettext_noop("the file holds a number too large to use at line %(line)d, column %(column)d"),
            "file.number_too_large",
            line=line,
            column=column,
        )
    return ScoringError(
        gettext_noop(
            "the file is not valid JSON: %(value)s is not a number in JSON at line %(line)d, column %(column)d"
        ),
        "file.not_a_number",
        value=literal,
        line=line,
        column=column,
    )


def _position(text: str, offset: int) -> tuple[int, int]:
    offset = max(offset, 0)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _too_deep() -> ScoringError:
    return ScoringError(
        gettext_noop("the file is nested more than %(most)d levels deep"), "file.too_deep", most=DEEPEST
    )


def _check_tree(data: Any) -> None:
    """No nesting deeper than ``DEEPEST`` and no lone surrogate in any text (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > DEEPEST:
                raise _too_deep()
            for key, item in value.items():
                _check_text(key)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if depth > DEEPEST:
                raise _too_deep()
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _check_text(value)


def _check_text(text: str) -> None:
    for char in text:
        if "\ud800" <= char <= "\udfff":
            raise ScoringError(
                gettext_noop(
                    "the file holds a lone surrogate escape (\\u%(char)04x), which is not a character"
                ),
                "file.lone_surrogate",
                char=ord(char),
            )


def read_match(data: Any) -> MatchFile:
    """Check the outer shape of a match; the engine checks seats, options and rounds."""
    if not isinstance(data, Mapping):
        raise ScoringError(
            gettext_noop("a match must be a JSON object, not %(value)s"),
            "match.not_object",
            value=describe(data),
        )
    unknown = sorted(str(key) for key in data if key not in MATCH_KEYS)
    if unknown:
        raise ScoringError(
            gettext_noop("unknown field %(fields)s in the match"),
            "match.unknown_field",
            fields=", ".join(quote(key) for key in unknown),
        )
    for key in ("game", "players", "rounds"):
        if key not in data:
            raise ScoringError(gettext_noop("the match has no %(field)s"), "match.missing", field=quote(key))
    engine = get_engine(data["game"])
    players = list(engine.clean_players(data["players"]))
    options = data.get("options")
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise ScoringError(
            gettext_noop("options must be an object or null, not %(value)s"),
            "options.not_object",
            value=describe(options),
        )
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise ScoringError(
            gettext_noop("rounds must be a list, not %(value)s"), "rounds.not_list", value=describe(rounds)
        )
    ended = data.get("ended", False)
    if not isinstance(ended, bool):
        raise ScoringError(
            gettext_noop("ended must be true or false, not %(value)s"),
            "match.ended_not_bool",
            value=describe(ended),
        )
    if ended and not rounds:
        raise ScoringError(
            gettext_noop("the match is marked as ended but has no round: a table ends a match after a round"),
            "match.ended_without_rounds",
        )
    return MatchFile(engine.key, players, dict(options), list(rounds), ended, read_info(data))


def score_match(data: Any, *, closed: bool | None = None) -> Standings:
    return read_match(data).score(closed=closed)


def match_document(
    game: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    rounds: Sequence[Mapping[str, Any]],
    *,
    ended: bool = False,
) -> dict[str, Any]:
    """A match as the file writes it: keys in the order of the format; ``ended`` only when true."""
    document = {
        "game": game,
        "players": list(players),
        "options": dict(options),
        "rounds": [dict(entry) for entry in rounds],
    }
    if ended:
        document["ended"] = True
    return document


def with_first_dealer(options: Mapping[str, Any], players: Sequence[str], seat: int) -> dict[str, Any]:
    """House rules as the file writes them: ``first_dealer`` first, by name."""
    return {FIRST_DEALER: players[seat], **{k: v for k, v in options.items() if k != FIRST_DEALER}}


def renamed(game: str, entry: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """``entry`` with its players renamed by ``names`` (old -> new); other names stay.

    Rounds name players, and each engine says where (``name_maps``,
    ``name_values``, ``name_lists``), so a renamed player or an import in another
    spelling rewrites them here.
    """
    engine = get_engine(game)
    entry = dict(entry)
    for key in engine.name_maps:
        if isinstance(entry.get(key), Mapping):
            entry[key] = {names.get(name, name): value for name, value in entry[key].items()}
    for key in engine.name_values:
        if isinstance(entry.get(key), str):
            entry[key] = names.get(entry[key], entry[key])
    for key in engine.name_lists:
        if isinstance(entry.get(key), list):
            entry[key] = [names.get(name, name) for name in entry[key]]
    return entry
