"""The rule sentences that depend on a table's house rules, and the house rules as a list.

From cleaned options (``clean_options`` fills in every default) come the
sentences the rule pages and blank sheets print: "every other player gets
1 stick", "contra doubles the stake", the Murlan target ladder. Each game
writes its own (``Game.house_rules`` in ``companion/games/<game>/``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games import registry
from companion.play.setup import option_display, option_label
from scoring.base import FIRST_DEALER
from scoring.registry import get_engine


def clean_options(game: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A game's house rules with every default filled in (``first_dealer`` left out: seats differ)."""
    engine = get_engine(game)
    seats = [f"P{seat}" for seat in range(engine.min_players)]
    given = {key: value for key, value in (options or {}).items() if key != FIRST_DEALER}
    cleaned = engine.clean_options(seats, given)
    cleaned.pop(FIRST_DEALER)
    return cleaned


def house_rules(game: str, options: Mapping[str, Any]) -> dict[str, str]:
    """The rule sentences that change with the house rules, from cleaned ``options``."""
    return registry.get(game).house_rules(options)


@dataclass(frozen=True)
class HouseRule:
    label: str
    value: str
    standard: str | None  # the standard value when this match's differs, else None


def rule_list(game: str, options: Mapping[str, Any]) -> list[HouseRule]:
    """Every house rule with its value, and the standard value where the table plays another."""
    rules = []
    for option in get_engine(game).options:
        value = options[option.name]
        standard = None if value == option.default else option_display(option, option.default)
        rules.append(HouseRule(option_label(option), option_display(option, value), standard))
    return rules
