"""Anrufen on the web side: bids and contracts, tokens from a starting stack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from companion.games.anrufen import demo, rules
from companion.games.anrufen.entry import AnrufenEntryForm
from companion.games.anrufen.examples import EXAMPLES
from companion.games.parts import DemoPlay, Figure, Game, Record, count_text
from scoring.base import Standings


def biggest_payout(result: Standings, entries: object, name: str) -> int | None:
    """The records: the most tokens the player won in one deal of the match (none if never paid)."""
    best = max((round_.deltas[name] for round_ in result.rounds), default=0)
    return best if best > 0 else None


PAYOUT = Record(
    "anrufen_payout",
    _("Biggest payout in one deal"),
    biggest_payout,
    lambda count: count_text("%(count)s token", "%(count)s tokens", count),
)


class Anrufen(Game):
    key = "anrufen"
    label = _("Anrufen")
    entry_form = AnrufenEntryForm
    figure = Figure(_("Tokens won or lost"), _("Tokens"), lambda line: line.score, signed=True, decimals=0)
    csv_column = "role"
    examples = EXAMPLES
    demo = DemoPlay(options=demo.options, players=demo.players, play=demo.play, minutes_per_round=3)
    option_texts = rules.OPTION_TEXTS
    sheet_rows = 18  # rows that fit one A4 page with room to write
    sheet_landscape = True  # the chip ledger needs the width
    price_unit = pgettext_lazy("a price per", "token")
    records = (PAYOUT,)

    house_rules = staticmethod(rules.house_rules)
    describe_example = staticmethod(rules.describe_example)
    example_detail = staticmethod(rules.example_detail)
    rules_context = staticmethod(rules.rules_context)
    sheet_context = staticmethod(rules.sheet_context)
    describe_entry = staticmethod(rules.describe_entry)
    row_context = staticmethod(rules.row_context)

    def csv_detail(self, entry: Mapping[str, Any], name: str) -> str:
        """The player's part in the deal."""
        if entry.get("redeal"):
            return "redeal"
        if entry["bidder"] == name:
            return "bidder"
        return "partner" if entry.get("partner") == name else "opponent"

    def start_total(self, options: Mapping[str, Any]) -> int:
        """Totals are token balances: everybody starts with the chips."""
        return options["chips"]

    def partnerships(self, result: Standings) -> list[tuple[str, str, bool]]:
        """Every deal a bidder played with a called partner, both ways round."""
        pairs = []
        for contract in result.table["contracts"]:
            if contract["redeal"] or contract.get("partner") is None:
                continue
            made = bool(contract["made"])
            pairs += [
                (contract["bidder"], contract["partner"], made),
                (contract["partner"], contract["bidder"], made),
            ]
        return pairs


GAME = Anrufen()
