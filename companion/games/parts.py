"""What the web side knows about one game, as one object: a :class:`Game`.

Each game's folder (``companion/games/<key>/``) is a Django app: its ``__init__.py``
subclasses ``Game`` and names an instance ``GAME``; ``companion.games.registry``
collects them by the engine's key, and ``companion/settings.py`` installs one app per
engine. Like ``scoring.base.Engine``, the base class holds the defaults (a game without
the feature) and each game overrides what it has. Shared code (the scoreboard, the rule
pages, the CSV export, the statistics, the demo data) asks the registry for a part and
never asks which game it is holding.

Files follow the game's key, so they need no declaration here, and the
registry test checks each one is in the game's folder:

* templates ``templates/games/<key>/``: ``status.html`` (the scoreboard's
  ``line``, ``player`` and ``board`` parts), ``row.html`` (a round's extra
  cells), ``entry.html`` (the entry form's fields), ``rules.html`` (the rules
  page's part), ``sheet.html`` (the blank score sheet's table);
* static files ``static/games/<key>/``: ``entry.js`` (the entry form's
  enhancer, registered as ``window.CompanionEntry[<key>]``) and ``game.css``;
* ``tests/``: the game's own tests, unit and browser.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

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


def round_label(number: int, limit: int | None) -> str:
    """The usual name of the round being played: "Round 3 of 12", "Round 3"."""
    if limit:
        return _("Round %(number)s of %(limit)s") % {"number": number, "limit": limit}
    return _("Round %(number)s") % {"number": number}


class Game:
    """Everything the web knows about one game; see the module docstring for its files.

    A subclass sets the class attributes that have no default and the three methods
    that raise here; every other default fits a game without the feature.
    """

    key: ClassVar[str]  # the engine's key (scoring.registry)
    label: ClassVar[str | Promise]  # the game's name, translated
    entry_form: ClassVar[type[EntryForm]]  # the round entry form (companion.games.entry.EntryForm)
    figure: ClassVar[Figure]  # the game's own figure in the statistics and leaderboards
    csv_column: ClassVar[str]  # the header of the CSV export's game-specific column
    examples: ClassVar[tuple[Example, ...]]  # the rules page's worked examples
    demo: ClassVar[DemoPlay]
    # The engine's option labels, help texts and choices (gettext_noop), for the catalogue.
    option_texts: ClassVar[tuple[str, ...]]
    sheet_rows: ClassVar[int | None]  # rows of a blank sheet; None: one per deal of the standard match
    # -- optional parts: the defaults fit a game without the feature --
    extra_examples: ClassVar[Mapping[str, Example]] = {}  # computed into the rules context
    sheet_landscape: ClassVar[bool] = False
    default_players: ClassVar[int] = 4  # the blank sheet's columns unless asked otherwise
    urls: ClassVar[str | None] = None  # the game's own URLconf module (Elfer raus!: the bonus board)
    # What the game calls a round in Undo, Restore, the edit pages, the history ("Undo game 3").
    words: ClassVar[RoundWords] = ROUND
    # One unit of the game's result, which a night's price is for: "CHF 0.50 per token" (scoring.md §6).
    price_unit: ClassVar[str | Promise] = POINT
    # The review side (companion.review): the game's own records. Which way a total is better
    # is the engine's (``lower_is_better``).
    records: ClassVar[tuple[Record, ...]] = ()

    # -- what every game says --

    def csv_detail(self, entry: Entry, name: str) -> str | int:
        """The CSV export's game column: one player's part of a round entry."""
        raise NotImplementedError

    def house_rules(self, options: Mapping[str, Any]) -> dict[str, str]:
        """The sentences that follow the house rules."""
        raise NotImplementedError

    def describe_example(self, example: Any) -> str:
        """A worked example's round, in words."""
        raise NotImplementedError

    # -- what a game may add --

    def example_result(self, example: Any) -> str:
        """A worked example's outcome in words."""
        return ""

    def example_detail(self, example: Any) -> Any:
        """What the game's rules part shows beside a worked example."""
        return ""

    def rules_context(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """More for the game's part of the rules page."""
        return {}

    def sheet_context(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        """More for the blank sheet's table (``sheet.extra``)."""
        return {}

    def start_total(self, options: Mapping[str, Any]) -> int:
        """Everybody's total before round 1."""
        return 0

    def round_label(self, number: int, limit: int | None) -> str:
        """The round in play: "Round 3 of 12", "Hand 4"."""
        return round_label(number, limit)

    def chart_target(self, result: Standings) -> list[int] | None:
        """A target line on the match chart: before round 1, then after each round."""
        return None

    def place_detail(self, result: Standings, name: str) -> str:
        """Beside a player's total in the night report."""
        return ""

    def entry_kwargs(self, match: Any) -> dict[str, Any]:
        """What the entry form takes from the match (a ``companion.models.Match``) besides its
        players and options."""
        return {}

    def describe_entry(self, entry: Entry, players: Sequence[str]) -> str:
        """A stored round entry as one sentence in the table's words, for the history of changes:
        "Anna 30 · Beat 45 · Cla 40 · Dora 42; Anna drew the highest card". Gets the seated names in order.
        """
        return ""

    def live(self, players: Sequence[str], data: Mapping[str, Any]) -> dict[str, Any]:
        """What the entry form shows beside its fields while it is typed, from the engine's own
        rules, even for an entry Save would still refuse: the live preview's ``live``
        (``companion.play.preview``). The game's script shows it and computes nothing itself.
        """
        return {}

    def status_context(self, result: Standings) -> dict[str, Any]:
        """More for the game's status partial (``game_status`` in the scoreboard context)."""
        return {}

    def row_context(self, entry: Entry) -> dict[str, Any]:
        """More for the game's row template under each round, from the round's entry
        (Anrufen: the marriages announced)."""
        return {}

    def partnerships(self, result: Standings) -> list[tuple[str, str, bool]]:
        """Each bid made together in a finished match as (player, partner, made), in the order
        the rounds were played (the partners on the player page)."""
        return []

    def round_added(self, match: Any) -> None:
        """The game's own part of storing a round, in the same transaction, the match locked
        (Elfer raus!: a new game starts with an empty bonus board)."""

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
