"""The common interface of the four scoring engines.

Every engine folds a match — seats, house rules and entered rounds — into
:class:`Standings`. Engines are pure Python (no Django): the web app, the
``score`` command and the import all call the same code, so a rule is written
down exactly once and an error reads the same everywhere.

An engine never guesses. An outcome that cannot happen under the rules raises
:class:`ScoringError` whose text is one sentence a player can act on, naming the
round: ``round 3: points add up to 150, not 157``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scoring.errors import Phrase, ScoringError, gettext_noop, round_error
from scoring.names import check_seating
from scoring.text import and_list, describe, quote

__all__ = [
    "Phrase",
    "ScoringError",
    "and_list",
    "describe",
    "gettext_noop",
    "quote",
    "round_error",
]  # re-exported for the engines

CLOCKWISE = 1  # to the left: the next player in the seating order
COUNTER_CLOCKWISE = -1  # to the right: the previous player in the seating order


# --- small checks shared by the engines -------------------------------------


def is_int(value: Any) -> bool:
    """JSON integers only: ``True`` is an ``int`` in Python but not a count of points."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class WholeNumber:
    """The sentences about one whole number of a round entry, each whole so it translates whole.

    Placeholders: ``%(value)s`` (the value as given), ``%(low)d``/``%(high)d``
    (the limits) and whatever the caller passes (e.g. ``%(name)s``).
    """

    code: str
    not_int: str
    too_low: str
    too_high: str


def require_int(
    value: Any, number: int, what: WholeNumber, low: int | None = None, high: int | None = None, **params: Any
) -> int:
    """A whole number from ``low`` to ``high``, or the round's error in ``what``'s words."""
    if not is_int(value):
        raise round_error(number, f"{what.code}.not_int", what.not_int, value=describe(value), **params)
    if low is not None and value < low:
        raise round_error(
            number, f"{what.code}.too_low", what.too_low, low=low, value=describe(value), **params
        )
    if high is not None and value > high:
        raise round_error(
            number, f"{what.code}.too_high", what.too_high, high=high, value=describe(value), **params
        )
    return value


