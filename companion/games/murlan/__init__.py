"""Murlan on the web side: finishing orders, a target that rises when several reach it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from companion.games.murlan import demo, rules
from companion.games.murlan.entry import MurlanEntryForm
from companion.games.murlan.examples import EXAMPLES
from companion.games.parts import DemoPlay, Figure, Game, Record, count_text, per
from companion.games.words import HAND
from scoring.base import Standings


def hands_to_win(result: Standings, entries: object, name: str) -> int | None:
    """The records: how many hands the winner needed (the fewest is the fastest win)."""
    return len(result.rounds) if name in result.winners else None


FASTEST_WIN = Record(
    "murlan_fastest",
    _("Fastest win"),
    hands_to_win,
    lambda count: count_text("%(count)s hand", "%(count)s hands", count),
    higher_is_better=False,
)


class Murlan(Game):
    key = "murlan"
    label = _("Murlan")
    entry_form = MurlanEntryForm
    figure = Figure(
        _("Average place"),
        pgettext_lazy("rank", "Place"),
        lambda line: per(line.place_sum, line.played),
        higher_is_better=False,
    )
    csv_column = "place"
    examples = EXAMPLES
    demo = DemoPlay(options=demo.options, players=demo.players, play=demo.play, minutes_per_round=4)
    option_texts = rules.OPTION_TEXTS
    sheet_rows = 24  # hands that fit one A4 page with room to write
    words = HAND
    records = (FASTEST_WIN,)

    house_rules = staticmethod(rules.house_rules)
    describe_example = staticmethod(rules.describe_example)
    example_result = staticmethod(rules.example_result)
    sheet_context = staticmethod(rules.sheet_context)
    describe_entry = staticmethod(rules.describe_entry)
    status_context = staticmethod(rules.status_context)

    def csv_detail(self, entry: Mapping[str, Any], name: str) -> int:
        """The player's finishing place in the hand."""
        return list(entry["order"]).index(name) + 1

    def round_label(self, number: int, limit: int | None) -> str:
        return gettext("Hand %(number)s") % {"number": number}

    def chart_target(self, result: Standings) -> list[int]:
        """The target as it was before the first hand, then after each hand."""
        return [result.options["target"], *result.table["target_history"]]


GAME = Murlan()
