"""Blank score sheets to print and fill in by hand, one A4 page each.

:func:`sheet` gives a sheet's layout for a game and a number of players
(the page's ``?players=`` choice, within the game's limits). The reminders
printed at the foot are the standard rules' sentences from
``companion.house_rules``, so the paper says what the app computes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.house_rules import anrufen_contracts, clean_options, house_rules
from companion.models import Game
from scoring.registry import get_engine

# Rows that fit one A4 page with room to write; a longer night takes a second sheet.
ROWS = {"molotow": None, "anrufen": 18, "elfer": 14, "murlan": 24}  # molotow: the deals of a match
DEFAULT_PLAYERS = {"molotow": 4, "anrufen": 4, "elfer": 4, "murlan": 4}
LANDSCAPE = frozenset({"anrufen"})  # the chip ledger needs the width


@dataclass(frozen=True)
class Sheet:
    game: str
    title: str  # the game's name, translated
    players: int
    seats: list[int]  # 1 to players, for the columns
    player_choices: list[int]  # the other counts the sheet can be printed for
    rows: list[int]  # the round numbers to print, from 1
    orientation: str  # "portrait" or "landscape"
    options: dict[str, Any]  # the standard house rules
    house: dict[str, str]  # the standard rules' sentences (companion.house_rules)
    extra: dict[str, Any]


def player_count(game: str, wanted: str | None) -> int:
    """The ``?players=`` choice if it is a whole number the game allows, else the usual count."""
    engine = get_engine(game)
    try:
        count = int(wanted or "")
    except ValueError:
        return DEFAULT_PLAYERS[game]
    return count if engine.min_players <= count <= engine.max_players else DEFAULT_PLAYERS[game]


def sheet(game: str, wanted_players: str | None = None) -> Sheet:
    engine = get_engine(game)
    options = clean_options(game)
    count = player_count(game, wanted_players)
    extra: dict[str, Any] = {}
    if game == "murlan":
        ladder = list(range(options["target"], options["max_target"], options["step"]))
        extra["targets"] = [*ladder, options["max_target"]]
        extra["points"] = list(range(count - 1, -1, -1))  # n-1 for the first finisher down to 0
    if game == "anrufen":
        extra["contracts"] = anrufen_contracts(options)
    return Sheet(
        game=game,
        title=Game(game).label,
        players=count,
        seats=list(range(1, count + 1)),
        player_choices=list(range(engine.min_players, engine.max_players + 1)),
        rows=list(range(1, (ROWS[game] or options["rounds"]) + 1)),
        orientation="landscape" if game in LANDSCAPE else "portrait",
        options=options,
        house=house_rules(game, options),
        extra=extra,
    )
