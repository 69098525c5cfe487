"""Elfer raus! Master on the web side: a match of games, the bonus board kept while one is played."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from companion.games.elfer import demo, rules
from companion.games.elfer.entry import ElferEntryForm
from companion.games.elfer.examples import EXAMPLES, MATCH
from companion.games.parts import DemoPlay, Figure, GameParts, Record, count_text, per
from companion.games.words import GAME as WORDS


def hand(entry: Mapping[str, Any], name: str) -> str:
    """The CSV column: the player's bonus cards and what was left in hand ("out" for nothing)."""
    bonus = entry.get("bonus", {}).get(name, 0)
    cards = entry.get("cards", {}).get(name, [])
    jokers = entry.get("jokers", {}).get(name, 0)
    parts = ["out"] if not cards and not jokers else []
    if bonus:
        parts.append(f"bonus {bonus}")
    if cards:
        parts.append("cards " + " ".join(str(card) for card in cards))
    if jokers:
        parts.append(f"jokers {jokers}")
    return "; ".join(parts)


def game_label(number: int, limit: int | None) -> str:
    """A match is made of games: "Game 2 of 5"."""
    if limit:
        return gettext("Game %(number)s of %(limit)s") % {"number": number, "limit": limit}
    return gettext("Game %(number)s") % {"number": number}


def board(match) -> dict[str, Any]:
    """A new entry's bonus counts start from the board of the game in play."""
    return {"board": match.board}


def most_bonus_cards(result: object, entries: list[Mapping[str, Any]], name: str) -> int | None:
    """The records: the most bonus cards the player took in one game of the match."""
    best = max((entry.get("bonus", {}).get(name, 0) for entry in entries), default=0)
    return best or None


BONUS_CARDS = Record(
    "elfer_bonus",
    _("Most bonus cards in one game"),
    most_bonus_cards,
    lambda count: count_text("%(count)s bonus card", "%(count)s bonus cards", count),
)


GAME = GameParts(
    key="elfer",
    label=_("Elfer raus! Master"),
    entry_form=ElferEntryForm,
    figure=Figure(
        _("Average score per game"), _("Score"), lambda line: per(line.score, line.rounds), signed=True
    ),
    csv_column="hand",
    csv_detail=hand,
    house_rules=rules.house_rules,
    examples=EXAMPLES,
    extra_examples={"elfer_match": MATCH},
    describe_example=rules.describe_example,
    example_result=rules.example_result,
    example_detail=rules.hands,
    demo=DemoPlay(options=demo.options, players=demo.players, play=demo.play, minutes_per_round=12),
    option_texts=rules.OPTION_TEXTS,
    sheet_rows=14,  # games that fit one A4 page with room to write
    round_label=game_label,
    entry_kwargs=board,
    urls="companion.games.elfer.urls",
    describe_entry=rules.describe_entry,
    words=WORDS,
    records=(BONUS_CARDS,),
)
