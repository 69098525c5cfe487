"""Free scoring on the web side: any game Companion has no engine for, points added up per round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from companion.games.counter import demo, rules
from companion.games.counter.entry import CounterEntryForm
from companion.games.counter.examples import EXAMPLES
from companion.games.parts import DemoPlay, Figure, GameParts, per
from scoring.base import Standings


def points(entry: Mapping[str, Any], name: str) -> int:
    """The CSV column: the player's points in the round (0 when left out)."""
    return entry.get("points", {}).get(name, 0)


def target_line(result: Standings) -> list[int] | None:
    """The chart's target, flat across the match, when the table plays to one."""
    target = result.table["target"]
    return None if target is None else [target] * (len(result.rounds) + 1)


GAME = GameParts(
    key="counter",
    label=_("Free scoring"),
    entry_form=CounterEntryForm,
    # Points from different games can't be compared; the place in the match can.
    figure=Figure(
        _("Average place"),
        pgettext_lazy("rank", "Place"),
        lambda line: per(line.place_sum, line.played),
        higher_is_better=False,
    ),
    csv_column="points",
    csv_detail=points,
    house_rules=rules.house_rules,
    examples=EXAMPLES,
    describe_example=rules.describe_example,
    example_result=rules.example_result,
    demo=DemoPlay(options=demo.options, players=demo.players, play=demo.play, minutes_per_round=6),
    option_texts=rules.OPTION_TEXTS,
    sheet_rows=20,  # rounds that fit one A4 page with room to write
    chart_target=target_line,
    describe_entry=rules.describe_entry,
    lowest_wins=lambda options: bool(options.get("lowest_wins")),
)
