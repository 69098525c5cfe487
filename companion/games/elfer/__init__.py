"""Elfer raus! Master on the web side: a match of games, the bonus board kept while one is played."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from companion.games.elfer import demo, rules
from companion.games.elfer.entry import ElferEntryForm, live_scores
from companion.games.elfer.examples import EXAMPLES, MATCH
from companion.games.parts import DemoPlay, Figure, Game, Record, count_text, per
from companion.games.words import GAME as WORDS


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


class Elfer(Game):
    key = "elfer"
    label = _("Elfer raus! Master")
    entry_form = ElferEntryForm
    figure = Figure(
        _("Average score per game"), _("Score"), lambda line: per(line.score, line.rounds), signed=True
    )
    csv_column = "hand"
    examples = EXAMPLES
    extra_examples = {"elfer_match": MATCH}
    demo = DemoPlay(options=demo.options, players=demo.players, play=demo.play, minutes_per_round=12)
    option_texts = rules.OPTION_TEXTS
    sheet_rows = 14  # games that fit one A4 page with room to write
    urls = "companion.games.elfer.urls"
    words = WORDS
    records = (BONUS_CARDS,)

    house_rules = staticmethod(rules.house_rules)
    describe_example = staticmethod(rules.describe_example)
    example_result = staticmethod(rules.example_result)
    example_detail = staticmethod(rules.hands)
    describe_entry = staticmethod(rules.describe_entry)
    live = staticmethod(live_scores)

    def csv_detail(self, entry: Mapping[str, Any], name: str) -> str:
        """The player's bonus cards and what was left in hand ("out" for nothing)."""
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

    def round_label(self, number: int, limit: int | None) -> str:
        """A match is made of games: "Game 2 of 5"."""
        if limit:
            return gettext("Game %(number)s of %(limit)s") % {"number": number, "limit": limit}
        return gettext("Game %(number)s") % {"number": number}

    def entry_kwargs(self, match) -> dict[str, Any]:
        """A new entry's bonus counts start from the board of the game in play."""
        return {"board": match.game_state}

    def round_added(self, match) -> None:
        """A new game starts with an empty bonus board."""
        if match.game_state is not None:
            match.game_state = None
            match.save(update_fields=["game_state"])


GAME = Elfer()
