"""Murlan: the rules page's worked examples (see ``companion.games.examples``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from companion.games.examples import Example


def orders(text: str) -> tuple[dict[str, list[str]], ...]:
    """Murlan hands written as "ABCD ACBD …": one finishing order per word."""
    return tuple({"order": list(word)} for word in text.split())


EXAMPLES = (
    Example(
        "wins",
        "",
        orders("ABCD ABCD ABCD ABCD ABCD ABCD BCDA DCAB DCBA DCBA ACBD"),
        {"before": (19, 17, 14, 10), "totals": (22, 18, 16, 10), "target": 21, "winners": ("A",)},
    ),
    Example(
        "rises",
        "",
        orders("ABCD ABCD ABCD ABCD ABCD ABCD BCDA DBAC DCBA DCBA ABCD"),
        {"before": (19, 19, 12, 10), "totals": (22, 21, 13, 10), "target": 31, "winners": ()},
    ),
    Example(
        "wins-at-31",
        "",
        orders("ABCD ABCD ABCD ABCD ABCD ABCD BACD BCDA BACD ABCD DABC DABC DBCA DCBA ABCD"),
        {"before": (29, 28, 14, 13), "totals": (32, 30, 15, 13), "target": 31, "winners": ("A",)},
    ),
    Example(
        "cap",
        _("two over 51"),
        orders(
            "ABCD ABCD ABCD ABCD ABCD ABCD BACD BCDA BACD ABCD ABCD BADC BADC ABDC ABDC "
            "BADC BADC BADC BADC BADC ABCD"
        ),
        {"before": (48, 50, 12, 10), "totals": (51, 52, 13, 10), "target": 51, "winners": ("B",)},
    ),
)
