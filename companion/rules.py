"""The printable rule summaries: worked examples and the sentences that depend on the house rules.

The rule pages (``/rules/<game>/`` and a match's own rules page) never write
a result down by hand: every worked example (``companion.rules_examples``) is
a small match, and the page shows what the game's engine computes for it
(:func:`worked_examples`). Beside each example sits the result worked out by
hand from scoring.md with the standard rules; the tests check that the engine
agrees with it, so a wrong example or a changed engine cannot go unnoticed.

A match's rules page computes the same examples with that match's house
rules, so "every other player gets 1 stick" in the text and "+1" in the
example agree. An example that cannot be played under them (a Murlan lead-in
that would already end the match with another target) is shown with the
standard rules and marked so (``Worked.standard``).

:func:`summary` is everything a rules page needs for one game; the sentences
that depend on the house rules are in ``companion.house_rules``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from companion.house_rules import CONTRACTS, anrufen_contracts, clean_options, house_rules, rule_list
from companion.models import Game
from companion.rules_examples import ELFER_MATCH, EXAMPLES, Example
from scoring.base import FIRST_DEALER, RoundResult, ScoringError, Standings
from scoring.registry import ENGINES, get_engine

GAMES = tuple(ENGINES)  # molotow, anrufen, elfer, murlan: the order of the rule pages
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

    @property
    def contract(self) -> dict[str, Any]:
        """Anrufen: the engine's account of the deal (stake, needed, side points, made)."""
        return self.standings.table["contracts"][-1]

    @property
    def hands(self) -> list[str]:
        """Elfer raus!: each player's bonus cards and what is left in hand."""
        return elfer_hands(self)

    @property
    def description(self) -> str:
        return DESCRIBE[self.standings.game](self)

    @property
    def result(self) -> str:
        return RESULT.get(self.standings.game, _no_result)(self)


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
    return [compute(game, example, options) for example in EXAMPLES[game]]


# --- how an example is described -------------------------------------------------

MARRIAGES = {"trump": _("trump marriage 40"), "plain": _("marriage 20")}


def _describe_molotow(worked: Worked) -> str:
    entry = worked.entry
    points = " / ".join(str(entry["points"][name]) for name in worked.players)
    if "draw_loser" in entry:
        return gettext("%(points)s; %(name)s draws the highest card") % {
            "points": points,
            "name": entry["draw_loser"],
        }
    return points


def _describe_anrufen(worked: Worked) -> str:
    """The deal as the table saw it: contract, contra, tricks, points with marriages."""
    entry = worked.entry
    if entry.get("redeal"):
        return gettext("everybody passed twice: redeal")
    deal = worked.contract
    contract = CONTRACTS[deal["contract"]]
    if deal["raised"]:
        contract = gettext("%(bid)s, raised by %(partner)s to %(contract)s") % {
            "bid": CONTRACTS[deal["bid"]],
            "partner": deal["partner"],
            "contract": contract,
        }
    parts = [str(contract)]
    if deal["contra"]:
        parts.append(gettext("contra"))
    side = f"{deal['bidder']}+{deal['partner']}" if deal["partner"] else deal["bidder"]
    if "tricks" in entry:
        tricks = entry["tricks"]
        if tricks:
            parts.append(
                ngettext("%(side)s %(count)d trick", "%(side)s %(count)d tricks", tricks)
                % {"side": side, "count": tricks}
            )
        else:
            parts.append(gettext("%(side)s no trick") % {"side": side})
    marriages = entry.get("marriages", {})
    if "points" in entry:
        points = gettext("%(side)s %(points)s card points") % {"side": side, "points": entry["points"]}
        parts.append(" + ".join([points, *(str(MARRIAGES[kind]) for kind in marriages.get("bidder", []))]))
    parts += [
        gettext("opponents: %(marriage)s") % {"marriage": MARRIAGES[kind]}
        for kind in marriages.get("opponents", [])
    ]
    return ", ".join(parts)


def _describe_elfer(worked: Worked) -> str:
    """Per player: bonus cards and what is left in hand ("out" for the empty hand)."""
    return " · ".join(
        f"{name}: {text}" for name, text in zip(worked.players, elfer_hands(worked), strict=True)
    )


def elfer_hands(worked: Worked) -> list[str]:
    entry = worked.entry
    hands = []
    for name in worked.players:
        bonus = entry.get("bonus", {}).get(name, 0)
        cards = [str(card) for card in entry.get("cards", {}).get(name, [])]
        cards += [gettext("joker")] * entry.get("jokers", {}).get(name, 0)
        parts = [ngettext("%(count)d bonus", "%(count)d bonus", bonus) % {"count": bonus}] if bonus else []
        parts.append(", ".join(cards) if cards else gettext("out"))
        hands.append("; ".join(parts))
    return hands


def _describe_murlan(worked: Worked) -> str:
    return " ".join(worked.entry["order"])


DESCRIBE = {
    "molotow": _describe_molotow,
    "anrufen": _describe_anrufen,
    "elfer": _describe_elfer,
    "murlan": _describe_murlan,
}


def _no_result(worked: Worked) -> str:
    return ""


def _winners_text(winners: Sequence[str]) -> str:
    if len(winners) == 1:
        return gettext("%(name)s wins") % {"name": winners[0]}
    return gettext("%(names)s share the win") % {"names": " + ".join(winners)}


def _result_elfer(worked: Worked) -> str:
    """The game's winner, or the match's for the example of several games."""
    if len(worked.example.rounds) == 1:
        return _winners_text(worked.last.extras["winners"])
    return _winners_text(worked.standings.winners)


def _result_murlan(worked: Worked) -> str:
    result = worked.standings
    if result.finished:
        return _winners_text(result.winners)
    parts = []
    if result.extras["target"] != worked.before.extras["target"]:
        parts.append(gettext("target %(target)s") % {"target": result.extras["target"]})
    exchange = result.table["exchange"]
    parts.append(
        gettext("%(giver)s gives %(receiver)s the highest card; %(starter)s starts")
        % {"giver": exchange["giver"], "receiver": exchange["receiver"], "starter": result.extras["starter"]}
    )
    return "; ".join(parts)


RESULT = {"elfer": _result_elfer, "murlan": _result_murlan}


def summary(game: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Everything a rules page shows for ``game``: standard rules, or a match's (stored) house rules."""
    cleaned = clean_options(game, options)
    context: dict[str, Any] = {
        "game": game,
        "title": Game(game).label,
        "options": cleaned,
        "house": house_rules(game, cleaned),
        "rule_list": rule_list(game, cleaned),
        "examples": worked_examples(game, options),
    }
    context["any_standard"] = any(worked.standard for worked in context["examples"])
    if game == "anrufen":
        context["contracts"] = anrufen_contracts(cleaned)
    if game == "elfer":
        context["elfer_match"] = compute(game, ELFER_MATCH, options)
    return context
