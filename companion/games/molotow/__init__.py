"""Molotow Jass on the web side: four players, card points per deal, sticks and potatoes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from companion.games.molotow import demo, rules
from companion.games.molotow.entry import MolotowEntryForm, draw_offered
from companion.games.molotow.examples import EXAMPLES
from companion.games.parts import DemoPlay, Figure, Game, Record, count_text, per
from scoring.base import Standings


def potatoes(result: Standings, entries: object, name: str) -> int:
    """The records: the potatoes a player took in the match."""
    return result.extras["potatoes"][name]


POTATOES = Record(
    "molotow_potatoes",
    _("Most potatoes in a match"),
    potatoes,
    lambda count: count_text("%(count)s potato", "%(count)s potatoes", count),
)


class Molotow(Game):
    key = "molotow"
    label = _("Molotow Jass")
    entry_form = MolotowEntryForm
    figure = Figure(
        _("Net sticks per match"), _("Sticks"), lambda line: per(line.score, line.played), signed=True
    )
    csv_column = "card_points"
    examples = EXAMPLES
    demo = DemoPlay(options=demo.options, players=demo.players, play=demo.play, minutes_per_round=5)
    option_texts = rules.OPTION_TEXTS
    sheet_rows = None  # one row per deal of the match
    price_unit = pgettext_lazy("a price per", "stick")
    records = (POTATOES,)

    house_rules = staticmethod(rules.house_rules)
    describe_example = staticmethod(rules.describe_example)
    describe_entry = staticmethod(rules.describe_entry)
    live = staticmethod(draw_offered)

    def csv_detail(self, entry: Mapping[str, Any], name: str) -> int:
        """The player's card points of the deal."""
        return entry["points"][name]

    def place_detail(self, result: Standings, name: str) -> str:
        """The sticks and potatoes a total is made of."""
        sticks, potatoes = result.extras["sticks"][name], result.extras["potatoes"][name]
        return ", ".join(
            (
                count_text("%(count)d stick", "%(count)d sticks", sticks),
                count_text("%(count)d potato", "%(count)d potatoes", potatoes),
            )
        )


GAME = Molotow()
