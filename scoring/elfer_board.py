"""The bonus board of Elfer raus! Master, kept by the app while a game is played.

Four colours, each with two sides: ``low`` (1 up to the 11) and ``high`` (the 11
up to 21). Whoever lays the last card of a side completes it and takes a bonus
card while any are left: there are 7 bonus cards for 8 sides, so the side
completed last earns nothing. At the end of the game :meth:`BonusBoard.bonus_counts`
gives each player's bonus cards for the entry of :class:`scoring.elfer.Elfer`.

The board is an immutable value: every change returns a new board, and
``to_json``/``from_json`` let the web app keep it in a JSON field::

    {"players": ["Anna", "Beat"],
     "completed": [{"colour": "red", "side": "low", "player": "Anna"}, ...]}

``completed`` is in completion order, because the order decides which side is
the eighth and earns no bonus card.

Decisions:

* Undoing a side (a mis-tap) removes it from the completion order; the sides
  completed after it move up, so a board that had eight sides and loses one
  gives all seven remaining sides their bonus card again.
* ``from_json`` accepts exactly the shape ``to_json`` writes: unknown keys,
  a side completed twice or a player not on the board are errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.base import ScoringError, describe

COLOURS = ("red", "yellow", "green", "blue")
SIDES = ("low", "high")
BONUS_CARDS = 7
MIN_PLAYERS = 2
MAX_PLAYERS = 6

Completion = tuple[str, str, str]  # (colour, side, player)


def _side_name(colour: str, side: str) -> str:
    return f"the {side} side of {colour}"


def _check_side(colour: Any, side: Any) -> None:
    if not isinstance(colour, str) or colour not in COLOURS:
        raise ScoringError(f"unknown colour {describe(colour)}: expected red, yellow, green or blue")
    if not isinstance(side, str) or side not in SIDES:
        raise ScoringError(f"unknown side {describe(side)}: expected low or high")


@dataclass(frozen=True)
class BonusBoard:
    """Who completed which side, in completion order, for the players of one game."""

    players: tuple[str, ...]
    completed: tuple[Completion, ...] = ()

    def __post_init__(self) -> None:
        # Checked here, not only in from_json, so no code path can build a board
        # the game could not reach.
        players = self.players
        if not isinstance(players, tuple) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ScoringError(f"a bonus board needs a list of {MIN_PLAYERS} to {MAX_PLAYERS} players")
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise ScoringError(f"player names must be non-empty text, not {describe(name)}")
        if len(set(players)) != len(players):
            raise ScoringError("a player is seated twice on the bonus board")
        if not isinstance(self.completed, tuple):
            raise ScoringError("the completed sides must be a list")
        seen: set[tuple[str, str]] = set()
        for completion in self.completed:
            if not isinstance(completion, tuple) or len(completion) != 3:
                raise ScoringError("a completed side must name its colour, side and player")
            colour, side, player = completion
            _check_side(colour, side)
            if not isinstance(player, str) or player not in players:
                raise ScoringError(f"{describe(player)} is not a player on the bonus board")
            if (colour, side) in seen:
                raise ScoringError(f"{_side_name(colour, side)} is completed twice")
            seen.add((colour, side))

    @classmethod
    def new(cls, players: Any) -> BonusBoard:
        """An empty board for a game's seating order."""
        if not isinstance(players, (list, tuple)):
            raise ScoringError("a bonus board needs a list of players")
        return cls(tuple(players))

    # -- changes (each returns a new board) --

    def complete(self, colour: str, side: str, player: str) -> BonusBoard:
        _check_side(colour, side)
        if not isinstance(player, str) or player not in self.players:
            raise ScoringError(f"{describe(player)} is not a player on the bonus board")
        holder = self.holder(colour, side)
        if holder is not None:
            # Coded, with the side's colour and key: the web says it in its own words and names the
            # side as the table does ("Red 1-11"), so this English template is not in the catalogue.
            raise ScoringError(
                "%(side_name)s is already completed by %(name)s",
                "board.completed_already",
                side_name=_side_name(colour, side),
                colour=colour,
                side=side,
                name=holder,
            )
        return BonusBoard(self.players, (*self.completed, (colour, side, player)))

    def undo(self, colour: str, side: str) -> BonusBoard:
        _check_side(colour, side)
        if self.holder(colour, side) is None:
            raise ScoringError(
                "%(side_name)s is not completed",
                "board.open_already",
                side_name=_side_name(colour, side),
                colour=colour,
                side=side,
            )
        kept = tuple(c for c in self.completed if (c[0], c[1]) != (colour, side))
        return BonusBoard(self.players, kept)

    # -- reading --

    def holder(self, colour: str, side: str) -> str | None:
        """Who completed the side, or None while it is open."""
        _check_side(colour, side)
        for done_colour, done_side, player in self.completed:
            if (done_colour, done_side) == (colour, side):
                return player
        return None

    def earned_bonus(self, colour: str, side: str) -> bool:
        """Whether completing this side took a bonus card (only the first seven do)."""
        _check_side(colour, side)
        for index, (done_colour, done_side, _player) in enumerate(self.completed):
            if (done_colour, done_side) == (colour, side):
                return index < BONUS_CARDS
        return False

    def open_sides(self) -> tuple[tuple[str, str], ...]:
        """The sides nobody has completed yet, colour by colour."""
        done = {(colour, side) for colour, side, _player in self.completed}
        return tuple((c, s) for c in COLOURS for s in SIDES if (c, s) not in done)

    def bonus_counts(self) -> dict[str, int]:
        """Bonus cards per player, every player in seating order (0 included)."""
        counts = dict.fromkeys(self.players, 0)
        for _colour, _side, player in self.completed[:BONUS_CARDS]:
            counts[player] += 1
        return counts

    @property
    def remaining_bonus_cards(self) -> int:
        return max(0, BONUS_CARDS - len(self.completed))

    # -- JSON --

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "completed": [
                {"colour": colour, "side": side, "player": player} for colour, side, player in self.completed
            ],
        }

    @classmethod
    def from_json(cls, data: Any) -> BonusBoard:
        if not isinstance(data, Mapping):
            raise ScoringError(f"a bonus board must be an object, not {describe(data)}")
        if set(data) != {"players", "completed"}:
            raise ScoringError("a bonus board must have exactly the fields 'players' and 'completed'")
        players, completed = data["players"], data["completed"]
        if not isinstance(players, (list, tuple)):
            raise ScoringError(f"the players of a bonus board must be a list, not {describe(players)}")
        if not isinstance(completed, (list, tuple)):
            raise ScoringError(f"the completed sides must be a list, not {describe(completed)}")
        entries: list[Completion] = []
        for item in completed:
            if not isinstance(item, Mapping) or set(item) != {"colour", "side", "player"}:
                raise ScoringError("a completed side must be an object with 'colour', 'side' and 'player'")
            entries.append((item["colour"], item["side"], item["player"]))
        return cls(tuple(players), tuple(entries))
