"""What the web side knows about one game, as one object: :class:`GameParts`.

Each game's folder (``companion/games/<key>/__init__.py``) builds one
``GameParts`` and names it ``GAME``; ``companion.games.registry`` collects
them by the engine's key. Shared code (the scoreboard, the rule pages, the
CSV export, the statistics, the demo data) asks the registry for a part and
never asks which game it is holding.

Files follow the game's key, so they need no declaration here, and the
registry test checks each one exists:

* templates ``templates/games/<key>/``: ``status.html`` (the scoreboard's
  ``line``, ``player`` and ``board`` parts), ``row.html`` (a round's extra
  cells), ``entry.html`` (the entry form's fields), ``rules.html`` (the rules
  page's part), ``sheet.html`` (the blank score sheet's table);
* static files ``static/games/<key>/``: ``entry.js`` (the entry form's
  enhancer, registered as ``window.CompanionEntry[<key>]``) and ``game.css``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from companion.games.examples import Example
from companion.games.words import ROUND, RoundWords

if TYPE_CHECKING:
    from companion.games.entry import EntryForm
    from scoring.base import Standings

TEMPLATE_PARTS = ("status", "row", "entry", "rules", "sheet")
STATIC_PARTS = ("entry.js", "game.css")

Entry = Mapping[str, Any]
Rounds = list[dict[str, Any]]


@dataclass(frozen=True)
class Figure:
    """How a game sums up a player on the review pages: a label, the value from the sums, which way is better.

    ``value`` gets a ``companion.review.stats.GameLine`` (a player's sums for the game:
    ``played``, ``won``, ``score``, ``place_sum``, ``rounds``).
    """

    label: str | Promise
    short: str | Promise  # a column heading that fits a phone
    value: Callable[[Any], float | int | None]
    higher_is_better: bool = True
    signed: bool = False  # show a + before positive values (sticks, tokens)
    decimals: int = 1


def per(numerator: int, denominator: int) -> float | None:
    """A rate for a figure; ``None`` (shown as a dash) when there is nothing to divide by."""
    return numerator / denominator if denominator else None


@dataclass(frozen=True)
class DemoPlay:
    """How the demo data plays the game (``companion.demo``); every round must be valid by the rules.

    ``options(rng)`` are house rules as tables pick them (mostly the defaults);
    ``players(rng)`` how many would like to sit down (the table's size limits it);
    ``play(rng, names, options, skill)`` the rounds until the match is over by
    its rules, and whether the table ended an open match (``(rounds, closed)``).
    """

    options: Callable[[random.Random], dict[str, Any]]
    players: Callable[[random.Random], int]
    play: Callable[
        [random.Random, Sequence[str], Mapping[str, Any], Mapping[str, float]], tuple[Rounds, bool]
    ]
    minutes_per_round: int  # the demo's clock: how long a round takes at a real table


POINT = pgettext_lazy("a price per", "point")  # the unit a night's price is for, unless the game says


@dataclass(frozen=True)
class Record:
    """One of a game's own records (``companion.review.records``): a number per player of a finished match.

    ``value(result, entries, name)`` is the player's number in the match (``None``: none to count),
    from the engine's standings and the stored round entries; ``text(value)`` says it in words
    ("7 potatoes"); the record is the highest value, or the lowest when ``higher_is_better`` is false.
    ``key`` names it in the database (``companion.review.models.Feat.kind``): unique over the games.
    """

    key: str
    label: str | Promise
    value: Callable[[Standings, Sequence[Mapping[str, Any]], str], int | None]
    text: Callable[[int], str]
    higher_is_better: bool = True


def _no_text(*args: Any) -> str:
    return ""


def _nothing(*args: Any) -> dict[str, Any]:
    return {}


def _no_words(entry: Entry, players: Sequence[str]) -> str:
    return ""


def _zero(options: Mapping[str, Any]) -> int:
    return 0


def _no_partners(result: Standings) -> list[tuple[str, str, bool]]:
    return []


def _no_target(result: Standings) -> list[int] | None:
    return None


def round_label(number: int, limit: int | None) -> str:
    """The usual name of the round being played: "Round 3 of 12", "Round 3"."""
    if limit:
        return _("Round %(number)s of %(limit)s") % {"number": number, "limit": limit}
    return _("Round %(number)s") % {"number": number}


@dataclass(frozen=True)
class GameParts:
    """Everything the web knows about one game; see the module docstring for the files."""

    key: str  # the engine's key (scoring.registry)
    label: str | Promise  # the game's name, translated
    entry_form: type[EntryForm]  # the round entry form (companion.games.entry.EntryForm)
    figure: Figure  # the game's own figure in the statistics and leaderboards
    csv_column: str  # the header of the CSV export's game-specific column
    csv_detail: Callable[[Entry, str], str | int]  # that column: one player's part of a round entry
    house_rules: Callable[[Mapping[str, Any]], dict[str, str]]  # the sentences that follow the house rules
    examples: tuple[Example, ...]  # the rules page's worked examples
    describe_example: Callable[[Any], str]  # a worked example's round, in words
    demo: DemoPlay
    option_texts: tuple[str, ...]  # the engine's option labels, help texts and choices (gettext_noop)
    sheet_rows: int | None  # rows of a blank sheet; None: one per deal of the standard match
    # -- optional parts: the defaults fit a game without the feature --
    example_result: Callable[[Any], str] = _no_text  # a worked example's outcome in words
    example_detail: Callable[[Any], Any] = _no_text  # what the game's rules part shows beside it
    extra_examples: Mapping[str, Example] = field(default_factory=dict)  # computed into the rules context
    rules_context: Callable[[Mapping[str, Any]], dict[str, Any]] = _nothing  # more for the rules part
    sheet_context: Callable[[Mapping[str, Any], int], dict[str, Any]] = _nothing  # ``sheet.extra``
    sheet_landscape: bool = False
    default_players: int = 4  # the blank sheet's columns unless asked otherwise
    start_total: Callable[[Mapping[str, Any]], int] = _zero  # everybody's total before round 1
    round_label: Callable[[int, int | None], str] = round_label  # the round in play: "Hand 4"
    chart_target: Callable[[Standings], list[int] | None] = _no_target  # a target line on the chart
    place_detail: Callable[[Standings, str], str] = _no_text  # beside a total in the night report
    entry_kwargs: Callable[[Any], dict[str, Any]] = _nothing  # what the entry form takes from the match
    urls: str | None = None  # the game's own URLconf module (Elfer raus!: the bonus board)
    # A stored round entry as one sentence in the table's words, for the history of changes:
    # "Anna 30 · Beat 45 · Cla 40 · Dora 42; Anna drew the highest card". Gets the seated names in order.
    describe_entry: Callable[[Entry, Sequence[str]], str] = _no_words
    # More for the game's status partial (``game_status`` in the scoreboard context), from the standings.
    status_context: Callable[[Standings], dict[str, Any]] = _nothing
    # More for the game's row template (under each round in the rounds table), from the round's entry:
    # what the game's own code says of it (Anrufen: the marriages announced).
    row_context: Callable[[Entry], dict[str, Any]] = _nothing
    # What the game calls a round in Undo, Restore, the edit pages, the history ("Undo game 3").
    words: RoundWords = ROUND
    # One unit of the game's result, which a night's price is for: "CHF 0.50 per token" (scoring.md §6).
    price_unit: str | Promise = POINT
    # The review side (companion.review): the game's own records, and each bid made together in a
    # finished match as (player, partner, made), in the order the rounds were played (the partners on
    # the player page). Which way a total is better is the engine's (``lower_is_better``).
    records: tuple[Record, ...] = ()
    partnerships: Callable[[Standings], list[tuple[str, str, bool]]] = _no_partners

    # -- files, by convention --

    def template(self, part: str) -> str:
        return f"games/{self.key}/{part}.html"

    @property
    def status_template(self) -> str:
        return self.template("status")

    @property
    def row_template(self) -> str:
        return self.template("row")

    @property
    def entry_template(self) -> str:
        return self.template("entry")

    @property
    def rules_template(self) -> str:
        return self.template("rules")

    @property
    def sheet_template(self) -> str:
        return self.template("sheet")

    @property
    def script(self) -> str:
        return f"games/{self.key}/entry.js"

    @property
    def stylesheet(self) -> str:
        return f"games/{self.key}/game.css"


def in_seat_order(values: Mapping[str, Any], players: Sequence[str]) -> list[tuple[str, Any]]:
    """A map of a round entry by player, seated players first in seat order, then any other name.

    Names not seated can remain in an old history entry (a player renamed since).
    """
    seated = [(name, values[name]) for name in players if name in values]
    return seated + [(name, value) for name, value in values.items() if name not in players]


def points_line(values: Mapping[str, Any], players: Sequence[str]) -> str:
    """Every player's number of a round: "Anna 30 · Beat 45 · Cla 40"."""
    return " · ".join(f"{name} {value}" for name, value in in_seat_order(values, players))


def count_text(singular: str, plural: str, count: int) -> str:
    """A translated sentence with a number in it: "1 stick", "3 sticks"."""
    return ngettext(singular, plural, count) % {"count": count}


def winners_text(winners: Sequence[str]) -> str:
    """A worked example's winners in words: "A wins", "A + B share the win"."""
    if len(winners) == 1:
        return _("%(name)s wins") % {"name": winners[0]}
    return _("%(names)s share the win") % {"names": " + ".join(winners)}
