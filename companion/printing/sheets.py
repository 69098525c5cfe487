"""Blank score sheets to print and fill in by hand, one A4 page each.

:func:`sheet` gives a sheet's layout for a game and a number of players
(the page's ``?players=`` choice, within the game's limits). The reminders
printed at the foot are the standard rules' sentences from
``companion.printing.house_rules``, so the paper says what the app computes.
The game's own table is its ``games/<game>/sheet.html`` template, in the game's folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games import registry
from companion.printing.house_rules import clean_options, house_rules
from scoring.registry import get_engine


@dataclass(frozen=True)
class Sheet:
    game: str
    title: str  # the game's name, translated
    template: str  # the game's part of the sheet
    players: int
    seats: list[int]  # 1 to players, for the columns
    player_choices: list[int]  # the other counts the sheet can be printed for
    rows: list[int]  # the round numbers to print, from 1
    orientation: str  # "portrait" or "landscape"
    options: dict[str, Any]  # the standard house rules
    house: dict[str, str]  # the standard rules' sentences (companion.printing.house_rules)
    extra: dict[str, Any]


def player_count(game: str, wanted: str | None) -> int:
    """The ``?players=`` choice if it is a whole number the game allows, else the usual count."""
    engine = get_engine(game)
    default = registry.get(game).default_players
    try:
        count = int(wanted or "")
    except ValueError:
        return default
    return count if engine.min_players <= count <= engine.max_players else default


def sheet(game: str, wanted_players: str | None = None) -> Sheet:
    engine = get_engine(game)
    parts = registry.get(game)
    options = clean_options(game)
    count = player_count(game, wanted_players)
    return Sheet(
        game=game,
        title=parts.label,
        template=parts.sheet_template,
        players=count,
        seats=list(range(1, count + 1)),
        player_choices=list(range(engine.min_players, engine.max_players + 1)),
        # Rows that fit one A4 page with room to write, or one per deal of the standard match.
        rows=list(range(1, (parts.sheet_rows or options["rounds"]) + 1)),
        orientation="landscape" if parts.sheet_landscape else "portrait",
        options=options,
        house=house_rules(game, options),
        extra=parts.sheet_context(options, count),
    )
