"""Anrufen: the rules page's worked examples (see ``companion.games.examples``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from companion.games.examples import ABC, Example

EXAMPLES = (
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
)
