"""Free scoring on the web side: any game Companion has no engine for, points added up per round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from companion.games.counter import demo, rules
from companion.games.counter.entry import CounterEntryForm
from companion.games.counter.examples import EXAMPLES
from companion.games.parts import DemoPlay, Figure, Game, per
from scoring.base import Standings


class Counter(Game):
    key = "counter"
    label = _("Free scoring")
    entry_form = CounterEntryForm
    # Points from different games can't be compared; the place in the match can.
    figure = Figure(
        _("Average place"),
        pgettext_lazy("rank", "Place"),
        lambda line: per(line.place_sum, line.played),
        higher_is_better=False,
    )
    csv_column = "points"
    examples = EXAMPLES
    demo = DemoPlay(options=demo.options, players=demo.players, play=demo.play, minutes_per_round=6)
    option_texts = rules.OPTION_TEXTS
    sheet_rows = 20  # rounds that fit one A4 page with room to write

    house_rules = staticmethod(rules.house_rules)
    describe_example = staticmethod(rules.describe_example)
    example_result = staticmethod(rules.example_result)
    describe_entry = staticmethod(rules.describe_entry)

    def csv_detail(self, entry: Mapping[str, Any], name: str) -> int:
        """The player's points in the round (0 when left out)."""
        return entry.get("points", {}).get(name, 0)

    def chart_target(self, result: Standings) -> list[int] | None:
        """The target, flat across the match, when the table plays to one."""
        target = result.table["target"]
        return None if target is None else [target] * (len(result.rounds) + 1)


GAME = Counter()
