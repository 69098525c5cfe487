"""Valid match files, and a Hypothesis strategy that breaks exactly one value in one of them.

Used by the fuzzers of the match file (tests/transfer/test_match_file.py) and of the
night import (tests/transfer/test_transfer.py): whatever one value becomes, reading
and scoring the file must end in one clean error, never in another exception.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

FOUR = ["Anna", "Beat", "Cla", "Dora"]

VALID_MATCHES: list[dict[str, Any]] = [
    {
        "game": "molotow",
        "players": FOUR,
        "options": {"first_dealer": "Beat", "rounds": 3, "others_on_100": 2},
        "rounds": [
            {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
            {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Cla"},
        ],
    },
    {
        "game": "anrufen",
        "players": FOUR,
        "options": {"chips": 10, "contra": "double", "rounds": None, "stop_at_zero": False},
        "rounds": [
            {"redeal": True},
            {
                "bidder": "Anna",
                "bid": "normal",
                "partner": "Cla",
                "raised_to": "hundred",
                "contra": True,
                "points": 60,
                "tricks": 4,
                "marriages": {"bidder": ["trump"], "opponents": ["plain", "plain"]},
            },
            {"bidder": "Dora", "bid": "no_tricks", "tricks": 0},
        ],
        "ended": True,
    },
    {
        "game": "anrufen",
        "players": ["Anna", "Beat", "Cla"],
        "options": None,
        "rounds": [
            {
                "bidder": "Beat",
                "bid": "all_tricks_hundred",
                "points": 70,
                "tricks": 7,
                "marriages": {"bidder": ["trump"]},
            }
        ],
    },
    {
        "game": "elfer",
        "players": FOUR,
        "options": {"rounds": 2},
        "rounds": [
            {
                "bonus": {"Anna": 2, "Beat": 1, "Dora": 3},
                "cards": {"Beat": [3, 17], "Cla": [21, 1], "Dora": [12]},
                "jokers": {"Beat": 1},
            },
        ],
    },
    {
        "game": "murlan",
        "players": ["Anna", "Beat", "Cla"],
        "options": {"target": 5, "step": 2, "max_target": 9},
        "rounds": [{"order": ["Anna", "Cla", "Beat"]}, {"order": ["Beat", "Anna", "Cla"]}],
    },
    {
        "game": "counter",
        "players": ["Anna", "Beat", "Cla"],
        "options": {"target": 100, "lowest_wins": True, "rounds": None},
        "rounds": [{"points": {"Anna": 20, "Beat": -35}}, {"points": {"Cla": 55}}],
    },
]

# Markers spliced into the JSON text, for what Python objects cannot hold or json.dumps cannot write.
HUGE_INT = "\x00huge-int\x00"
DEEP = "\x00deep\x00"
LONE_SURROGATE = "\x00surrogate\x00"
SPLICES = {
    json.dumps(HUGE_INT): "9" * 5000,
    json.dumps(DEEP): "[" * 1000 + "]" * 1000,
    json.dumps(LONE_SURROGATE): '"\\udc00"',
}

REPLACEMENTS = st.sampled_from(
    [
        None,
        True,
        False,
        0,
        -1,
        1,
        156,
        1.5,
        -0.0,
        10**25,
        -(10**25),
        "",
        " ",
        "x",
        "Anna",
        "Anna\n",
        "An\u200bna",
        "anna",
        "\u2028",
        "normal",
        "trump",
        [],
        [1],
        ["Anna", "Anna"],
        {},
        {"Anna": 1},
        {"x": None},
        HUGE_INT,
        DEEP,
        LONE_SURROGATE,
    ]
)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a document: dict keys and list positions, the document itself included."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def _set(document: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return document


@st.composite
def one_value_broken(draw) -> str:
    """A valid match file as JSON text with one value replaced, one key removed, renamed or added."""
    document = copy.deepcopy(draw(st.sampled_from(VALID_MATCHES)))
    path = draw(st.sampled_from(paths(document)))
    action = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add_key", "rename_key"]))
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    if action == "replace" or not path:
        document = _set(document, path, draw(REPLACEMENTS))
    elif action == "delete":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        key = draw(st.sampled_from(["extra", "Anna\n", "\u200bAnna", LONE_SURROGATE, "ended", "redeal"]))
        if action == "rename_key":
            parent[key] = parent.pop(path[-1])
        else:
            parent[key] = draw(REPLACEMENTS)
    else:
        parent.append(draw(REPLACEMENTS))
    text = json.dumps(document, ensure_ascii=False)
    for marker, splice in SPLICES.items():
        text = text.replace(marker, splice)
    return text
