"""The printable rule summaries: worked examples and the sentences that depend on the house rules.

The rule pages (``/rules/<game>/`` and a match's own rules page) never write
a result down by hand: every worked example (``companion/games/<game>/examples.py``) is
a small match, and the page shows what the game's engine computes for it
(:func:`worked_examples`). Beside each example sits the result worked out by
hand from docs/rules.md with the standard rules; the tests check that the engine
agrees with it, so a wrong example or a changed engine cannot go unnoticed.

A match's rules page computes the same examples with that match's house
rules, so "every other player gets 1 stick" in the text and "+1" in the
example agree. An example that cannot be played under them (a Murlan lead-in
that would already end the match with another target) is shown with the
standard rules and marked so (``Worked.standard``).

:func:`summary` is everything a rules page needs for one game; the sentences
that depend on the house rules are in ``companion.printing.house_rules``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from companion.games import registry
from companion.games.examples import Example
from companion.printing.house_rules import clean_options, house_rules, rule_list
from scoring.base import FIRST_DEALER, RoundResult, ScoringError, Standings
from scoring.registry import get_engine

MINUS = "\u2212"  # a real minus sign reads better on paper than a hyphen


def number(value: int, *, signed: bool = False) -> str:
    """An example's number as printed: with a minus sign (U+2212) below zero, and "+" above when ``signed``."""
    if value < 0:
        return f"{MINUS}{-value}"
    return f"+{value}" if signed and value > 0 else str(value)


@dataclass(frozen=True)
class Worked:
    """An example as the engine computes it: after every round, and before the shown one."""

    example: Example
    standings: Standings
    before: Standings
    standard: bool  # computed with the standard rules although a match's house rules were asked for

    @property
    def key(self) -> str:
        return self.example.key

    @property
    def players(self) -> tuple[str, ...]:
        return self.example.players

    @property
    def entry(self) -> Mapping[str, Any]:
        return self.example.rounds[-1]

    @property
    def last(self) -> RoundResult:
        return self.standings.rounds[-1]

    @cached_property
    def totals(self) -> list[int]:
        return [self.standings.totals[name] for name in self.players]

    @cached_property
    def before_totals(self) -> list[int]:
        return [self.before.totals[name] for name in self.players]

    @cached_property
    def deltas(self) -> list[int]:
        return [self.last.deltas[name] for name in self.players]

    @property
    def shown_totals(self) -> list[str]:
        return [number(value) for value in self.totals]

    @property
    def shown_before(self) -> list[str]:
        return [number(value) for value in self.before_totals]

    @property
    def shown_deltas(self) -> list[str]:
        return [number(value, signed=True) for value in self.deltas]

    @cached_property
    def detail(self) -> Any:
        """What the game's rules part shows beside the example (Anrufen: the engine's account
        of the deal; Elfer raus!: each player's bonus cards and hand)."""
        return registry.get(self.standings.game).example_detail(self)

    @property
    def description(self) -> str:
        return registry.get(self.standings.game).describe_example(self)

    @property
    def result(self) -> str:
        return registry.get(self.standings.game).example_result(self)


def compute(game: str, example: Example, options: Mapping[str, Any] | None = None) -> Worked:
    """The engine's result for ``example`` under a match's house rules (``None``: the standard rules).

    The example's own options win over the match's. When the example cannot be
    played under the match's rules it is computed with the standard ones and
    ``Worked.standard`` says so.
    """
    engine = get_engine(game)
    rounds = list(example.rounds)
    own = dict(example.options)
    attempts = [(own, False)]
    if options:
        house = {key: value for key, value in options.items() if key != FIRST_DEALER}
        attempts = [({**house, **own}, False), (own, True)]
    for rules, standard in attempts:
        try:
            after = engine.score(example.players, rules, rounds, closed=example.closed)
            before = engine.score(example.players, rules, rounds[:-1])
        except ScoringError:
            continue
        return Worked(example, after, before, standard)
    raise ScoringError(f"the worked example {example.key!r} does not score with the standard rules")


def worked_examples(game: str, options: Mapping[str, Any] | None = None) -> list[Worked]:
    return [compute(game, example, options) for example in registry.get(game).examples]


def summary(game: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Everything a rules page shows for ``game``: standard rules, or a match's (stored) house rules."""
    parts = registry.get(game)
    cleaned = clean_options(game, options)
    context: dict[str, Any] = {
        "game": game,
        "rules_template": parts.rules_template,
        "title": parts.label,
        "options": cleaned,
        "house": house_rules(game, cleaned),
        "rule_list": rule_list(game, cleaned),
        "examples": worked_examples(game, options),
    }
    context["any_standard"] = any(worked.standard for worked in context["examples"])
    context.update(parts.rules_context(cleaned))
    context.update({name: compute(game, example, options) for name, example in parts.extra_examples.items()})
    return context
