"""Free scoring: the rules page's worked examples (see ``companion.games.examples``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from companion.games.examples import ABC, Example


def points(*rounds: tuple[int, ...]) -> tuple[dict[str, dict[str, int]], ...]:
    """Rounds written as (A, B, C) points."""
    return tuple({"points": dict(zip(ABC, row, strict=True))} for row in rounds)


EXAMPLES = (
    Example(
        "hearts",
        _("target 100, lowest wins"),
        points((20, 35, 50), (40, 30, 55)),
        {"totals": (60, 65, 105), "winners": ("A",)},
        players=ABC,
        options={"target": 100, "lowest_wins": True},
    ),
    Example(
        "two-rounds",
        _("2 rounds"),
        points((7, 7, -3), (1, 1, 20)),
        {"totals": (8, 8, 17), "winners": ("C",)},
        players=ABC,
        options={"rounds": 2},
    ),
    Example(
        "open",
        _("no limit: the table ends it"),
        ({"points": {"A": 5}},),
        {"totals": (5, 0, 0), "winners": ()},
        players=ABC,
    ),
)
