"""Free scoring: any other game (Hearts, Yahtzee, Rummy, a house game), points added up.

A round gives each player a whole number of points, negative allowed::

    {"points": {"Anna": 20, "Beat": -5}}

A player left out of a round scored 0, but a round names at least one player.
A value beyond 100,000 either way is a typo. The deal passes to the left.

Options (docs/rules.md, "Free scoring"):

* ``rounds``: the match ends after that many rounds (``null``: open);
* ``target``: the match ends after the first round in which some player's
  total reaches the target, that is, is at or above it -- whichever way the
  game is won (in Hearts the game stops when somebody reaches 100 and the
  lowest total wins);
* ``lowest_wins``: the lowest total wins instead of the highest.

With both ``rounds`` and ``target`` whichever comes first ends the match; with
neither, the table ends it (``ended`` in the match file, ``closed=True`` here).
The players with the best total win; equal best totals share the win. Places
(``Standings.places``) rank the lowest total first under ``lowest_wins``.

``Standings.table`` (for the scoreboard, not in the JSON):

* ``round_limit``, ``target``, ``lowest_wins``: the options in force;
* ``reached``: the players at or above the target once it ended the match
  (``()`` otherwise).

Decisions:

* ``target`` is a whole number from 1 to 10,000,000 and ``rounds`` from 1 to
  1,000: a target of 0 or below would be reached before anyone played.
* A round after the match is over is an error, as in every game.
* A round that names a player with 0 points is a valid round: "Anna 0" is how a
  table says "nobody scored this round".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.base import (
    CLOCKWISE,
    Engine,
    Option,
    Phrase,
    RoundResult,
    Standings,
    describe,
    first_placed,
    gettext_noop,
    is_int,
    quote,
    require_known_keys,
    require_mapping,
    require_player_keys,
    round_error,
)

MOST_POINTS = 100_000  # per player and round, either way: anything larger is a typo
# Whatever the options (an open match too): a total then stays within ±100,000,000, which every
# database's integer column holds (past 2^31-1 every further save of the match failed on PostgreSQL).
MOST_ROUNDS = 1000
ROUND_KEYS = frozenset({"points"})


class Counter(Engine):
    key = "counter"
    title = Phrase(
        gettext_noop("Free scoring")
    )  # a Phrase: error messages name the game in the reader's words
    min_players = 2
    max_players = 10
    deal_direction = CLOCKWISE
    name_maps = ("points",)
    options = (
        Option(
            "rounds",
            None,
            int,
            "Rounds",
            "How many rounds the match lasts; empty: no limit.",
            minimum=1,
            maximum=1000,
            nullable=True,
        ),
        Option(
            "target",
            None,
            int,
            "Target",
            "The match ends after the round in which a player's total reaches this; empty: no target.",
            minimum=1,
            maximum=10_000_000,
            nullable=True,
        ),
        Option(
            "lowest_wins",
            False,
            bool,
            "Lowest total wins",
            "The lowest total wins, as in Hearts; otherwise the highest.",
        ),
    )

    def fold(
        self, players: tuple[str, ...], options: dict[str, Any], rounds: list[Mapping], *, closed: bool
    ) -> Standings:
        limit, target = options["rounds"], options["target"]
        totals = dict.fromkeys(players, 0)
        results: list[RoundResult] = []
        reached: tuple[str, ...] = ()
        for number, entry in enumerate(rounds, start=1):
            if reached or (limit is not None and number > limit):
                raise self.after_match_over(number)
            if number > MOST_ROUNDS:
                raise round_error(
                    number, "counter.too_many_rounds", gettext_noop("a match holds at most 1,000 rounds")
                )
            deltas = self._points(entry, players, number)
            for name in players:
                totals[name] += deltas[name]
            results.append(RoundResult(number, deltas))
            if target is not None:
                reached = tuple(name for name in players if totals[name] >= target)

        finished = closed or bool(reached) or (limit is not None and len(results) >= limit)
        places = self.places(totals, players, options)
        return Standings(
            game=self.key,
            players=players,
            options=options,
            rounds=tuple(results),
            totals=totals,
            finished=finished,
            winners=first_placed(places, players) if finished else (),
            dealer=None if finished else self.dealer_after(players, options, len(results)),
            places=places,
            extras={},
            table={
                "round_limit": limit,
                "target": target,
                "lowest_wins": options["lowest_wins"],
                "reached": reached,
            },
        )

    def lower_is_better(self, options: Mapping[str, Any]) -> bool:
        return options["lowest_wins"]

    def money_units(self, totals: Mapping[str, int], options: Mapping[str, Any]) -> dict[str, int]:
        """Pairwise differences, reversed when the lowest total wins (other's - own)."""
        units = super().money_units(totals, options)
        if self.lower_is_better(options):
            return {name: -value for name, value in units.items()}
        return units

    @staticmethod
    def _points(entry: Mapping, players: Sequence[str], number: int) -> dict[str, int]:
        """Every player's points this round, checked; 0 for a player left out."""
        require_known_keys(entry, number, ROUND_KEYS)
        if "points" not in entry:
            raise round_error(number, "counter.no_points", gettext_noop("the points are missing"))
        given = require_mapping(entry["points"], number, Phrase(gettext_noop("the points")))
        require_player_keys(given, players, number, Phrase(gettext_noop("points")))
        if not given:
            raise round_error(
                number, "counter.nobody", gettext_noop("the round names no player: give at least one score")
            )
        points = dict.fromkeys(players, 0)
        for name in players:
            if name not in given:
                continue
            value = given[name]
            if not is_int(value):
                raise round_error(
                    number,
                    "counter.not_int",
                    gettext_noop("the points of %(name)s must be a whole number, not %(value)s"),
                    name=quote(name),
                    value=describe(value),
                )
            if abs(value) > MOST_POINTS:
                raise round_error(
                    number,
                    "counter.too_many",
                    gettext_noop(
                        "%(name)s has %(value)s points, but a round gives at most 100,000 either way"
                    ),
                    name=quote(name),
                    value=describe(value),
                )
            points[name] = value
        return points
