"""The worked examples of the rule pages, as data: little matches and their hand-computed results.

Each example is a match in the shape of the match file (match-format.md) with
the players A, B, C, D (A, B, C with three at the table). ``expected`` is the
result worked out by hand from scoring.md with the standard rules; the page
shows what the engine computes (``companion.rules``) and the tests check that
both agree. Every example of scoring.md is here, plus what it takes to show
every case of the scoring rules at least once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

ABCD = ("A", "B", "C", "D")
ABC = ("A", "B", "C")


@dataclass(frozen=True)
class Example:
    """A worked example: a little match, and its result worked out by hand with the standard rules.

    ``rounds`` are match-file round objects; the page shows the last one, the
    ones before it only lead up to the situation (Murlan's "before the hand").
    ``expected`` holds the hand-computed numbers, in seating order:
    ``totals`` (after the last round), and where it matters ``before``,
    ``target``, ``winners``, ``stake``, ``made``. ``options`` are the
    example's own house rules, which win over a match's (e.g. contra doubles).
    ``note`` names the case the example shows (not its result).
    """

    key: str
    note: str | Promise
    rounds: tuple[Mapping[str, Any], ...]
    expected: Mapping[str, Any]
    players: tuple[str, ...] = ABCD
    options: Mapping[str, Any] = field(default_factory=dict)
    closed: bool = False  # the table ended the (open) match after these rounds


def _orders(text: str) -> tuple[dict[str, list[str]], ...]:
    """Murlan hands written as "ABCD ACBD …": one finishing order per word."""
    return tuple({"order": list(word)} for word in text.split())


# --- the examples, per game ---------------------------------------------------

EXAMPLES: dict[str, tuple[Example, ...]] = {
    "molotow": (
        Example(
            "unique",
            _("highest and lowest unique"),
            ({"points": {"A": 90, "B": 9, "C": 34, "D": 24}},),
            {"totals": (1, 1, -1, -1)},
        ),
        Example(
            "middle-equal",
            _("the middle two equal"),
            ({"points": {"A": 75, "B": 35, "C": 35, "D": 12}},),
            {"totals": (1, -1, -1, 1)},
        ),
        Example(
            "shared-high",
            _("highest shared"),
            ({"points": {"A": 60, "B": 60, "C": 22, "D": 15}},),
            {"totals": (0, 0, -1, 1)},
        ),
        Example(
            "shared-low",
            _("lowest shared"),
            ({"points": {"A": 80, "B": 45, "C": 16, "D": 16}},),
            {"totals": (1, -1, 0, 0)},
        ),
        Example(
            "three-tied",
            _("three tied"),
            ({"points": {"A": 40, "B": 40, "C": 40, "D": 37}, "draw_loser": "C"},),
            {"totals": (0, 0, -1, 1)},
        ),
        Example(
            "hundred",
            _("100 to 156"),
            ({"points": {"A": 104, "B": 20, "C": 18, "D": 15}},),
            {"totals": (-3, 3, 3, 3)},
        ),
        Example(
            "all",
            _("all 157"),
            ({"points": {"A": 157, "B": 0, "C": 0, "D": 0}},),
            {"totals": (3, -3, -3, -3)},
        ),
    ),
    "anrufen": (
        Example(
            "normal",
            _("partner C"),
            ({"bidder": "A", "bid": "normal", "partner": "C", "points": 50},),
            {"totals": (11, 9, 11, 9), "stake": 1, "made": True},
        ),
        Example(
            "marriage-contra",
            _("a marriage raises the bar"),
            (
                {
                    "bidder": "A",
                    "bid": "normal",
                    "partner": "C",
                    "contra": True,
                    "points": 60,
                    "marriages": {"opponents": ["trump"]},
                },
            ),
            {"totals": (8, 12, 8, 12), "stake": 2, "made": False},
        ),
        Example(
            "own-stake",
            _("100 points in a normal game"),
            (
                {
                    "bidder": "A",
                    "bid": "normal",
                    "partner": "C",
                    "points": 90,
                    "marriages": {"bidder": ["plain"]},
                },
            ),
            {"totals": (11, 9, 11, 9), "stake": 1, "made": True},
        ),
        Example(
            "hundred",
            "",
            (
                {
                    "bidder": "A",
                    "bid": "hundred",
                    "partner": "C",
                    "points": 90,
                    "tricks": 6,
                    "marriages": {"bidder": ["trump"]},
                },
            ),
            {"totals": (12, 8, 12, 8), "stake": 2, "made": True},
        ),
        Example(
            "raised",
            "",
            (
                {
                    "bidder": "A",
                    "bid": "normal",
                    "partner": "C",
                    "raised_to": "hundred",
                    "points": 70,
                    "marriages": {"bidder": ["plain"]},
                },
            ),
            {"totals": (8, 12, 8, 12), "stake": 2, "made": False},
        ),
        Example(
            "no-tricks",
            _("alone"),
            ({"bidder": "A", "bid": "no_tricks", "tricks": 0},),
            {"totals": (16, 8, 8, 8), "stake": 2, "made": True},
        ),
        Example(
            "no-tricks-contra",
            _("alone"),
            ({"bidder": "A", "bid": "no_tricks", "contra": True, "tricks": 0},),
            {"totals": (19, 7, 7, 7), "stake": 3, "made": True},
        ),
        Example(
            "contra-doubles",
            _("house rule: contra doubles"),
            ({"bidder": "A", "bid": "no_tricks", "contra": True, "tricks": 0},),
            {"totals": (22, 6, 6, 6), "stake": 4, "made": True},
            options={"contra": "double"},
        ),
        Example(
            "all-tricks",
            "",
            ({"bidder": "A", "bid": "all_tricks", "partner": "C", "contra": True, "tricks": 6},),
            {"totals": (13, 7, 13, 7), "stake": 3, "made": True},
        ),
        Example(
            "all-tricks-hundred",
            _("every trick, but under 100"),
            ({"bidder": "A", "bid": "all_tricks_hundred", "partner": "C", "points": 90, "tricks": 6},),
            {"totals": (7, 13, 7, 13), "stake": 3, "made": False},
        ),
        Example("redeal", "", ({"redeal": True},), {"totals": (10, 10, 10, 10), "stake": 0}),
        Example(
            "three-players",
            _("3 players: A alone against B and C"),
            ({"bidder": "A", "bid": "normal", "points": 40, "marriages": {"bidder": ["plain"]}},),
            {"totals": (12, 9, 9), "stake": 1, "made": True},
            players=ABC,
        ),
    ),
    "elfer": (
        Example(
            "game-1",
            _("game 1"),
            (
                {
                    "bonus": {"A": 2, "B": 1, "D": 3},
                    "cards": {"B": [3, 17], "C": [21, 1], "D": [12]},
                    "jokers": {"B": 1},
                },
            ),
            {"totals": (22, -20, -22, 21), "winners": ("A",)},
        ),
        Example(
            "game-2",
            _("game 2"),
            ({"bonus": {"B": 2}, "cards": {"B": [5], "C": [4], "D": [20]}},),
            {"totals": (0, 17, -4, -20), "winners": ("B",)},
        ),
    ),
    "murlan": (
        Example(
            "wins",
            "",
            _orders("ABCD ABCD ABCD ABCD ABCD ABCD BCDA DCAB DCBA DCBA ACBD"),
            {"before": (19, 17, 14, 10), "totals": (22, 18, 16, 10), "target": 21, "winners": ("A",)},
        ),
        Example(
            "rises",
            "",
            _orders("ABCD ABCD ABCD ABCD ABCD ABCD BCDA DBAC DCBA DCBA ABCD"),
            {"before": (19, 19, 12, 10), "totals": (22, 21, 13, 10), "target": 31, "winners": ()},
        ),
        Example(
            "wins-at-31",
            "",
            _orders("ABCD ABCD ABCD ABCD ABCD ABCD BACD BCDA BACD ABCD DABC DABC DBCA DCBA ABCD"),
            {"before": (29, 28, 14, 13), "totals": (32, 30, 15, 13), "target": 31, "winners": ("A",)},
        ),
        Example(
            "cap",
            _("two over 51"),
            _orders(
                "ABCD ABCD ABCD ABCD ABCD ABCD BACD BCDA BACD ABCD ABCD BADC BADC ABDC ABDC "
                "BADC BADC BADC BADC BADC ABCD"
            ),
            {"before": (48, 50, 12, 10), "totals": (51, 52, 13, 10), "target": 51, "winners": ("B",)},
        ),
    ),
}

# Elfer raus!: the match adds its games up; this is both games above as one match.
ELFER_MATCH = Example(
    "match",
    _("the match of both games"),
    EXAMPLES["elfer"][0].rounds + EXAMPLES["elfer"][1].rounds,
    {"totals": (22, -3, -26, 1), "winners": ("A",)},
    closed=True,
)
