"""Settling up (scoring.md §6): the spec's examples, and random nights."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.base import ScoringError
from scoring.settlement import (
    MOST_PRICE,
    clean_currency,
    clean_prices,
    match_money,
    payments,
    settle,
)
from tests.properties import examples

ANRUFEN = {"A": 13, "B": 9, "C": 11, "D": 7}  # token balances, chips 10
MOLOTOW = {"A": 3, "B": 1, "C": -1, "D": -3}


def test_anrufen_money_is_the_tokens_won_or_lost_times_the_price():
    assert match_money("anrufen", ANRUFEN, {"chips": 10}, 50) == {"A": 150, "B": -50, "C": 50, "D": -150}


def test_anrufen_money_counts_from_the_matchs_own_starting_chips():
    assert match_money("anrufen", {"A": 21, "B": 19, "C": 20}, {"chips": 20}, 10) == {
        "A": 10,
        "B": -10,
        "C": 0,
    }


def test_anrufen_money_takes_the_default_chips_when_the_options_do_not_name_them():
    assert match_money("anrufen", ANRUFEN, {}, 50) == {"A": 150, "B": -50, "C": 50, "D": -150}


def test_molotow_money_is_the_pairwise_differences_of_the_spec_example():
    assert match_money("molotow", MOLOTOW, {}, 20) == {"A": 240, "B": 80, "C": -80, "D": -240}


@pytest.mark.parametrize("game", ["elfer", "murlan", "counter"])
def test_other_games_settle_pairwise_differences(game):
    assert match_money(game, {"A": 10, "B": 4, "C": 1}, {}, 5) == {"A": 75, "B": -15, "C": -60}


def test_free_scoring_with_the_lowest_total_winning_reverses_the_differences():
    money = match_money("counter", {"A": 60, "B": 65, "C": 105}, {"lowest_wins": True}, 1)
    assert money == {"A": 50, "B": 35, "C": -85}


def test_a_price_of_zero_settles_nothing():
    assert match_money("molotow", MOLOTOW, {}, 0) == dict.fromkeys("ABCD", 0)


def test_the_anrufen_night_of_the_spec_settles_with_two_payments():
    night = settle("CHF", [match_money("anrufen", ANRUFEN, {"chips": 10}, 50)])
    assert night.balances == {"A": 150, "B": -50, "C": 50, "D": -150}
    assert [p.to_json() for p in night.payments] == [
        {"from": "D", "to": "A", "amount": 150},
        {"from": "B", "to": "C", "amount": 50},
    ]


def test_the_molotow_and_anrufen_night_of_the_spec_settles_as_its_table_says():
    night = settle(
        "CHF",
        [match_money("molotow", MOLOTOW, {}, 20), match_money("anrufen", ANRUFEN, {"chips": 10}, 50)],
    )
    assert night.balances == {"A": 390, "B": 30, "C": -30, "D": -390}
    assert [p.to_json() for p in night.payments] == [
        {"from": "D", "to": "A", "amount": 390},
        {"from": "C", "to": "B", "amount": 30},
    ]


def test_a_player_who_sat_out_a_match_gets_nothing_from_it():
    night = settle(
        "EUR",
        [
            match_money("murlan", {"A": 5, "B": 3, "C": 1}, {}, 10),
            match_money("murlan", {"B": 2, "D": 0}, {}, 10),
        ],
    )
    assert night.balances == {"A": 60, "B": 20, "C": -60, "D": -20}


@pytest.mark.parametrize("code", ["CHF", "EUR", "USD"])
def test_a_currency_is_a_three_letter_code(code):
    assert clean_currency(code) == code


@pytest.mark.parametrize("code", ["chf", "CH", "EURO", "", 12, None])
def test_anything_else_is_not_a_currency(code):
    with pytest.raises(ScoringError, match="three-letter code"):
        clean_currency(code)


def test_prices_are_whole_hundredths_per_game():
    assert clean_prices({"anrufen": 50, "molotow": 0, "murlan": MOST_PRICE}) == {
        "anrufen": 50,
        "molotow": 0,
        "murlan": MOST_PRICE,
    }


@pytest.mark.parametrize(
    ("prices", "words"),
    [
        ({"anrufen": -1}, "from 0 to 100,000"),
        ({"anrufen": MOST_PRICE + 1}, "from 0 to 100,000"),
        ({"anrufen": 0.5}, "whole number"),
        ({"anrufen": "50"}, "whole number"),
        ({"anrufen": True}, "whole number"),
        ({"poker": 50}, "not a game"),
        ([50], "must be an object"),
    ],
)
def test_a_bad_price_is_one_sentence(prices, words):
    with pytest.raises(ScoringError, match=words):
        clean_prices(prices)


def test_the_settlement_file_part_has_currency_balances_and_payments():
    night = settle("CHF", [{"Anna": 370, "Beat": -120, "Cla": -250, "Dora": 0}])
    assert night.to_json() == {
        "currency": "CHF",
        "balances": {"Anna": 370, "Beat": -120, "Cla": -250, "Dora": 0},
        "payments": [
            {"from": "Cla", "to": "Anna", "amount": 250},
            {"from": "Beat", "to": "Anna", "amount": 120},
        ],
    }


def test_balances_that_do_not_sum_to_zero_cannot_be_settled():
    with pytest.raises(ValueError):
        payments({"A": 10, "B": -5})


@settings(max_examples=examples(300))
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["molotow", "anrufen", "elfer", "murlan", "counter"]),
            st.dictionaries(
                st.sampled_from(["Anna", "Beat", "Cla", "Dora", "Eva", "Fritz", "Gian", "Hanna"]),
                st.integers(-300, 300),
                min_size=2,
                max_size=8,
            ),
            st.integers(0, MOST_PRICE),
            st.booleans(),
        ),
        max_size=12,
    )
)
def test_payments_of_a_random_night_net_every_balance_to_zero_in_few_payments(matches):
    moneys = []
    for game, totals, price, lowest_wins in matches:
        options = {"lowest_wins": lowest_wins} if game == "counter" else {}
        if game == "anrufen":
            # Tokens only move: the totals add up to the chips times the players.
            chips = 10
            options = {"chips": chips}
            names = list(totals)
            totals = {**totals, names[-1]: chips * len(names) - sum(totals[name] for name in names[:-1])}
        money = match_money(game, totals, options, price)
        assert sum(money.values()) == 0
        moneys.append(money)
    night = settle("CHF", moneys)
    assert sum(night.balances.values()) == 0
    left = dict(night.balances)
    for payment in night.payments:
        assert payment.amount > 0
        assert night.balances[payment.payer] < 0 < night.balances[payment.payee]
        left[payment.payer] += payment.amount
        left[payment.payee] -= payment.amount
    assert set(left.values()) <= {0}
    owing = sum(1 for amount in night.balances.values() if amount)
    assert len(night.payments) <= max(owing - 1, 0)
