"""Elfer raus! Master: the rules page's worked examples (see ``companion.games.examples``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from companion.games.examples import Example

EXAMPLES = (
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
)

# The match adds its games up; this is both games above as one match.
MATCH = Example(
    "match",
    _("the match of both games"),
    EXAMPLES[0].rounds + EXAMPLES[1].rounds,
    {"totals": (22, -3, -26, 1), "winners": ("A",)},
    closed=True,
)
