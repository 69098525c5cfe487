"""Club night files for the tests: the spec's example night, played to the end, and ways to break it."""

from __future__ import annotations

import copy
from typing import Any

ENTRANTS = ["Anna", "Beat", "Cla", "Dora", "Eva", "Fritz", "Gian"]


def anrufen_match(players: list[str], bidder: str, partner: str | None = None, *, rounds: int = 1) -> dict:
    """An Anrufen match of ``rounds`` deals the bidder (with the partner at four) makes with 70 points."""
    entry: dict[str, Any] = {"bidder": bidder, "bid": "normal", "points": 70}
    if partner is not None:
        entry["partner"] = partner
    return {"game": "anrufen", "players": players, "options": {"rounds": rounds}, "rounds": [entry] * rounds}


def spec_night() -> dict:
    """The spec's example (anrufen, 7 entrants, tables of 4 and 3) with a second sitting, both complete.

    Sitting 1: Cla and Anna win their table (+1 each, Gian and Eva -1); Dora wins alone (+2, Fritz and
    Beat -1). Sitting 2: Beat and Gian win (+1), Anna and Dora lose (-1); Eva wins alone at 3.
    """
    matches = [
        anrufen_match(["Cla", "Anna", "Gian", "Eva"], "Cla", "Anna"),
        anrufen_match(["Dora", "Fritz", "Beat"], "Dora"),
        anrufen_match(["Beat", "Anna", "Gian", "Dora"], "Beat", "Gian"),
        anrufen_match(["Eva", "Cla", "Fritz"], "Eva"),
    ]
    club = {
        "game": "anrufen",
        "options": {"rounds": 1},
        "table_size": 4,
        "smaller_tables": True,
        "ranking": "table_points",
        "drop_worst": 0,
        "entrants": list(ENTRANTS),
        "departed": [],
        "sittings": [
            {
                "number": 1,
                "seed": 52817,
                "tables": [
                    {"table": 1, "players": ["Cla", "Anna", "Gian", "Eva"], "match": 0},
                    {"table": 2, "players": ["Dora", "Fritz", "Beat"], "match": 1},
                ],
                "byes": [],
            },
            {
                "number": 2,
                "seed": 7,
                "tables": [
                    {"table": 1, "players": ["Beat", "Anna", "Gian", "Dora"], "match": 2},
                    {"table": 2, "players": ["Eva", "Cla", "Fritz"], "match": 3},
                ],
                "byes": [],
            },
        ],
    }
    return {"game_night": {"title": "Club night", "date": "2026-12-03"}, "matches": matches, "club": club}


def changed(document: dict, change) -> dict:
    """A deep copy of ``document`` after ``change(copy)``."""
    result = copy.deepcopy(document)
    change(result)
    return result
