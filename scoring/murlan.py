"""Murlan: finishing places score points until one player alone reaches a rising target.

A round is one hand, entered as its finishing order, first to last, every
player exactly once::

    {"order": ["Anna", "Cla", "Beat", "Dora"]}

With n players the first finisher scores n-1, the next n-2, ..., the last 0.
After each hand (docs/rules.md, Murlan):

* exactly one player at or over the target: he wins and the match is over;
* two or more: the target rises by option ``step`` (default 10), but never
  above option ``max_target`` (default 51): 21 -> 31 -> 41 -> 51;
* two or more while the target already is ``max_target``: the match is over
  and the highest total wins; equal highest totals share the win.

The JSON adds ``target`` (the target in force now) and, while the match goes
on, ``starter``: who starts the next hand -- ``null`` before the first hand
(the holder of the 3 of spades starts), else the last finisher of the
previous hand.

``Standings.table`` (for the scoreboard, not in the JSON):

* ``exchange``: ``{"giver": last finisher, "receiver": first finisher}`` of
  the previous hand, the reminder that the last finisher gives his highest
  card and gets back any card from 4 to 10; ``None`` before the first hand
  and once the match is over;
* ``first_finisher``, ``last_finisher``: of the latest hand (``None`` before
  the first hand; kept once the match is over);
* ``target_history``: the target in force after each hand, one per hand.

When the last finisher was dealt both jokers there is no exchange and the
first finisher starts instead. Only the table sees the new deal, so the table
decides that; the engine reports the usual case (exchange, last finisher
starts).

Decisions:

* The target rises at most once per hand, even when the raised target is
  still reached by two or more players: the next hand is played first.
* A match the table closes by hand (``closed=True``) finishes after the hands
  played so far, the highest total winning (equal highest share).
* ``max_target`` below ``target`` is an error in the options.
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
    ScoringError,
    Standings,
    describe,
    first_placed,
    gettext_noop,
    require_known_keys,
    require_player,
    round_error,
)

ROUND_KEYS = frozenset({"order"})


class Murlan(Engine):
    key = "murlan"
    title = Phrase(gettext_noop("Murlan"))  # a Phrase: error messages name the game in the reader's words
    min_players = 2
    max_players = 6
    name_lists = ("order",)
    deal_direction = CLOCKWISE
    options = (
        Option("target", 21, int, "Target", "Points a player must reach to win.", minimum=1, maximum=1000),
        Option(
            "step",
            10,
            int,
            "Step",
            "How much the target rises when two or more players reach it in the same hand.",
            minimum=1,
            maximum=1000,
        ),
        Option(
            "max_target",
            51,
            int,
            "Highest target",
            "The target never rises above this; reaching it together ends the match.",
            minimum=1,
            maximum=1000,
        ),
    )

    def check_options(self, players: Sequence[str], options: dict[str, Any]) -> None:
        if options["max_target"] < options["target"]:
            raise ScoringError(
                gettext_noop("option %(option)s must be at least the target (%(target)d), not %(value)d"),
                "option.max_below_target",
                option="'max_target'",
                target=options["target"],
                value=options["max_target"],
            )

    def fold(
        self, players: tuple[str, ...], options: dict[str, Any], rounds: list[Mapping], *, closed: bool
    ) -> Standings:
        target = options["target"]
        totals = dict.fromkeys(players, 0)
        results = []
        history = []
        order: list[str] = []
        over = False
        for number, entry in enumerate(rounds, start=1):
            if over:
                raise self.after_match_over(number)
            order = self._order(entry, players, number)
            deltas = dict.fromkeys(players, 0)
            for place, name in enumerate(order):
                deltas[name] = len(players) - 1 - place
                totals[name] += deltas[name]
            results.append(RoundResult(number, deltas))

            reached = sum(1 for name in players if totals[name] >= target)
            if reached == 1 or (reached >= 2 and target >= options["max_target"]):
                over = True
            elif reached >= 2:
                target = min(target + options["step"], options["max_target"])
            history.append(target)

        finished = over or closed
        first = order[0] if order else None
        last = order[-1] if order else None
        extras: dict[str, Any] = {"target": target}
        if not finished:
            extras["starter"] = last
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
            extras=extras,
            table={
                "exchange": None if finished or not order else {"giver": last, "receiver": first},
                "first_finisher": first,
                "last_finisher": last,
                "target_history": history,
            },
        )

    @staticmethod
    def _order(entry: Mapping, players: Sequence[str], number: int) -> list[str]:
        """The finishing order, checked: every player exactly once."""
        require_known_keys(entry, number, ROUND_KEYS)
        if "order" not in entry:
            raise round_error(number, "murlan.no_order", gettext_noop("the finishing order is missing"))
        order = entry["order"]
        if not isinstance(order, (list, tuple)):
            raise round_error(
                number,
                "murlan.order_not_list",
                gettext_noop("the order must be a list of names, not %(value)s"),
                value=describe(order),
            )
        seen: set[str] = set()
        for name in order:
            require_player(name, players, number, Phrase(gettext_noop("in the order,")))
            if name in seen:
                raise round_error(
                    number, "murlan.twice", gettext_noop("%(name)s appears twice in the order"), name=name
                )
            seen.add(name)
        for name in players:
            if name not in seen:
                raise round_error(
                    number, "murlan.missing", gettext_noop("%(name)s is missing from the order"), name=name
                )
        return list(order)
