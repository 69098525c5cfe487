"""Molotow Jass: the rules page's worked examples (see ``companion.games.examples``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from companion.games.examples import Example

EXAMPLES = (
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
)
