"""Anrufen: token payouts (docs/rules.md, Anrufen, docs/match-format.md)."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.anrufen import Anrufen, Settlement, settle
from scoring.base import ScoringError
from tests.properties import examples

ENGINE = Anrufen()
FOUR = ["A", "B", "C", "D"]
THREE = ["A", "B", "C"]
LEVEL_ORDER = ["normal", "hundred", "no_tricks", "all_tricks", "all_tricks_hundred"]


def balances(players, rounds, options=None, **kwargs):
    return list(ENGINE.score(players, options, rounds, **kwargs).totals.values())


def error_of(players, rounds, options=None, **kwargs) -> str:
    with pytest.raises(ScoringError) as caught:
        ENGINE.score(players, options, rounds, **kwargs)
    return str(caught.value)


# --- the worked examples of docs/rules.md ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "entry", "after"),
    [
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "normal", "partner": "C", "points": 50},
            [11, 9, 11, 9],
            id="normal-50-card-points",
        ),
        pytest.param(
            FOUR,
            {
                "bidder": "A",
                "bid": "normal",
                "partner": "C",
                "contra": True,
                "points": 60,
                "marriages": {"opponents": ["trump"]},
            },
            [8, 12, 8, 12],
            id="normal-contra-lost-against-trump-marriage",
        ),
        pytest.param(
            FOUR, {"bidder": "A", "bid": "no_tricks", "tricks": 0}, [16, 8, 8, 8], id="no-tricks-made"
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "no_tricks", "tricks": 0, "contra": True},
            [19, 7, 7, 7],
            id="no-tricks-made-contra",
        ),
        pytest.param(
            FOUR,
            {
                "bidder": "A",
                "bid": "hundred",
                "partner": "C",
                "points": 90,
                "tricks": 6,
                "marriages": {"bidder": ["trump"]},
            },
            [12, 8, 12, 8],
            id="hundred-all-tricks-and-trump-marriage",
        ),
        pytest.param(
            THREE,
            {"bidder": "A", "bid": "normal", "points": 40, "marriages": {"bidder": ["plain"]}},
            [12, 9, 9],
            id="three-players-normal-with-plain-marriage",
        ),
    ],
)
def test_every_example_of_the_spec_gives_the_balances_it_lists(players, entry, after):
    assert balances(players, [entry]) == after


def test_the_json_of_a_match_has_exactly_the_shape_of_match_format():
    rounds = [
        {"bidder": "A", "bid": "normal", "partner": "C", "points": 50},
        {"redeal": True},
        {"bidder": "C", "bid": "no_tricks", "tricks": 0, "contra": True},
    ]
    assert ENGINE.score(FOUR, {}, rounds).to_json() == {
        "game": "anrufen",
        "players": ["A", "B", "C", "D"],
        "rounds": [
            {"number": 1, "deltas": {"A": 1, "B": -1, "C": 1, "D": -1}, "made": True, "stake": 1},
            {"number": 2, "deltas": {"A": 0, "B": 0, "C": 0, "D": 0}, "stake": 0},
            {"number": 3, "deltas": {"A": -3, "B": -3, "C": 9, "D": -3}, "made": True, "stake": 3},
        ],
        "totals": {"A": 8, "B": 6, "C": 20, "D": 6},
        "finished": False,
        "winners": [],
        "places": {"A": 2, "B": 3, "C": 1, "D": 3},
        "dealer": "D",
    }


def test_the_round_json_lists_made_before_stake_after_the_deltas():
    result = ENGINE.score(FOUR, {}, [{"bidder": "A", "bid": "normal", "partner": "B", "points": 40}])
    assert list(result.to_json()["rounds"][0]) == ["number", "deltas", "made", "stake"]


# --- contracts: made or not, and what they pay --------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "made", "after"),
    [
        # T = 90 + 40 = 130, need 70: 40 + 40 = 80 makes it.
        ({"bid": "normal", "points": 40, "marriages": {"bidder": ["trump"]}}, True, [11, 9, 11, 9]),
        # T = 90 + 20 + 20 = 130, need 70: 40 + 20 = 60 is not enough.
        (
            {"bid": "normal", "points": 40, "marriages": {"bidder": ["plain"], "opponents": ["plain"]}},
            False,
            [9, 11, 9, 11],
        ),
        # The opponents' marriage raises T to 110: 50 card points are no longer more than half.
        ({"bid": "normal", "points": 50, "marriages": {"opponents": ["plain"]}}, False, [9, 11, 9, 11]),
        ({"bid": "normal", "points": 40}, False, [9, 11, 9, 11]),
        # 130 points in a normal game are still paid at the normal stake.
        (
            {"bid": "normal", "points": 90, "tricks": 6, "marriages": {"bidder": ["trump"]}},
            True,
            [11, 9, 11, 9],
        ),
        # hundred: 90 card points alone are not 100.
        ({"bid": "hundred", "points": 90, "tricks": 6}, False, [8, 12, 8, 12]),
        ({"bid": "hundred", "points": 80, "marriages": {"bidder": ["plain"]}}, True, [12, 8, 12, 8]),
        # The opponents' marriage does not count for the bidder's hundred.
        ({"bid": "hundred", "points": 80, "marriages": {"opponents": ["trump"]}}, False, [8, 12, 8, 12]),
        ({"bid": "all_tricks", "tricks": 6}, True, [12, 8, 12, 8]),
        ({"bid": "all_tricks", "tricks": 5}, False, [8, 12, 8, 12]),
        ({"bid": "all_tricks", "tricks": 5, "points": 90}, False, [8, 12, 8, 12]),
        (
            {"bid": "all_tricks_hundred", "tricks": 6, "points": 90, "marriages": {"bidder": ["plain"]}},
            True,
            [13, 7, 13, 7],
        ),
        ({"bid": "all_tricks_hundred", "tricks": 6, "points": 90}, False, [7, 13, 7, 13]),
        (
            {"bid": "all_tricks_hundred", "tricks": 5, "points": 80, "marriages": {"bidder": ["trump"]}},
            False,
            [7, 13, 7, 13],
        ),
        # The raised contract is the one played and paid.
        ({"bid": "normal", "raised_to": "all_tricks", "tricks": 6, "points": 90}, True, [12, 8, 12, 8]),
        ({"bid": "normal", "raised_to": "hundred", "points": 70}, False, [8, 12, 8, 12]),
        (
            {"bid": "hundred", "raised_to": "all_tricks_hundred", "tricks": 5, "points": 80},
            False,
            [7, 13, 7, 13],
        ),
    ],
)
def test_a_contract_with_partner_is_made_or_lost_by_its_own_rule(entry, made, after):
    entry = {"bidder": "A", "partner": "C", **entry}
    standings = ENGINE.score(FOUR, {}, [entry])
    assert standings.rounds[0].extras["made"] is made
    assert list(standings.totals.values()) == after


def test_no_tricks_lost_costs_the_bidder_three_stakes():
    assert balances(FOUR, [{"bidder": "B", "bid": "no_tricks", "tricks": 1}]) == [12, 4, 12, 12]


@pytest.mark.parametrize(
    ("entry", "after"),
    [
        ({"bid": "all_tricks", "tricks": 7}, [14, 8, 8]),
        ({"bid": "all_tricks", "tricks": 6}, [6, 12, 12]),
        ({"bid": "no_tricks", "tricks": 0}, [14, 8, 8]),
        (
            {"bid": "all_tricks_hundred", "tricks": 7, "points": 90, "marriages": {"bidder": ["plain"]}},
            [16, 7, 7],
        ),
        ({"bid": "hundred", "points": 70, "contra": True}, [4, 13, 13]),
    ],
)
def test_three_players_bidder_wins_or_pays_twice_the_stake(entry, after):
    assert balances(THREE, [{"bidder": "A", **entry}]) == after


@pytest.mark.parametrize(
    ("players", "entry", "after"),
    [
        # hundred, stake 2 doubled to 4.
        (
            FOUR,
            {"bidder": "A", "partner": "B", "bid": "hundred", "points": 90, "contra": True},
            [6, 6, 14, 14],
        ),
        (FOUR, {"bidder": "D", "bid": "no_tricks", "tricks": 0, "contra": True}, [6, 6, 6, 22]),
        (THREE, {"bidder": "C", "bid": "normal", "points": 50, "contra": True}, [8, 8, 14]),
        # Without contra the option changes nothing.
        (THREE, {"bidder": "C", "bid": "normal", "points": 50}, [9, 9, 12]),
    ],
)
def test_contra_double_doubles_the_stake(players, entry, after):
    assert balances(players, [entry], {"contra": "double"}) == after


def test_contra_add_raises_the_all_tricks_hundred_stake_from_three_to_four():
    entry = {"bidder": "A", "bid": "all_tricks_hundred", "tricks": 7, "points": 90, "contra": True}
    result = ENGINE.score(THREE, {}, [entry]).rounds[0]
    assert result.extras == {"made": False, "stake": 4}
    assert result.deltas == {"A": -8, "B": 4, "C": 4}


def test_a_redeal_pays_nobody_and_moves_the_deal():
    standings = ENGINE.score(FOUR, {"first_dealer": "D"}, [{"redeal": True}])
    assert standings.totals == {"A": 10, "B": 10, "C": 10, "D": 10}
    assert standings.rounds[0].extras == {"stake": 0}
    assert standings.dealer == "A"


def test_balances_may_fall_below_zero_without_stop_at_zero():
    entry = {"bidder": "A", "bid": "all_tricks_hundred", "tricks": 0, "contra": True, "points": 0}
    standings = ENGINE.score(THREE, {"chips": 3}, [entry, entry])
    assert standings.totals == {"A": -13, "B": 11, "C": 11}
    assert not standings.finished


def test_options_and_entry_give_the_chips_each_player_starts_with():
    assert balances(FOUR, [], {"chips": 25}) == [25, 25, 25, 25]


# --- settle: the preview of one entry ------------------------------------------------------------


def test_settle_returns_made_stake_and_token_moves_in_seating_order():
    made, stake, deltas = settle(FOUR, {}, {"bidder": "C", "bid": "normal", "partner": "A", "points": 30})
    assert (made, stake) == (False, 1)
    assert list(deltas.items()) == [("A", -1), ("B", 1), ("C", -1), ("D", 1)]


def test_settle_of_a_redeal_is_nothing_made_nothing_paid():
    assert settle(THREE, None, {"redeal": True}) == Settlement(None, 0, {"A": 0, "B": 0, "C": 0})


def test_settle_uses_the_contra_option_and_names_the_round_in_errors():
    entry = {"bidder": "A", "bid": "no_tricks", "tricks": 0, "contra": True}
    assert settle(FOUR, {"contra": "double"}, entry).deltas == {"A": 12, "B": -4, "C": -4, "D": -4}
    with pytest.raises(ScoringError, match=r"^round 7: the bid is missing$"):
        settle(FOUR, {}, {"bidder": "A"}, number=7)
    with pytest.raises(ScoringError, match=r"^round 1: a round must be an object, not a list$"):
        settle(FOUR, {}, [])
    with pytest.raises(ScoringError, match="option 'contra'"):
        settle(FOUR, {"contra": "triple"}, entry)


# --- rejections ----------------------------------------------------------------------------------

NORMAL = {"bidder": "A", "bid": "normal", "partner": "C", "points": 50}


@pytest.mark.parametrize(
    ("players", "entry", "message"),
    [
        pytest.param(FOUR, {"redeal": False}, "redeal can only be true, not false", id="redeal-false"),
        pytest.param(FOUR, {"redeal": 1}, "redeal can only be true, not 1", id="redeal-one"),
        pytest.param(
            FOUR,
            {"redeal": True, "bidder": "A"},
            "a redeal has no other fields, but 'bidder' is given",
            id="redeal-with-fields",
        ),
        pytest.param(FOUR, {**NORMAL, "winner": "A"}, "unknown field 'winner'", id="unknown-field"),
        pytest.param(FOUR, {"bid": "normal", "points": 50}, "the bidder is missing", id="no-bidder"),
        pytest.param(
            FOUR,
            {**NORMAL, "bidder": "Zoe"},
            "bidder 'Zoe' is not a player of this match",
            id="bidder-unknown",
        ),
        pytest.param(FOUR, {**NORMAL, "bidder": None}, "bidder null is not a player", id="bidder-null"),
        pytest.param(FOUR, {"bidder": "A", "partner": "C", "points": 50}, "the bid is missing", id="no-bid"),
        pytest.param(
            FOUR,
            {**NORMAL, "bid": "solo"},
            "the bid must be one of the contracts Normal, Hundred, No tricks, All tricks, "
            "All tricks and hundred, not 'solo'",
            id="bid-unknown",
        ),
        pytest.param(
            FOUR, {**NORMAL, "bid": ["normal"]}, "the bid must be one of the contracts", id="bid-list"
        ),
        pytest.param(FOUR, {**NORMAL, "bid": 1}, "the bid must be one of the contracts", id="bid-number"),
        pytest.param(
            FOUR,
            {**NORMAL, "raised_to": "triple"},
            "the raise must be one of the contracts Normal, Hundred",
            id="raised-to-unknown",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "raised_to": None},
            "the raise must be one of the contracts Normal, Hundred",
            id="raised-to-null",
        ),
        pytest.param(
            THREE,
            {"bidder": "A", "bid": "normal", "raised_to": "hundred", "points": 50},
            "with 3 players the bidder plays alone, so nobody can raise",
            id="raise-with-three-players",
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "no_tricks", "raised_to": "all_tricks", "tricks": 6, "partner": "C"},
            "a No tricks bid is played alone, so nobody can raise it",
            id="raise-of-no-tricks",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "raised_to": "no_tricks", "tricks": 0, "points": 0},
            "the partner cannot raise to No tricks",
            id="raise-to-no-tricks",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "raised_to": "normal"},
            "a raise to Normal is not higher than the bid Normal",
            id="raise-to-same",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "bid": "all_tricks", "raised_to": "hundred", "tricks": 6},
            "a raise to Hundred is not higher than the bid All tricks",
            id="raise-to-lower",
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "normal", "points": 50},
            "the partner is missing: with 4 players Normal is played with a partner",
            id="no-partner",
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "no_tricks", "partner": "C", "tricks": 0},
            "No tricks is played alone: leave out the partner",
            id="partner-in-no-tricks",
        ),
        pytest.param(
            THREE,
            {**NORMAL, "partner": "B"},
            "with 3 players the bidder plays alone: leave out the partner",
            id="partner-with-three-players",
        ),
        pytest.param(
            FOUR, {**NORMAL, "partner": "A"}, "'A' cannot be his own partner", id="partner-is-bidder"
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "partner": "Zoe"},
            "partner 'Zoe' is not a player of this match",
            id="partner-unknown",
        ),
        pytest.param(FOUR, {**NORMAL, "partner": None}, "partner null is not a player", id="partner-null"),
        pytest.param(
            FOUR, {**NORMAL, "contra": 1}, "contra must be true or false, not 1", id="contra-number"
        ),
        pytest.param(
            FOUR, {**NORMAL, "contra": None}, "contra must be true or false, not null", id="contra-null"
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "normal", "partner": "C"},
            "points are missing: Normal needs the card points of the bidder's side",
            id="points-missing-normal",
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "normal", "raised_to": "hundred", "partner": "C", "tricks": 3},
            "points are missing: Hundred needs",
            id="points-missing-hundred",
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "all_tricks_hundred", "partner": "C", "tricks": 6},
            "points are missing: All tricks and hundred needs",
            id="points-missing-all-tricks-hundred",
        ),
        pytest.param(
            FOUR, {**NORMAL, "points": "50"}, "points must be a whole number, not '50'", id="points-text"
        ),
        pytest.param(
            FOUR, {**NORMAL, "points": 50.0}, "points must be a whole number, not 50.0", id="points-float"
        ),
        pytest.param(
            FOUR, {**NORMAL, "points": True}, "points must be a whole number, not true", id="points-bool"
        ),
        pytest.param(
            FOUR, {**NORMAL, "points": -10}, "points must be at least 0, not -10", id="points-negative"
        ),
        pytest.param(
            FOUR, {**NORMAL, "points": 100}, "points must be at most 90, not 100", id="points-above-90"
        ),
        pytest.param(
            FOUR, {**NORMAL, "points": 45}, "points must be a multiple of 10, not 45", id="points-not-in-tens"
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "no_tricks"},
            "tricks are missing: No tricks needs the tricks of the bidder's side",
            id="tricks-missing-no-tricks",
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "all_tricks", "partner": "C", "points": 90},
            "tricks are missing: All tricks needs",
            id="tricks-missing-all-tricks",
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "all_tricks_hundred", "partner": "C", "points": 90},
            "tricks are missing: All tricks and hundred needs",
            id="tricks-missing-all-tricks-hundred",
        ),
        pytest.param(
            FOUR, {**NORMAL, "tricks": 7}, "tricks must be at most 6, not 7", id="tricks-four-players"
        ),
        pytest.param(
            THREE,
            {"bidder": "A", "bid": "all_tricks", "tricks": 8},
            "tricks must be at most 7, not 8",
            id="tricks-three-players",
        ),
        pytest.param(
            FOUR, {**NORMAL, "tricks": -1}, "tricks must be at least 0, not -1", id="tricks-negative"
        ),
        pytest.param(
            FOUR, {**NORMAL, "tricks": [6]}, "tricks must be a whole number, not a list", id="tricks-list"
        ),
        pytest.param(
            FOUR,
            {"bidder": "A", "bid": "no_tricks", "tricks": 0, "points": 10},
            "the bidder's side took no trick but has 10 points",
            id="no-trick-but-points",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "points": 80, "tricks": 6},
            "the bidder's side took all 6 tricks but has 80 points, not 90",
            id="all-tricks-but-not-90",
        ),
        pytest.param(
            THREE,
            {"bidder": "A", "bid": "all_tricks", "points": 50, "tricks": 7},
            "the bidder took all 7 tricks but has 50 points: with 3 players every trick brings 60 to 90",
            id="all-seven-tricks-but-under-60",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "marriages": ["trump"]},
            "marriages must be an object, not a list",
            id="marriages-list",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "marriages": {"partner": ["plain"]}},
            "marriages: unknown side 'partner': a marriage belongs to the bidder's side or to the opponents",
            id="marriages-unknown-side",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "marriages": {"bidder": "trump"}},
            "the marriages of the bidder's side must be a list, not 'trump'",
            id="marriages-side-not-list",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "marriages": {"opponents": None}},
            "marriages of the opponents must be a list, not null",
            id="marriages-side-null",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "marriages": {"bidder": ["hearts"]}},
            "a marriage is in trump or in a plain suit, not 'hearts'",
            id="marriage-kind-unknown",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "marriages": {"bidder": ["trump"], "opponents": ["trump"]}},
            "2 trump marriages, but the deck holds only 1",
            id="two-trump-marriages",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "marriages": {"bidder": ["trump", "trump"]}},
            "2 trump marriages, but the deck holds only 1",
            id="two-trump-marriages-one-side",
        ),
        pytest.param(
            FOUR,
            {**NORMAL, "marriages": {"bidder": ["plain", "plain"], "opponents": ["plain", "plain"]}},
            "4 plain marriages, but the deck holds only 3",
            id="four-plain-marriages",
        ),
    ],
)
def test_an_impossible_entry_is_rejected_naming_the_round_and_the_problem(players, entry, message):
    text = error_of(players, [{"redeal": True}, entry])
    assert text.startswith("round 2: ")
    assert message in text


def test_a_round_that_is_not_an_object_is_rejected():
    assert error_of(FOUR, [NORMAL, "redeal"]) == "round 2: a round must be an object, not 'redeal'"


@pytest.mark.parametrize(
    "entry",
    [
        {"bidder": "A", "bid": "no_tricks", "tricks": 0, "points": 0},
        {"bidder": "A", "bid": "normal", "partner": "B", "points": 90, "tricks": 6},
        {"bidder": "A", "bid": "normal", "partner": "B", "points": 0, "tricks": 3},
        {"bidder": "A", "bid": "all_tricks", "partner": "B", "tricks": 6},
        {"bidder": "A", "bid": "normal", "partner": "B", "points": 10, "marriages": {}},
        {"bidder": "A", "bid": "normal", "partner": "B", "points": 10, "marriages": {"bidder": []}},
        {
            "bidder": "A",
            "bid": "normal",
            "partner": "B",
            "points": 10,
            "marriages": {"bidder": ["trump", "plain"], "opponents": ["plain", "plain"]},
        },
        {"bidder": "A", "bid": "normal", "partner": "B", "contra": False, "points": 50},
    ],
)
def test_entries_at_the_edge_of_the_rules_are_accepted(entry):
    assert ENGINE.score(FOUR, {}, [entry]).rounds[0].extras["stake"] >= 1


# --- deal rotation and the end of the match -------------------------------------------------------


def test_the_deal_passes_to_the_left_and_a_redeal_moves_it_too():
    rounds = [NORMAL, {"redeal": True}, NORMAL]
    assert [ENGINE.score(FOUR, {}, rounds[:k]).dealer for k in range(4)] == ["A", "B", "C", "D"]
    assert [ENGINE.score(THREE, {"first_dealer": "C"}, [{"redeal": True}] * k).dealer for k in range(4)] == [
        "C",
        "A",
        "B",
        "C",
    ]


def test_the_table_shows_each_rounds_dealer_and_contract():
    rounds = [
        {"redeal": True},
        {
            "bidder": "D",
            "bid": "normal",
            "raised_to": "hundred",
            "partner": "A",
            "points": 80,
            "contra": True,
            "marriages": {"bidder": ["plain"], "opponents": ["trump"]},
        },
        {"bidder": "A", "bid": "normal", "partner": "C", "points": 40, "marriages": {"opponents": ["plain"]}},
        {"bidder": "B", "bid": "no_tricks", "tricks": 0},
    ]
    table = ENGINE.score(FOUR, {"first_dealer": "B", "rounds": 9}, rounds).table
    assert table["round_limit"] == 9
    assert table["contracts"][0] == {"redeal": True, "dealer": "B"}
    assert table["contracts"][1] == {
        "redeal": False,
        "dealer": "C",
        "bidder": "D",
        "partner": "A",
        "bid": "normal",
        "contract": "hundred",
        "raised": True,
        "contra": True,
        "stake": 3,
        "made": True,
        "needed": 100,
        "side_points": 100,
        "tricks": None,
    }
    # T = 90 + 20 = 110: the side needs 60.
    assert table["contracts"][2]["needed"] == 60
    assert table["contracts"][2]["side_points"] == 40
    assert table["contracts"][2]["made"] is False
    assert table["contracts"][3]["partner"] is None
    assert table["contracts"][3]["needed"] is None
    assert table["contracts"][3]["tricks"] == 0


def test_the_match_ends_after_the_rounds_option_counting_redeals():
    rounds = [NORMAL, {"redeal": True}, NORMAL]
    standings = ENGINE.score(FOUR, {"rounds": 3}, rounds)
    assert standings.finished
    assert standings.winners == ("A", "C")
    assert standings.dealer is None
    assert "dealer" not in standings.to_json()
    assert not ENGINE.score(FOUR, {"rounds": 3}, rounds[:2]).finished


def test_a_round_after_the_rounds_option_is_rejected():
    assert error_of(FOUR, [NORMAL, NORMAL, {"redeal": True}], {"rounds": 2}) == (
        "round 3: the match is already over"
    )


def test_stop_at_zero_ends_the_match_after_the_first_round_that_leaves_someone_at_zero():
    lost = {"bidder": "A", "bid": "normal", "partner": "C", "points": 20}
    standings = ENGINE.score(FOUR, {"chips": 2, "stop_at_zero": True}, [lost])
    assert not standings.finished
    standings = ENGINE.score(FOUR, {"chips": 2, "stop_at_zero": True}, [lost, lost])
    assert standings.finished
    assert standings.totals == {"A": 0, "B": 4, "C": 0, "D": 4}
    assert standings.winners == ("B", "D")
    assert error_of(FOUR, [lost, lost, {"redeal": True}], {"chips": 2, "stop_at_zero": True}) == (
        "round 3: the match is already over"
    )


def test_stop_at_zero_also_ends_on_a_debt():
    lost = {"bidder": "B", "bid": "all_tricks_hundred", "tricks": 2, "points": 40, "contra": True}
    standings = ENGINE.score(THREE, {"chips": 5, "stop_at_zero": True}, [lost])
    assert standings.totals == {"A": 9, "B": -3, "C": 9}
    assert standings.finished
    assert standings.winners == ("A", "C")


def test_without_stop_at_zero_the_match_goes_on_past_zero():
    lost = {"bidder": "A", "bid": "normal", "partner": "C", "points": 20}
    standings = ENGINE.score(FOUR, {"chips": 1}, [lost, lost, lost])
    assert standings.totals == {"A": -2, "B": 4, "C": -2, "D": 4}
    assert not standings.finished
    assert standings.dealer == "D"


def test_closing_an_open_match_finishes_it_with_the_best_balance_winning():
    standings = ENGINE.score(FOUR, {}, [{"bidder": "B", "bid": "no_tricks", "tricks": 0}], closed=True)
    assert standings.finished
    assert standings.winners == ("B",)
    assert standings.to_json()["winners"] == ["B"]


def test_closing_a_match_with_no_round_lets_everybody_share_the_win():
    standings = ENGINE.score(THREE, {}, [], closed=True)
    assert standings.winners == ("A", "B", "C")


def test_an_open_match_never_ends_by_itself():
    standings = ENGINE.score(FOUR, {}, [NORMAL] * 200)
    assert not standings.finished
    assert standings.totals == {"A": 210, "B": -190, "C": 210, "D": -190}


# --- seats and options ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"contra": "triple"}, "option 'contra' must be 'add' or 'double', not 'triple'"),
        ({"contra": ["add"]}, "option 'contra' must be 'add' or 'double', not a list"),
        ({"stop_at_zero": "yes"}, "option 'stop_at_zero' must be true or false, not 'yes'"),
    ],
)
def test_a_wrong_option_is_rejected(options, message):
    assert error_of(FOUR, [], options) == message


def test_options_default_to_ten_chips_contra_add_open_and_no_stop():
    standings = ENGINE.score(FOUR, None, [])
    assert standings.options == {
        "first_dealer": "A",
        "chips": 10,
        "contra": "add",
        "rounds": None,
        "stop_at_zero": False,
    }
    assert ENGINE.score(FOUR, {"rounds": None}, []).table["round_limit"] is None


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C", "D", "E"]])
def test_anrufen_is_played_by_three_or_four(players):
    assert error_of(players, []) == f"Anrufen is played by 3 to 4 players, not {len(players)}"


# --- properties ----------------------------------------------------------------------------------


@st.composite
def valid_entry(draw, players):
    """A random entry the rules allow, built from the rules (not from the engine)."""
    if draw(st.integers(0, 9)) == 0:
        return {"redeal": True}
    seats = len(players)
    most = 6 if seats == 4 else 7
    bidder = draw(st.sampled_from(players))
    contract = draw(st.sampled_from(LEVEL_ORDER))
    entry = {"bidder": bidder, "bid": contract}
    if seats == 4 and contract != "no_tricks":
        entry["partner"] = draw(st.sampled_from([name for name in players if name != bidder]))
        lower = [level for level in LEVEL_ORDER[: LEVEL_ORDER.index(contract)] if level != "no_tricks"]
        if contract != "normal" and lower and draw(st.booleans()):
            entry["bid"] = draw(st.sampled_from(lower))
            entry["raised_to"] = contract
    if draw(st.booleans()):
        entry["contra"] = draw(st.booleans())
    tricks = draw(st.integers(0, most))
    if tricks == 0:
        points = 0
    elif tricks == most:  # every trick: all 90, or with 3 players 60-90 (discarded aces and tens)
        points = 90 if seats == 4 else draw(st.sampled_from([60, 70, 80, 90]))
    else:
        points = draw(st.sampled_from(range(0, 100, 10)))
    if contract in {"no_tricks", "all_tricks", "all_tricks_hundred"} or draw(st.booleans()):
        entry["tricks"] = tricks
    if contract in {"normal", "hundred", "all_tricks_hundred"} or draw(st.booleans()):
        entry["points"] = points
    trump = draw(st.sampled_from([None, "bidder", "opponents"]))
    plain = draw(st.lists(st.sampled_from(["bidder", "opponents"]), max_size=3))
    if trump or plain or draw(st.booleans()):
        marriages: dict[str, list[str]] = {"bidder": [], "opponents": []}
        if trump:
            marriages[trump].append("trump")
        for side in plain:
            marriages[side].append("plain")
        if "tricks" in entry:  # a marriage needs a lead: one per trick won, the bidder's side one more
            marriages["bidder"] = marriages["bidder"][: tricks + 1]
            marriages["opponents"] = marriages["opponents"][: most - tricks]
        entry["marriages"] = {
            side: kinds for side, kinds in marriages.items() if kinds or draw(st.booleans())
        }
    return entry


@st.composite
def open_match(draw):
    players = draw(st.sampled_from([FOUR, THREE, ["Dora", "Cla", "Beat", "Anna"]]))
    options = {
        "chips": draw(st.integers(1, 1000)),
        "contra": draw(st.sampled_from(["add", "double"])),
        "first_dealer": draw(st.sampled_from(players)),
    }
    rounds = draw(st.lists(valid_entry(players), max_size=25))
    return players, options, rounds


def shuffled(value, rng):
    if isinstance(value, dict):
        items = list(value.items())
        rng.shuffle(items)
        return {key: shuffled(item, rng) for key, item in items}
    return value


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
@given(open_match(), st.randoms(use_true_random=False))
def test_valid_rounds_keep_every_token_and_replay_the_same(match, rng):
    players, options, rounds = match
    standings = ENGINE.score(players, options, rounds)
    chips, seats = options["chips"], len(players)
    assert sum(standings.totals.values()) == chips * seats
    assert list(standings.totals) == players
    running = dict.fromkeys(players, chips)
    for k, (entry, result) in enumerate(zip(rounds, standings.rounds, strict=True), start=1):
        assert result.number == k
        assert list(result.deltas) == players
        assert sum(result.deltas.values()) == 0
        stake = result.extras["stake"]
        if "redeal" in entry:
            assert result.extras == {"stake": 0}
            assert set(result.deltas.values()) == {0}
        else:
            assert list(result.extras) == ["made", "stake"]
            sign = 1 if result.extras["made"] else -1
            bidder_share = stake if "partner" in entry else stake * (seats - 1)
            assert result.deltas[entry["bidder"]] == sign * bidder_share
            side = {entry["bidder"], entry.get("partner")}
            assert all(result.deltas[name] == -sign * stake for name in players if name not in side)
        for name in players:
            running[name] += result.deltas[name]
        prefix = ENGINE.score(players, options, rounds[:k])
        assert prefix.totals == running
        assert prefix.rounds[-1] == result
        assert settle(players, options, entry, number=k) == (result.extras.get("made"), stake, result.deltas)
    first = players.index(options["first_dealer"])
    assert standings.dealer == players[(first + len(rounds)) % seats]
    reordered = [shuffled(entry, rng) for entry in rounds]
    assert ENGINE.score(players, shuffled(options, rng), reordered).to_json() == standings.to_json()


@settings(max_examples=examples(200))
@given(open_match(), st.integers(1, 30), st.booleans())
def test_the_match_ends_exactly_when_the_options_say(match, limit, stop_at_zero):
    players, options, rounds = match
    options = {**options, "chips": min(options["chips"], 6), "rounds": limit, "stop_at_zero": stop_at_zero}
    played: list = []
    for entry in rounds:
        standings = ENGINE.score(players, options, played)
        if standings.finished:
            assert error_of(players, [*played, entry], options) == (
                f"round {len(played) + 1}: the match is already over"
            )
            break
        played.append(entry)
    standings = ENGINE.score(players, options, played)
    broke = stop_at_zero and min(standings.totals.values()) <= 0
    assert standings.finished == (len(played) == limit or broke)
    if standings.finished:
        top = max(standings.totals.values())
        assert standings.winners == tuple(name for name in players if standings.totals[name] == top)
    else:
        assert standings.winners == ()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-200, 200) | st.floats(allow_nan=True) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
plausible = {
    "redeal": st.just(True),
    "bidder": st.sampled_from([*FOUR, "Zoe"]),
    "partner": st.sampled_from([*FOUR, "Zoe"]),
    "bid": st.sampled_from([*LEVEL_ORDER, "solo"]),
    "raised_to": st.sampled_from([*LEVEL_ORDER, "solo"]),
    "contra": st.booleans(),
    "points": st.integers(-10, 100),
    "tricks": st.integers(-1, 8),
    "marriages": st.dictionaries(
        st.sampled_from(["bidder", "opponents", "partner"]),
        st.lists(st.sampled_from(["trump", "plain", "hearts"]), max_size=4),
        max_size=2,
    ),
    "extra": json_values,
}
garbage_entry = st.dictionaries(
    st.sampled_from(sorted(plausible)), json_values, max_size=8
) | st.fixed_dictionaries({}, optional={key: value | json_values for key, value in plausible.items()})


@settings(max_examples=examples(500))
@given(
    st.sampled_from([FOUR, THREE]),
    st.lists(garbage_entry | json_values, max_size=4),
    st.dictionaries(
        st.sampled_from(["chips", "contra", "rounds", "stop_at_zero", "x"]), json_values, max_size=2
    ),
)
def test_garbage_raises_only_scoring_errors(players, rounds, options):
    try:
        standings = ENGINE.score(players, options, rounds)
    except ScoringError as error:
        assert str(error)
    else:
        assert sum(standings.totals.values()) == standings.options["chips"] * len(players)
    for entry in rounds:
        with contextlib.suppress(ScoringError):
            settle(players, {}, entry)


def test_a_thousand_rounds_fold_to_a_finished_match():
    rng = random.Random(7)
    contracts = [
        {"bidder": "A", "bid": "normal", "partner": "C", "points": 60, "marriages": {"opponents": ["plain"]}},
        {"bidder": "B", "bid": "no_tricks", "tricks": 0, "contra": True},
        {
            "bidder": "D",
            "bid": "hundred",
            "raised_to": "all_tricks_hundred",
            "partner": "B",
            "tricks": 6,
            "points": 90,
        },
        {"redeal": True},
    ]
    rounds = [rng.choice(contracts) for _ in range(1000)]
    # How fast: make bench-scoring.
    standings = ENGINE.score(FOUR, {"rounds": 1000}, rounds)
    assert standings.finished
    assert sum(standings.totals.values()) == 40


# --- the amended rules: 3-player discards, and a marriage needs a lead ----------------------------


@pytest.mark.parametrize(
    ("points", "marriages", "made", "after"),
    [
        # A alone against B and C takes all 7 tricks; his discarded aces and tens count for them.
        (60, ["trump"], True, [16, 7, 7]),  # 60 + 40 = 100: made, stake 3, A +6
        (80, ["plain"], True, [16, 7, 7]),  # 80 + 20 = 100
        (70, ["plain"], False, [4, 13, 13]),  # 70 + 20 = 90: all tricks, but under 100
        (90, [], False, [4, 13, 13]),  # 90 alone is not 100
        (60, [], False, [4, 13, 13]),
    ],
)
def test_three_player_all_tricks_hundred_counts_the_cards_he_kept_and_his_marriages(
    points, marriages, made, after
):
    entry = {
        "bidder": "A",
        "bid": "all_tricks_hundred",
        "points": points,
        "tricks": 7,
        "marriages": {"bidder": marriages},
    }
    standings = ENGINE.score(THREE, None, [entry])
    assert standings.rounds[0].extras == {"made": made, "stake": 3}
    assert list(standings.totals.values()) == after


@pytest.mark.parametrize("points", [60, 70, 80, 90])
def test_three_player_all_tricks_is_made_with_60_to_90_card_points(points):
    entry = {"bidder": "B", "bid": "all_tricks", "points": points, "tricks": 7}
    assert balances(THREE, [entry]) == [8, 14, 8]


@pytest.mark.parametrize("points", [0, 10, 50])
def test_three_player_all_tricks_under_60_card_points_is_impossible(points):
    entry = {"bidder": "B", "bid": "all_tricks", "points": points, "tricks": 7}
    message = error_of(THREE, [entry])
    assert message.startswith(
        f"round 1: the bidder took all 7 tricks but has {points} points: with 3 players"
    )


@pytest.mark.parametrize("points", [60, 80])
def test_four_player_all_tricks_still_needs_all_90(points):
    entry = {"bidder": "A", "bid": "all_tricks", "partner": "C", "points": points, "tricks": 6}
    assert error_of(FOUR, [entry]) == (
        f"round 1: the bidder's side took all 6 tricks but has {points} points, not 90"
    )


def lead_entry(tricks, bidder=(), opponents=(), players=FOUR):
    entry = {"bidder": "A", "bid": "normal", "points": 50, "tricks": tricks}
    if players == FOUR:
        entry["partner"] = "C"
    if tricks == 0:
        entry["points"] = 0
    if tricks == TRICKS[len(players)]:
        entry["points"] = 90
    entry["marriages"] = {"bidder": list(bidder), "opponents": list(opponents)}
    return entry


TRICKS = {4: 6, 3: 7}


@pytest.mark.parametrize(
    ("players", "tricks", "bidder", "opponents"),
    [
        (FOUR, 0, ["trump"], ["plain", "plain", "plain"]),  # the first lead, and 3 of the 6 tricks
        (FOUR, 2, ["trump", "plain", "plain"], ["plain"]),  # 2 tricks + the first lead = 3
        (FOUR, 3, [], ["trump", "plain", "plain"]),  # the opponents took 3 tricks
        (FOUR, 5, ["plain", "plain"], ["trump"]),  # one trick for the opponents, one marriage
        (FOUR, 6, ["trump", "plain"], []),
        (THREE, 6, ["trump", "plain", "plain", "plain"], []),
        (THREE, 1, [], ["trump", "plain", "plain", "plain"]),  # 6 tricks for the two opponents
    ],
)
def test_as_many_marriages_as_leads_are_allowed(players, tricks, bidder, opponents):
    standings = ENGINE.score(players, None, [lead_entry(tricks, bidder, opponents, players)])
    assert len(standings.rounds) == 1


@pytest.mark.parametrize(
    ("players", "tricks", "bidder", "opponents", "message"),
    [
        (
            FOUR,
            6,
            [],
            ["plain"],
            "the bidder's side took every trick, so the opponents never led and cannot have declared a marriage",
        ),
        (
            THREE,
            7,
            ["trump"],
            ["plain"],
            "the bidder's side took every trick, so the opponents never led and cannot have declared a marriage",
        ),
        (
            FOUR,
            5,
            [],
            ["plain", "plain"],
            "the opponents declared 2 marriages, but a marriage is declared by leading "
            "and they took only 1 of the tricks",
        ),
        (
            FOUR,
            0,
            ["trump", "plain"],
            [],
            "the bidder's side declared 2 marriages, but a marriage is declared by leading: "
            "the bidder leads the first trick, and the side took only 0 of the tricks",
        ),
        (
            FOUR,
            1,
            ["trump", "plain", "plain"],
            [],
            "the bidder's side declared 3 marriages, but a marriage is declared by leading: "
            "the bidder leads the first trick, and the side took only 1 of the tricks",
        ),
    ],
)
def test_more_marriages_than_leads_are_rejected(players, tricks, bidder, opponents, message):
    rounds = [{"redeal": True}, lead_entry(tricks, bidder, opponents, players)]
    assert error_of(players, rounds) == f"round 2: {message}"


def test_without_tricks_only_the_deck_limits_the_marriages():
    entry = {
        "bidder": "A",
        "bid": "normal",
        "partner": "C",
        "points": 50,
        "marriages": {"bidder": ["trump", "plain"], "opponents": ["plain", "plain"]},
    }
    # T = 90 + 40 + 3 x 20 = 190, need 100; 50 + 60 = 110: made.
    assert ENGINE.score(FOUR, None, [entry]).rounds[0].extras == {"made": True, "stake": 1}


def test_the_preview_settles_exactly_what_the_engine_rejects():
    entry = lead_entry(6, [], ["plain"])
    with pytest.raises(ScoringError) as error:
        settle(FOUR, None, entry, number=4)
    assert error.value.code == "anrufen.opponents_never_led"
    assert error.value.round == 4


def test_no_message_shows_a_key_from_the_code():
    wrong = [
        {"bidder": "A", "bid": "normal", "raised_to": "no_tricks", "partner": "C", "points": 0, "tricks": 0},
        {"bidder": "A", "bid": "all_tricks_hundred", "partner": "C", "tricks": 6},
        {"bidder": "A", "bid": "no_tricks", "raised_to": "all_tricks", "tricks": 6},
        {
            "bidder": "A",
            "bid": "all_tricks_hundred",
            "raised_to": "hundred",
            "partner": "C",
            "points": 90,
            "tricks": 6,
        },
        {"bidder": "A", "bid": "hundred", "points": 90},
    ]
    for entry in wrong:
        message = error_of(FOUR, [entry])
        for key in ("normal", "no_tricks", "all_tricks", "all_tricks_hundred", "raised_to", "'hundred'"):
            assert key not in message, message
