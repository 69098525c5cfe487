"""Anrufen on the web side: bids and contracts, tokens from a starting stack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from companion.games.anrufen import demo, rules
from companion.games.anrufen.entry import AnrufenEntryForm
from companion.games.anrufen.examples import EXAMPLES
from companion.games.parts import DemoPlay, Figure, GameParts


def role(entry: Mapping[str, Any], name: str) -> str:
    """The CSV column: the player's part in the deal."""
    if entry.get("redeal"):
        return "redeal"
    if entry["bidder"] == name:
        return "bidder"
    return "partner" if entry.get("partner") == name else "opponent"


def starting_chips(options: Mapping[str, Any]) -> int:
    """Totals are token balances: everybody starts with the chips."""
    return options["chips"]


GAME = GameParts(
    key="anrufen",
    label=_("Anrufen"),
    entry_form=AnrufenEntryForm,
    figure=Figure(_("Tokens won or lost"), _("Tokens"), lambda line: line.score, signed=True, decimals=0),
    csv_column="role",
    csv_detail=role,
    house_rules=rules.house_rules,
    examples=EXAMPLES,
    describe_example=rules.describe_example,
    example_detail=rules.example_detail,
    rules_context=rules.rules_context,
    demo=DemoPlay(options=demo.options, players=demo.players, play=demo.play, minutes_per_round=3),
    option_texts=rules.OPTION_TEXTS,
    sheet_rows=18,  # rows that fit one A4 page with room to write
    sheet_context=rules.sheet_context,
    sheet_landscape=True,  # the chip ledger needs the width
    start_total=starting_chips,
    describe_entry=rules.describe_entry,
    price_unit=pgettext_lazy("a price per", "token"),

    row_context=rules.row_context,
)
