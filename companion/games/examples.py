"""A worked example of a rules page, as data: a little match and its hand-computed result.

Each game keeps its examples in ``companion.games.<game>.examples``. Each example is a match in the shape of the match file (docs/match-format.md) with
the players A, B, C, D (A, B, C with three at the table). ``expected`` is the
result worked out by hand from docs/rules.md with the standard rules; the page
shows what the engine computes (``companion.printing.rules``) and the tests check that
both agree. Every example of docs/rules.md is here, plus what it takes to show
every case of the scoring rules at least once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise

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
