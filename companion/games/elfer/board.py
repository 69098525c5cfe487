"""Elfer raus! Master: the bonus board of the game in play, as stored on the match and as shown.

The bonus board (``scoring.elfer_board``) is kept on the match while a game is
played (``Match.game_state``, ``None`` for an empty board). The entry form's bonus
counts start from it, and :class:`BoardView` is what the scoreboard shows of it;
``companion.games.elfer.views`` changes it, one tapped side at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.base import ScoringError
from scoring.elfer_board import COLOURS, SIDES, BonusBoard

COLOUR_NAMES = {
    "red": pgettext_lazy("Elfer raus! colour", "Red"),
    "yellow": pgettext_lazy("Elfer raus! colour", "Yellow"),
    "green": pgettext_lazy("Elfer raus! colour", "Green"),
    "blue": pgettext_lazy("Elfer raus! colour", "Blue"),
}
DASH = "\u2013"  # an en dash, as a range of cards is printed
SIDE_RANGES = {"low": f"1{DASH}11", "high": f"11{DASH}21"}

# The board's conflicts (``scoring.elfer_board``: another phone tapped first) name the side as
# the board on the page does ("Red 1-11", "Rot 1-11").
BOARD_MESSAGES = {
    "board.completed_already": gettext_lazy("%(side)s was already completed by %(name)s."),
    "board.open_already": gettext_lazy("%(side)s is open already."),
}


def board_error_text(error: ScoringError, side: str) -> str | None:
    """A bonus board conflict with the side named ``side``, or None when the code is not a board one."""
    message = BOARD_MESSAGES.get(error.code)
    return None if message is None else message % {**error.params, "side": side}


def load_board(data: Any, players: Sequence[str]) -> BonusBoard:
    """The stored board of the game in play, for the seats as they are now.

    ``None`` is an empty board. A board written before a player was renamed
    names him by his old name: its completions are moved to the same seat.
    A board that cannot be read (it is only ever written by ``to_json``) or
    that has other seats starts empty rather than blocking the table.
    """
    players = tuple(players)
    if data is None:
        return BonusBoard.new(players)
    try:
        board = BonusBoard.from_json(data)
    except ScoringError:
        return BonusBoard.new(players)
    if board.players == players:
        return board
    if len(board.players) != len(players):
        return BonusBoard.new(players)
    seat_of = {name: seat for seat, name in enumerate(board.players)}
    moved = tuple((colour, side, players[seat_of[name]]) for colour, side, name in board.completed)
    return BonusBoard(players, moved)


def side_label(colour: str, side: str) -> str:
    """How the table names a side: the colour and its range of cards."""
    return f"{COLOUR_NAMES[colour]} {SIDE_RANGES[side]}"


@dataclass(frozen=True)
class BoardSide:
    colour: str
    side: str
    label: str  # the colour and the range
    range: str  # the cards of the side, low to high
    holder: str | None  # who completed it, None while open
    earned: bool  # whether completing it took a bonus card (not the eighth side)


@dataclass(frozen=True)
class BoardColour:
    key: str
    name: str
    sides: list[BoardSide]


@dataclass(frozen=True)
class BoardSeat:
    index: int
    name: str
    bonus: int


class BoardView:
    """The bonus board as the scoreboard shows it: plain values for the template."""

    def __init__(self, board: BonusBoard):
        self.board = board
        self.remaining = board.remaining_bonus_cards
        self.completed_count = len(board.completed)
        self.colours = [
            BoardColour(
                colour,
                str(COLOUR_NAMES[colour]),
                [
                    BoardSide(
                        colour,
                        side,
                        side_label(colour, side),
                        SIDE_RANGES[side],
                        board.holder(colour, side),
                        board.earned_bonus(colour, side),
                    )
                    for side in SIDES
                ],
            )
            for colour in COLOURS
        ]
        counts = board.bonus_counts()
        self.seats = [BoardSeat(index, name, counts[name]) for index, name in enumerate(board.players)]
