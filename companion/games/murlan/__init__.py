"""Murlan on the web side: finishing orders, a target that rises when several reach it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from companion.games.murlan import demo, rules
from companion.games.murlan.entry import MurlanEntryForm
from companion.games.murlan.examples import EXAMPLES
from companion.games.parts import DemoPlay, Figure, GameParts, Record, count_text, per
from companion.games.words import HAND as WORDS
from scoring.base import Standings


def place(entry: Mapping[str, Any], name: str) -> int:
    """The CSV column: the player's finishing place in the hand."""
    return list(entry["order"]).index(name) + 1


def hand_label(number: int, limit: int | None) -> str:
    return gettext("Hand %(number)s") % {"number": number}


def target_line(result: Standings) -> list[int]:
    """The chart's target: as it was before the first hand, then after each hand."""
    return [result.options["target"], *result.table["target_history"]]


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


GAME = GameParts(
    key="murlan",
    label=_("Murlan"),
    entry_form=MurlanEntryForm,
    figure=Figure(
        _("Average place"),
        pgettext_lazy("rank", "Place"),
        lambda line: per(line.place_sum, line.played),
        higher_is_better=False,
    ),
    csv_column="place",
    csv_detail=place,
    house_rules=rules.house_rules,
    examples=EXAMPLES,
    describe_example=rules.describe_example,
    example_result=rules.example_result,
    demo=DemoPlay(options=demo.options, players=demo.players, play=demo.play, minutes_per_round=4),
    option_texts=rules.OPTION_TEXTS,
    sheet_rows=24,  # hands that fit one A4 page with room to write
    sheet_context=rules.sheet_context,
    round_label=hand_label,
    chart_target=target_line,
    describe_entry=rules.describe_entry,
    status_context=rules.status_context,
    words=WORDS,
    records=(FASTEST_WIN,),
)
