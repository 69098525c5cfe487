"""Noticing a night imported twice: the same title, date and matches as a night already there.

A night file carries no id, so "the same night" is what a person would call the
same: the title, the date, and every match as its match file (game, seats,
house rules, rounds, ended), compared as export would write them. Names are
compared without case, as import matches them to the roster ("anna" is Anna).
"""

from __future__ import annotations

import json
from typing import Any

from companion.models import GameNight
from companion.transfer.exporting import night_matches, scoring_document
from companion.transfer.reading import MatchToImport, NightToImport
from scoring.matchfile import match_document as file_document
from scoring.matchfile import with_first_dealer


def _signature(documents: list[dict[str, Any]]) -> str:
    return json.dumps(documents, sort_keys=True, ensure_ascii=False).casefold()


def _imported_document(item: MatchToImport) -> dict[str, Any]:
    """The match as export would write it once imported (options cleaned, the first dealer by name)."""
    options = with_first_dealer(item.options, item.names, item.first_dealer)
    return file_document(item.game, item.names, options, item.rounds, ended=item.ended and bool(item.rounds))


def same_night(night_file: NightToImport, user) -> GameNight | None:
    """A night ``user`` can see that this file would import again, or None."""
    candidates = GameNight.objects.visible_to(user).filter(title=night_file.title, date=night_file.date)
    wanted = _signature([_imported_document(item) for item in night_file.matches])
    for night in candidates.order_by("pk"):
        if _signature([scoring_document(match) for match in night_matches(night)]) == wanted:
            return night
    return None