def require_mapping(value: Any, number: int, what: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise round_error(
            number,
            "value.not_object",
            gettext_noop("%(what)s must be an object, not %(value)s"),
            what=what,
            value=describe(value),
        )
    return value


def require_known_keys(entry: Mapping, number: int, allowed: set[str] | frozenset[str]) -> None:
    unknown = sorted(str(key) for key in entry if key not in allowed)
    if unknown:
        raise round_error(
            number,
            "round.unknown_field",
            gettext_noop("unknown field %(fields)s"),
            fields=", ".join(quote(key) for key in unknown),
        )


def require_player(value: Any, players: Sequence[str], number: int, what: str) -> str:
    if not isinstance(value, str) or value not in players:
        raise round_error(
            number,
            "round.not_a_player",
            gettext_noop("%(what)s %(value)s is not a player of this match"),
            what=what,
            value=describe(value),
        )
    return value


def require_player_keys(mapping: Mapping, players: Sequence[str], number: int, what: str) -> None:
    for name in mapping:
        if name not in players:
            raise round_error(
                number,
                "round.not_a_player_in",
                gettext_noop("%(what)s: %(value)s is not a player of this match"),
                what=what,
                value=describe(name),
            )


def next_in_seating(players: Sequence[str], player: str, direction: int) -> str:
    return players[(players.index(player) + direction) % len(players)]


def best(totals: Mapping[str, int], players: Sequence[str]) -> tuple[str, ...]:
    """Everyone with the highest total, in seating order (equal highest share)."""
    top = max(totals[name] for name in players)
    return tuple(name for name in players if totals[name] == top)


def rank(
    totals: Mapping[str, int], players: Sequence[str], *, lower_is_better: bool = False
) -> dict[str, int]:
    """Each player's place: 1 + the number of players with a better total (docs/match-format.md).

    Better is higher, or lower when ``lower_is_better``; equal totals share the
    better place (totals 10, 7, 7, 3 give places 1, 2, 2, 4).
    """
    sign = -1 if lower_is_better else 1
    return {
        name: 1 + sum(sign * totals[other] > sign * totals[name] for other in players) for name in players
    }


def first_placed(places: Mapping[str, int], players: Sequence[str]) -> tuple[str, ...]:
    """The players in first place, in seating order: a finished match's winners."""
    return tuple(name for name in players if places[name] == 1)


# --- house rules ------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One house rule an engine offers, with its default and its allowed values.

    ``kind`` is ``int``, ``bool`` or ``str`` (with ``choices``); ``nullable``
    lets ``None`` mean "open" (the table ends the match).
    """

    name: str
    default: Any
    kind: type
    label: str
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    nullable: bool = False

    def clean(self, value: Any) -> Any:
        if value is None:
            if self.nullable:
                return None
            raise self.error("option.unset", gettext_noop("option %(option)s must be set"))
        if self.kind is bool:
            if not isinstance(value, bool):
                raise self.error(
                    "option.not_bool",
                    gettext_noop("option %(option)s must be true or false, not %(value)s"),
                    value=describe(value),
                )
            return value
        if self.kind is int:
            if not is_int(value):
                raise self.error(
                    "option.not_int",
                    gettext_noop("option %(option)s must be a whole number, not %(value)s"),
                    value=describe(value),
                )
            if self.minimum is not None and value < self.minimum:
                raise self.error(
                    "option.too_low",
                    gettext_noop("option %(option)s must be at least %(low)d, not %(value)s"),
                    low=self.minimum,
                    value=describe(value),
                )
            if self.maximum is not None and value > self.maximum:
                raise self.error(
                    "option.too_high",
                    gettext_noop("option %(option)s must be at most %(high)d, not %(value)s"),
                    high=self.maximum,
                    value=describe(value),
                )
            return value
        if not isinstance(value, str) or value not in self.choices:
            raise self.error(
                "option.not_a_choice",
                gettext_noop("option %(option)s must be %(choices)s, not %(value)s"),
                choices=" or ".join(quote(choice) for choice in self.choices),
                value=describe(value),
            )
        return value

    def error(self, code: str, template: str, **params: Any) -> ScoringError:
        """An error about this option; ``params["option"]`` is its key as the file writes it."""
        return ScoringError(template, code, option=quote(self.name), **params)


# --- results ----------------------------------------------------------------


@dataclass(frozen=True)
class RoundResult:
    """What one round changed. ``extras`` go into the JSON beside ``deltas``."""

    number: int
    deltas: dict[str, int]
    extras: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "deltas": dict(self.deltas), **self.extras}


@dataclass(frozen=True)
class Standings:
    """A match folded up to now.

    ``places`` is each player's place now, finished or not (:func:`rank`): every
    list that orders players by the match's result uses it, never the raw total.
    ``extras`` are the game's additions to the ``score`` JSON (docs/match-format.md);
    ``table`` holds what the scoreboard shows but the JSON does not (who leads,
    the exchange reminder, …).
    """

    game: str
    players: tuple[str, ...]
    options: dict[str, Any]
    rounds: tuple[RoundResult, ...]
    totals: dict[str, int]
    finished: bool
    winners: tuple[str, ...]
    dealer: str | None
    places: dict[str, int]
    extras: dict[str, Any] = field(default_factory=dict)
    table: dict[str, Any] = field(default_factory=dict)

    def by_place(self) -> list[str]:
        """The players best place first; equal places keep the seating order."""
        return sorted(self.players, key=lambda name: (self.places[name], self.players.index(name)))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "players": list(self.players),
            "rounds": [result.to_json() for result in self.rounds],
            "totals": dict(self.totals),
            "finished": self.finished,
            "winners": list(self.winners),
            "places": dict(self.places),
        }
        if not self.finished:
            data["dealer"] = self.dealer
        data.update(self.extras)
        return data


# --- the engine -------------------------------------------------------------


FIRST_DEALER = "first_dealer"


class Engine:
    """Base of the four engines: checks seats and options, then folds rounds.

    A subclass sets the class attributes and implements :meth:`fold`, which
    checks every round as it folds it (a round after the match is over is an
    error too) and raises :class:`ScoringError` for anything the rules forbid.
    """

    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    deal_direction: ClassVar[int] = CLOCKWISE
    options: ClassVar[tuple[Option, ...]] = ()
    # Where a round entry names players (for renaming them): keys of maps, single names, lists.
    name_maps: ClassVar[tuple[str, ...]] = ()
    name_values: ClassVar[tuple[str, ...]] = ()
    name_lists: ClassVar[tuple[str, ...]] = ()

    # -- seats and house rules --

    def clean_players(self, players: Any) -> tuple[str, ...]:
        """The seats, checked by the name rule (:mod:`scoring.names`) and the player count."""
        if not isinstance(players, (list, tuple)):
            raise ScoringError(
                gettext_noop("players must be a list of names, not %(value)s"),
                "players.not_list",
                value=describe(players),
            )
        check_seating(players)
        if not self.min_players <= len(players) <= self.max_players:
            if self.min_players == self.max_players:
                template = gettext_noop("%(game)s is played by exactly %(low)d players, not %(count)d")
            else:
                template = gettext_noop("%(game)s is played by %(low)d to %(high)d players, not %(count)d")
            raise ScoringError(
                template,
                "players.count",
                game=self.title,
                low=self.min_players,
                high=self.max_players,
                count=len(players),
            )
        return tuple(players)

    def clean_options(self, players: Sequence[str], options: Any) -> dict[str, Any]:
        """All house rules with defaults filled in; unknown names are an error."""
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise ScoringError(
                gettext_noop("options must be an object"), "options.not_object", value=describe(options)
            )
        known = {option.name: option for option in self.options}
        unknown = sorted(str(name) for name in options if name != FIRST_DEALER and name not in known)
        if unknown:
            raise ScoringError(
                gettext_noop("unknown option %(options)s for %(game)s"),
                "options.unknown",
                options=", ".join(quote(name) for name in unknown),
                game=self.title,
            )
        cleaned: dict[str, Any] = {}
        first_dealer = options.get(FIRST_DEALER, players[0])
        if not isinstance(first_dealer, str) or first_dealer not in players:
            raise ScoringError(
                gettext_noop("option %(option)s: %(value)s is not a player of this match"),
                "option.first_dealer",
                option=quote(FIRST_DEALER),
                value=describe(first_dealer),
            )
        cleaned[FIRST_DEALER] = first_dealer
        for name, option in known.items():
            cleaned[name] = option.clean(options[name]) if name in options else option.default
        self.check_options(players, cleaned)
        return cleaned

    def check_options(self, players: Sequence[str], options: dict[str, Any]) -> None:
        """Checks between options (e.g. a target above its maximum); override when needed."""

    # -- ranking --

    def start_total(self, options: Mapping[str, Any]) -> int:
        """Everybody's total before round 1 under these (cleaned) house rules: 0 in most games."""
        return 0

    def lower_is_better(self, options: Mapping[str, Any]) -> bool:
        """Whether a lower total is the better one under these house rules (higher in most games)."""
        return False

    def places(
        self, totals: Mapping[str, int], players: Sequence[str], options: Mapping[str, Any]
    ) -> dict[str, int]:
        """Each player's place by total, the better way round for these house rules."""
        return rank(totals, players, lower_is_better=self.lower_is_better(options))

    # -- folding --

    def score(self, players: Any, options: Any, rounds: Any, *, closed: bool = False) -> Standings:
        """Standings after ``rounds``. ``closed``: the table ended an open match."""
        seats = self.clean_players(players)
        cleaned = self.clean_options(seats, options)
        return self._fold_rounds(seats, cleaned, rounds, closed=closed)

    def replay(self, players: Sequence[str], options: Any, rounds: Any, *, closed: bool = False) -> Standings:
        """Standings after ``rounds`` at seats already checked by :meth:`clean_players`.

        For a stored match, whose names were checked when they were seated: the seats are
        taken as they are, and everything else (the house rules, every round) is checked
        exactly as :meth:`score` checks it, so both give the same standings and errors.
        """
        seats = tuple(players)
        return self._fold_rounds(seats, self.clean_options(seats, options), rounds, closed=closed)

    def _fold_rounds(
        self, seats: tuple[str, ...], options: dict[str, Any], rounds: Any, *, closed: bool
    ) -> Standings:
        if not isinstance(rounds, (list, tuple)):
            raise ScoringError(
                gettext_noop("rounds must be a list, not %(value)s"),
                "rounds.not_list",
                value=describe(rounds),
            )
        for number, entry in enumerate(rounds, start=1):
            if not isinstance(entry, Mapping):
                raise round_error(
                    number,
                    "round.not_object",
                    gettext_noop("a round must be an object, not %(value)s"),
                    value=describe(entry),
                )
        return self.fold(seats, options, list(rounds), closed=closed)

    def fold(
        self, players: tuple[str, ...], options: dict[str, Any], rounds: list[Mapping], *, closed: bool
    ) -> Standings:
        raise NotImplementedError

    # -- helpers for subclasses --

    def dealer_after(self, players: Sequence[str], options: Mapping[str, Any], rounds_played: int) -> str:
        """Every recorded round moves the deal on, in the game's direction."""
        first = players.index(options[FIRST_DEALER])
        return players[(first + self.deal_direction * rounds_played) % len(players)]

    # -- settling up (scoring.md §6) --

    def money_units(self, totals: Mapping[str, int], options: Mapping[str, Any]) -> dict[str, int]:
        """What each player wins (or pays, when negative) at a price of 1 per unit; sums to zero.

        Every pair of players settles the difference of their totals: a player gets
        ``own - other`` from each other player, so ``n * own - sum of all``.
        """
        whole = sum(totals.values())
        count = len(totals)
        return {name: count * total - whole for name, total in totals.items()}

    def after_match_over(self, number: int) -> ScoringError:
        return round_error(number, "round.after_the_end", gettext_noop("the match is already over"))
