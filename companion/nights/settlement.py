"""Settling up a night on its pages: the balances and payments of ``scoring.settlement``, in words and money.

Works on the matches a page already loaded with their seats and players
(``Match.objects.with_seats()``): a finished match's totals are the derived
``Seat.total`` the engine wrote, so no rounds are loaded and the night page
runs the same queries however many matches the night has.

Money is written as the page's language writes it: "CHF 3.70" in English,
"3,70 CHF" in German (Django's number format of the language: decimal
comma, a point between thousands), with a real minus sign and no break
between the amount and its currency.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from companion.games import registry
from companion.models import GameNight, Match
from scoring.settlement import Payment, Settlement, match_money, settle


def money(hundredths: int, currency: str, *, signed: bool = False) -> str:
    """``hundredths`` of ``currency`` as the language writes money: "CHF 3.70", "3,70 CHF".

    ``signed``: a plus before an amount owed to the player, a minus (U+2212) before one they owe.
    """
    amount = number_format(Decimal(abs(hundredths)) / 100, 2, use_l10n=True, force_grouping=True)
    # Translators: how an amount of money is written; German-Swiss: "%(amount)s %(currency)s".
    text = pgettext("money", "%(currency)s %(amount)s") % {"currency": currency, "amount": amount}
    text = text.replace(" ", "\u00a0")
    if signed and hundredths > 0:
        return f"+{text}"
    if hundredths < 0:
        return f"\u2212{text}"
    return text


@dataclass(frozen=True)
class Balance:
    name: str
    amount: int  # hundredths: above zero the player is owed, below they owe
    text: str  # "+CHF 3.90", "-CHF 3.90" (with a real minus), "CHF 0.00"


@dataclass(frozen=True)
class PaymentLine:
    payment: Payment
    amount: str  # "CHF 3.90"
    sentence: str  # "Dora pays Anna CHF 3.90."


@dataclass(frozen=True)
class Price:
    game: str  # the game's name
    text: str  # "CHF 0.50 per token"


@dataclass(frozen=True)
class NightSettlement:
    """What the pages show of a night's settlement."""

    settlement: Settlement
    balances: list[Balance]  # owed most first, owing most last
    payments: list[PaymentLine]
    prices: list[Price]  # the games the night set a price for, in the games' order
    settled_matches: int  # finished matches of a priced game

    @property
    def everybody_even(self) -> bool:
        return bool(self.balances) and not self.payments


def has_prices(night: GameNight) -> bool:
    return bool(night.prices)


def night_money(night: GameNight, matches: Iterable[Match]) -> list[dict[str, int]]:
    """Each priced, finished match's money by player, from the seats' derived totals."""
    moneys = []
    for match in matches:
        price = night.prices.get(match.game)
        if price is None or not match.is_finished:
            continue
        totals = {
            seat.player.name: seat.total for seat in sorted(match.seats.all(), key=lambda s: s.position)
        }
        moneys.append(match_money(match.game, totals, match.options, price))
    return moneys


def night_settlement(night: GameNight, matches: Iterable[Match]) -> Settlement | None:
    """The settlement of scoring.md §6, or ``None`` when the night sets no price."""
    if not has_prices(night):
        return None
    return settle(night.currency, night_money(night, matches))


def payment_sentence(payment: Payment, currency: str) -> str:
    return _("%(payer)s pays %(payee)s %(amount)s.") % {
        "payer": payment.payer,
        "payee": payment.payee,
        "amount": money(payment.amount, currency),
    }


def price_lines(night: GameNight) -> list[Price]:
    return [
        Price(
            str(game.label),
            _("%(amount)s per %(unit)s")
            % {"amount": money(night.prices[key], night.currency), "unit": game.price_unit},
        )
        for key, game in registry.GAMES.items()
        if key in night.prices
    ]


def night_settlement_view(night: GameNight, matches: Iterable[Match]) -> NightSettlement | None:
    """The night's settlement as its pages show it, or ``None`` when the night sets no price."""
    matches = list(matches)
    settlement = night_settlement(night, matches)
    if settlement is None:
        return None
    currency = settlement.currency
    order = {name: index for index, name in enumerate(settlement.balances)}
    balances = sorted(settlement.balances.items(), key=lambda item: (-item[1], order[item[0]]))
    return NightSettlement(
        settlement=settlement,
        balances=[Balance(name, amount, money(amount, currency, signed=True)) for name, amount in balances],
        payments=[
            PaymentLine(payment, money(payment.amount, currency), payment_sentence(payment, currency))
            for payment in settlement.payments
        ],
        prices=price_lines(night),
        settled_matches=sum(1 for match in matches if match.is_finished and match.game in night.prices),
    )


def match_settle_text(match: Match, totals: dict[str, int], options: dict) -> str:
    """A finished match's own payments at its night's price, for the shared result ("" without a price)."""
    night = match.night
    price = night.prices.get(match.game)
    if price is None:
        return ""
    lines = settle(night.currency, [match_money(match.game, totals, options, price)]).payments
    if not lines:
        return ""
    return _("Settle up: %(payments)s") % {
        "payments": "; ".join(payment_sentence(line, night.currency).rstrip(".") for line in lines)
    }
