"""What a match file may say besides the scoring: when the match was played, and the table's notes.

All optional (files written before the app kept them have none); nothing here
changes a total or a winner, so ``score`` reads and ignores them.

* ``started_at``, ``ended_at``: ISO-8601 date and time with its UTC offset
  (``2026-11-27T20:15:00+01:00``); the end is not before the start.
* ``paused_seconds``: the breaks taken during the match, in whole seconds (they
  do not count towards how long it took).
* ``notes``: plain text of at most 1,000 characters; line breaks and tabs are
  allowed, other control characters and the bidirectional embedding, override
  and isolate characters (U+202A to U+202E, U+2066 to U+2069) and tag characters are
  not, since they hide or reorder what a reader sees.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.base import ScoringError, describe, gettext_noop, is_int, quote
from scoring.names import has_control

INFO_KEYS = ("started_at", "ended_at", "paused_seconds", "notes")
NOTES_MOST = 1000
PAUSE_MOST = 10 * 365 * 24 * 3600  # ten years of breaks: anything more is not a pause
HIDING = frozenset(
    [*range(0x202A, 0x202F), *range(0x2066, 0x206A), *range(0xE0000, 0xE0080)]
)  # bidi embeddings, overrides and isolates; tag characters


@dataclass(frozen=True)
class MatchInfo:
    started_at: datetime.datetime | None = None
    ended_at: datetime.datetime | None = None
    paused_seconds: int = 0
    notes: str = ""

    def to_json(self) -> dict[str, Any]:
        """The fields as the file writes them, each only when known (a pause only when taken)."""
        data: dict[str, Any] = {}
        if self.started_at is not None:
            data["started_at"] = self.started_at.isoformat(timespec="seconds")
        if self.ended_at is not None:
            data["ended_at"] = self.ended_at.isoformat(timespec="seconds")
        if self.paused_seconds:
            data["paused_seconds"] = self.paused_seconds
        if self.notes:
            data["notes"] = self.notes
        return data


NO_INFO = MatchInfo()  # a file written before matches kept their clock and notes


def notes_problem(text: Any) -> ScoringError | None:
    """Why ``text`` cannot be a match's notes, or ``None`` when it can."""
    if not isinstance(text, str):
        return ScoringError(
            gettext_noop("the notes must be text, not %(value)s"), "notes.not_text", value=describe(text)
        )
    if len(text) > NOTES_MOST:
        return ScoringError(
            gettext_noop("the notes are %(count)d characters long, but a match keeps at most %(most)d"),
            "notes.too_long",
            count=len(text),
            most=NOTES_MOST,
        )
    if has_control(text, allowed="\n\t") or any(ord(char) in HIDING for char in text):
        return ScoringError(
            gettext_noop("the notes hold a control or text direction character, which cannot be shown"),
            "notes.control",
        )
    return None


def _moment(data: Mapping[str, Any], key: str) -> datetime.datetime | None:
    value = data.get(key)
    if value is None:
        return None
    try:
        if not isinstance(value, str) or "T" not in value:
            raise ValueError
        moment = datetime.datetime.fromisoformat(value)
        if moment.tzinfo is None:
            raise ValueError
    except ValueError:
        raise ScoringError(
            gettext_noop(
                "%(field)s must be a date and time with its offset, such as 2026-11-27T20:15:00+01:00, "
                "not %(value)s"
            ),
            "info.not_a_time",
            field=quote(key),
            value=describe(value),
        ) from None
    return moment


def read_info(data: Mapping[str, Any]) -> MatchInfo:
    """The optional fields of a match object, checked."""
    started_at, ended_at = _moment(data, "started_at"), _moment(data, "ended_at")
    if started_at is not None and ended_at is not None and ended_at < started_at:
        raise ScoringError(gettext_noop("the match ends before it starts"), "info.ends_before_start")
    paused = data.get("paused_seconds", 0)
    if not is_int(paused) or not 0 <= paused <= PAUSE_MOST:
        raise ScoringError(
            gettext_noop("%(field)s must be a whole number of seconds from 0, not %(value)s"),
            "info.paused",
            field=quote("paused_seconds"),
            value=describe(paused),
        )
    notes = data.get("notes", "")
    problem = notes_problem(notes)
    if problem is not None:
        raise problem
    return MatchInfo(started_at, ended_at, paused, notes)
