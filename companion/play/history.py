"""The history of changes in the table's words: each change as a sentence, each entry as the game says it.

A ``RoundChange`` keeps the round entries as stored (match-file JSON); a person
reads them through the game's ``describe_entry`` (``Game``), never as data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from companion.games import registry
from companion.models import Match, RoundChange
from companion.standings import seats_of


@dataclass(frozen=True)
class HistoryLine:
    change: RoundChange
    title: str  # "Round 3 changed", "Ended by the table after round 5"
    before: str  # the entry before the change, in words ("" when none)
    after: str


def title(change: RoundChange, game: str) -> str:
    """The change as a sentence in the game's words: "Game 3 changed" (Elfer raus!)."""
    words = registry.get(game).words
    return {
        RoundChange.Action.ADDED: words.added_history,
        RoundChange.Action.EDITED: words.changed_history,
        RoundChange.Action.UNDONE: words.undone_history,
        RoundChange.Action.ENDED: words.ended_history,
        RoundChange.Action.RESUMED: words.resumed_history,
    }.get(change.action, words.numbered) % {"number": change.number}


def entry_words(game: str, entry: Any, players: list[str]) -> str:
    """The game's sentence for a stored entry; one that no longer fits the game's shape says so."""
    if not entry:
        return ""
    try:
        return registry.get(game).describe_entry(entry, players)
    except (AttributeError, KeyError, LookupError, TypeError, ValueError):
        return _("(an entry this version cannot read)")


def history(match: Match, limit: int = 200) -> list[HistoryLine]:
    players = [seat.player.name for seat in seats_of(match)]
    changes = RoundChange.objects.filter(match=match).select_related("user").order_by("-at", "-pk")[:limit]
    return [
        HistoryLine(
            change,
            title(change, match.game),
            entry_words(match.game, change.before, players),
            entry_words(match.game, change.after, players),
        )
        for change in changes
    ]
