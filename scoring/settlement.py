"""Settling up a night (scoring.md §6): money per match, balances, and the few payments that settle them.

Pure arithmetic on whole hundredths of the night's currency (Rappen, cents), no
Django: the night page, the report, the shared pages, the night file's export
and ``import_night`` all call this code.

* A night may set a **price per game**: what one unit of that game's result is
  worth (0 to 100,000 hundredths). A game without a price settles nothing.
* A finished match's **money** per player is the price times the units its engine
  says the player won (``Engine.money_units``: Anrufen the tokens won or lost,
  every other game the pairwise differences of the totals). It sums to zero.
* A player's **balance** is the sum of their money over the night's priced,
  finished matches; the balances sum to zero.
* The **payments** settle the balances: the one who owes most pays the one owed
  most the smaller of the two amounts, until nobody owes. Each payment leaves at
  least one of the two at zero, and the last leaves both, so there are at most
  (players with a non-zero balance - 1) of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.base import ScoringError, describe, gettext_noop, is_int, quote
from scoring.registry import GAMES, get_engine

DEFAULT_CURRENCY = "CHF"
MOST_PRICE = 100_000  # hundredths: 1,000 francs per unit is far beyond any table's stake
CURRENCY_CODE = re.compile(r"[A-Z]{3}")


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: int  # hundredths, above zero

    def to_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


@dataclass(frozen=True)
class Settlement:
    """A night's balances (every player of a priced, finished match, in the order met) and payments."""

    currency: str
    balances: dict[str, int]
    payments: tuple[Payment, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "currency": self.currency,
            "balances": dict(self.balances),
            "payments": [payment.to_json() for payment in self.payments],
        }


# --- what a night plays for ---------------------------------------------------------------


def clean_currency(value: Any) -> str:
    """An ISO 4217 code as three capital letters ("CHF", "EUR")."""
    if not isinstance(value, str) or not CURRENCY_CODE.fullmatch(value):
        raise ScoringError(
            gettext_noop("the currency must be a three-letter code such as CHF, not %(value)s"),
            "settlement.currency",
            value=describe(value),
        )
    return value


def clean_price(game: str, value: Any) -> int:
    """One game's price: a whole number of hundredths from 0 to 100,000."""
    if not is_int(value):
        raise ScoringError(
            gettext_noop("the price of %(game)s must be a whole number of hundredths, not %(value)s"),
            "settlement.price_not_int",
            game=quote(game),
            value=describe(value),
        )
    if not 0 <= value <= MOST_PRICE:
        raise ScoringError(
            gettext_noop("the price of %(game)s must be from 0 to 100,000 hundredths, not %(value)s"),
            "settlement.price_range",
            game=quote(game),
            value=describe(value),
        )
    return value


def clean_prices(value: Any) -> dict[str, int]:
    """Prices by game key, each checked; a game Companion does not score is an error."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ScoringError(
            gettext_noop("the prices must be an object of games and prices, not %(value)s"),
            "settlement.prices_not_object",
            value=describe(value),
        )
    prices = {}
    for game, price in value.items():
        if not isinstance(game, str) or game not in GAMES:
            raise ScoringError(
                gettext_noop("the prices name %(game)s, which is not a game: expected one of %(games)s"),
                "settlement.unknown_game",
                game=describe(game),
                games=", ".join(GAMES),
            )
        prices[game] = clean_price(game, price)
    return prices


# --- the arithmetic -----------------------------------------------------------------------


def full_options(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A match's house rules with the engine's defaults for any it does not name."""
    engine = get_engine(game)
    return {**{option.name: option.default for option in engine.options}, **options}


def match_money(
    game: str, totals: Mapping[str, int], options: Mapping[str, Any], price: int
) -> dict[str, int]:
    """Each player's money from one finished match at ``price`` hundredths per unit; sums to zero."""
    units = get_engine(game).money_units(totals, full_options(game, options))
    return {name: price * value for name, value in units.items()}


def add_up(moneys: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """Balances: every player named in ``moneys``, in the order first met, with the sum of their money."""
    balances: dict[str, int] = {}
    for money in moneys:
        for name, amount in money.items():
            balances[name] = balances.get(name, 0) + amount
    return balances


def payments(balances: Mapping[str, int]) -> tuple[Payment, ...]:
    """The payments that leave every balance at zero; ``balances`` must sum to zero.

    The one who owes most pays the one owed most the smaller of the two amounts (equal
    amounts: the one met first). Each payment settles at least one of the two.
    """
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to zero")
    order = {name: index for index, name in enumerate(balances)}
    left = {name: amount for name, amount in balances.items() if amount}
    made = []
    while left:
        payer = min((name for name in left if left[name] < 0), key=lambda name: (left[name], order[name]))
        payee = max((name for name in left if left[name] > 0), key=lambda name: (left[name], -order[name]))
        amount = min(-left[payer], left[payee])
        made.append(Payment(payer, payee, amount))
        for name, change in ((payer, amount), (payee, -amount)):
            left[name] += change
            if not left[name]:
                del left[name]
    return tuple(made)


def settle(currency: str, moneys: Iterable[Mapping[str, int]]) -> Settlement:
    """The settlement of a night from the money of each of its priced, finished matches."""
    balances = add_up(moneys)
    return Settlement(currency, balances, payments(balances))
