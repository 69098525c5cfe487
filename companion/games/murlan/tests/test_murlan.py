"""Murlan: finishing places and a rising target (docs/rules.md, Murlan), checked by hand-computed values."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.base import ScoringError
from scoring.murlan import Murlan
from tests.properties import examples

ENGINE = Murlan()
ABCD = ["A", "B", "C", "D"]


def hands(*orders: str) -> list[dict]:
    """One hand per string of one-letter names, first finisher first: hands("ABCD", "BACD")."""
    return [{"order": list(order)} for order in orders]


def score(rounds: list, options: dict | None = None, players: list[str] = ABCD, **kwargs):
    return ENGINE.score(players, options, rounds, **kwargs)


def rejected(rounds: list, options: dict | None = None, players: list[str] = ABCD) -> str:
    with pytest.raises(ScoringError) as error:
        score(rounds, options, players)
    return str(error.value)


# --- the worked examples of docs/rules.md ----------------------------------------------------

# Hands that lead to the "before" totals of each example, summed by hand:
# 4 x ABCD = 12/8/4/0; 2 x DCBA = 0/2/4/6; ABCD, BACD = 5/5/2/0; CADB = 2/0/3/1; DBCA = 0/2/1/3.
TO_19_17_14_10 = hands(*["ABCD"] * 4, *["DCBA"] * 2, "ABCD", "BACD", "CADB", "DBCA")
# The same with 2 x DBCA (0/4/2/6) in place of 2 x DCBA.
TO_19_19_12_10 = hands(*["ABCD"] * 4, *["DBCA"] * 2, "ABCD", "BACD", "CADB", "DBCA")
# From 19/19/12/10: ABCD -> 22/21/13/10 and the target rises to 31; then ABDC 3/2/0/1, ABCD 3/2/1/0,
# BDAC 1/3/0/2 -> 29/28/14/13 with nobody at 31.
TO_29_28_14_13 = [*TO_19_19_12_10, *hands("ABCD", "ABDC", "ABCD", "BDAC")]


@pytest.mark.parametrize(
    ("before_hands", "before", "target", "order", "after", "result"),
    [
        (TO_19_17_14_10, (19, 17, 14, 10), 21, "ACBD", (22, 18, 16, 10), "A wins"),
        (TO_19_19_12_10, (19, 19, 12, 10), 21, "ABCD", (22, 21, 13, 10), "target 31"),
        (TO_29_28_14_13, (29, 28, 14, 13), 31, "ABCD", (32, 30, 15, 13), "A wins"),
    ],
)
def test_the_spec_examples(before_hands, before, target, order, after, result):
    earlier = score(before_hands)
    assert earlier.totals == dict(zip(ABCD, before, strict=True))
    assert earlier.extras["target"] == target
    assert not earlier.finished

    standings = score([*before_hands, *hands(order)])
    assert standings.totals == dict(zip(ABCD, after, strict=True))
    if result == "A wins":
        assert standings.finished
        assert standings.winners == ("A",)
        assert standings.extras == {"target": target}
    else:
        assert not standings.finished
        assert standings.extras == {"target": 31, "starter": "D"}


def test_a_new_match_prints_exactly_this_json():
    assert score([]).to_json() == {
        "game": "murlan",
        "players": ABCD,
        "rounds": [],
        "totals": {"A": 0, "B": 0, "C": 0, "D": 0},
        "finished": False,
        "winners": [],
        "places": {"A": 1, "B": 1, "C": 1, "D": 1},
        "dealer": "A",
        "target": 21,
        "starter": None,
    }


def test_one_hand_prints_exactly_this_json():
    assert score(hands("CADB")).to_json() == {
        "game": "murlan",
        "players": ABCD,
        "rounds": [{"number": 1, "deltas": {"A": 2, "B": 0, "C": 3, "D": 1}}],
        "totals": {"A": 2, "B": 0, "C": 3, "D": 1},
        "finished": False,
        "winners": [],
        "places": {"A": 2, "B": 4, "C": 1, "D": 3},
        "dealer": "B",
        "target": 21,
        "starter": "B",
    }


def test_a_finished_match_keeps_the_target_and_drops_dealer_and_starter():
    standings = score([*TO_19_17_14_10, *hands("ACBD")])
    data = standings.to_json()
    assert data["finished"] is True
    assert data["winners"] == ["A"]
    assert data["target"] == 21
    assert "dealer" not in data
    assert "starter" not in data
    assert standings.table["exchange"] is None
    assert standings.table["first_finisher"] == "A"
    assert standings.table["last_finisher"] == "D"


@pytest.mark.parametrize(
    ("players", "points"),
    [
        (["A", "B"], [1, 0]),
        (["A", "B", "C"], [2, 1, 0]),
        (["A", "B", "C", "D", "E", "F"], [5, 4, 3, 2, 1, 0]),
    ],
)
def test_with_n_players_the_places_score_n_minus_one_down_to_zero(players, points):
    standings = score([{"order": players}], players=players)
    assert standings.rounds[0].deltas == dict(zip(players, points, strict=True))


# --- the target -------------------------------------------------------------


def test_the_target_rises_by_the_step_but_not_above_the_maximum_and_a_tie_there_is_shared():
    options = {"target": 5, "step": 3, "max_target": 7}
    rounds = hands("ABCD", "BACD", "CDAB", "BACD")
    # ABCD 3/2/1/0; BACD -> 5/5/2/0: two at 5, the target rises to min(8, 7) = 7.
    second = score(rounds[:2], options)
    assert second.extras["target"] == 7
    assert not second.finished
    # CDAB -> 6/5/5/2: nobody at 7.
    third = score(rounds[:3], options)
    assert third.extras["target"] == 7
    assert not third.finished
    # BACD -> 8/8/6/2: two at 7 while the target is the maximum: over, shared.
    last = score(rounds, options)
    assert last.finished
    assert last.totals == {"A": 8, "B": 8, "C": 6, "D": 2}
    assert last.winners == ("A", "B")
    assert last.table["target_history"] == [5, 7, 7, 7]


def test_reaching_the_maximum_together_is_won_by_the_highest_total():
    options = {"target": 5, "step": 3, "max_target": 7}
    # 5/5/2/0 (target 7), then ABCD -> 8/7/3/0.
    standings = score(hands("ABCD", "BACD", "ABCD"), options)
    assert standings.finished
    assert standings.winners == ("A",)


def test_the_target_rises_only_once_per_hand():
    options = {"target": 4, "step": 1}
    # ABCD 3/2/1/0; BACD -> 5/5/2/0: two at 4, target 5 - both still at 5, but it waits for the next hand.
    assert score(hands("ABCD", "BACD"), options).extras["target"] == 5
    # CDAB -> 6/5/5/2: three at 5, target 6.
    standings = score(hands("ABCD", "BACD", "CDAB"), options)
    assert standings.extras["target"] == 6
    assert standings.table["target_history"] == [4, 5, 6]
    assert not standings.finished


def test_the_default_target_climbs_21_31_41_51():
    # Two players always finish first and second: 3 + 2 a hand between them.
    rounds = hands(*["ABCD", "BACD"] * 4, "ABCD", "BACD", *["ABCD", "BACD"] * 2)
    standings = score(rounds[:8])  # 20/20: nobody at 21 yet
    assert standings.extras["target"] == 21
    history = score(rounds).table["target_history"]
    # 8 hands: 20/20. 9: 23/22 -> 31. 10: 25/25. 11: 28/27. 12: 30/30. 13: 33/32 -> 41. 14: 35/35.
    assert history == [21] * 8 + [31, 31, 31, 31, 41, 41]


def test_a_target_equal_to_the_maximum_ends_the_match_when_two_reach_it():
    options = {"target": 5, "max_target": 5}
    standings = score(hands("ABCD", "BACD"), options)
    assert standings.finished
    assert standings.winners == ("A", "B")


def test_with_two_players_the_first_to_reach_the_target_wins():
    options = {"target": 2}
    standings = score(hands("AB", "BA", "AB"), options, players=["A", "B"])
    assert standings.finished
    assert standings.totals == {"A": 2, "B": 1}
    assert standings.winners == ("A",)


# --- between hands ----------------------------------------------------------


def test_the_last_finisher_starts_and_gives_his_highest_card_to_the_first():
    standings = score(hands("CADB", "DBAC"))
    assert standings.extras["starter"] == "C"
    assert standings.table == {
        "exchange": {"giver": "C", "receiver": "D"},
        "first_finisher": "D",
        "last_finisher": "C",
        "target_history": [21, 21],
    }


def test_before_the_first_hand_the_holder_of_the_three_of_spades_starts():
    standings = score([])
    assert standings.extras["starter"] is None
    assert standings.table == {
        "exchange": None,
        "first_finisher": None,
        "last_finisher": None,
        "target_history": [],
    }


def test_the_deal_passes_to_the_left():
    dealers = [score(hands(*["ABCD"] * n), {"first_dealer": "C"}).dealer for n in range(5)]
    assert dealers == ["C", "D", "A", "B", "C"]


def test_a_match_closed_by_the_table_finishes_with_the_best_total():
    standings = score(hands("BACD", "CBAD"), closed=True)
    assert standings.finished
    assert standings.winners == ("B",)
    assert standings.to_json()["target"] == 21
    assert "starter" not in standings.to_json()


# --- every rejection rule ---------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"order": ["A", "B", "C", "D"], "points": 3}, "round 1: unknown field 'points'"),
        ({}, "round 1: the finishing order is missing"),
        ({"order": "ABCD"}, "round 1: the order must be a list of names, not 'ABCD'"),
        ({"order": {"A": 1}}, "round 1: the order must be a list of names, not an object"),
        ({"order": None}, "round 1: the order must be a list of names, not null"),
        ({"order": ["A", "B", "C", "E"]}, "round 1: in the order, 'E' is not a player of this match"),
        ({"order": ["A", "B", 3, "D"]}, "round 1: in the order, 3 is not a player of this match"),
        ({"order": ["A", "B", ["C"], "D"]}, "round 1: in the order, a list is not a player of this match"),
        ({"order": ["A", "B", "A", "C", "D"]}, "round 1: A appears twice in the order"),
        ({"order": ["A", "B", "C"]}, "round 1: D is missing from the order"),
        ({"order": []}, "round 1: A is missing from the order"),
    ],
)
def test_a_malformed_hand_is_rejected_with_the_round_and_the_problem(entry, message):
    assert rejected([entry]) == message


def test_a_missing_player_names_the_round():
    assert rejected([*hands("ABCD"), {"order": ["A", "B", "C"]}]) == "round 2: D is missing from the order"


def test_a_round_that_is_not_an_object_is_rejected():
    assert (
        rejected([*hands("ABCD"), ["A", "B", "C", "D"]]) == "round 2: a round must be an object, not a list"
    )


def test_a_hand_after_the_match_is_over_is_rejected():
    rounds = [*TO_19_17_14_10, *hands("ACBD", "ABCD")]
    assert rejected(rounds) == "round 12: the match is already over"


# --- options and seats ------------------------------------------------------


def test_the_default_options():
    assert score([]).options == {"first_dealer": "A", "target": 21, "step": 10, "max_target": 51}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_target": 20}, "option 'max_target' must be at least the target (21), not 20"),
        ({"target": 61}, "option 'max_target' must be at least the target (61), not 51"),
    ],
)
def test_bad_options_are_rejected(options, message):
    assert rejected([], options) == message


@pytest.mark.parametrize("count", [1, 7])
def test_murlan_is_played_by_two_to_six_players(count):
    players = [f"P{seat}" for seat in range(count)]
    assert rejected([], None, players) == f"Murlan is played by 2 to 6 players, not {count}"


def test_a_thousand_alternating_hands_leave_both_short_of_the_target():
    # Two players alternate first place: 500 / 500, nobody at 1000.
    rounds = hands(*["AB", "BA"] * 500)
    options = {"target": 1000, "max_target": 1000}
    # How fast: make bench-scoring.
    standings = score(rounds, options, players=["A", "B"])
    assert standings.totals == {"A": 500, "B": 500}
    assert not standings.finished


# --- properties -------------------------------------------------------------


@st.composite
def matches(draw) -> tuple[list[str], dict, list[list[str]]]:
    n = draw(st.integers(2, 6))
    players = ["A", "B", "C", "D", "E", "F"][:n]
    target = draw(st.integers(1, 40))
    options = {
        "target": target,
        "step": draw(st.integers(1, 15)),
        "max_target": draw(st.integers(target, target + 20)),
        "first_dealer": draw(st.sampled_from(players)),
    }
    if n > 2 and draw(st.booleans()):
        # A close race: the first two seats always take the first two places, so they reach
        # the target together and the target climbs (random orders rarely do that).
        pair = st.permutations(players[:2])
        hand = st.tuples(pair, st.permutations(players[2:])).map(lambda parts: [*parts[0], *parts[1]])
    else:
        hand = st.permutations(players)
    orders = draw(st.lists(hand, max_size=40))
    return players, options, orders


@settings(max_examples=examples(200), deadline=None)
@given(matches())
def test_random_hands_follow_the_target_rules_until_the_match_ends(match):
    players, options, orders = match
    n = len(players)
    before = score([], options, players)
    for played in range(1, len(orders) + 1):
        rounds = [{"order": order} for order in orders[:played]]
        if before.finished:
            message = rejected(rounds, options, players)
            assert message == f"round {played}: the match is already over"
            break
        now = score(rounds, options, players)
        order = orders[played - 1]

        # The places score n-1 .. 0 and nothing else changes.
        assert now.rounds[-1].deltas == {name: n - 1 - order.index(name) for name in players}
        assert now.totals == {name: before.totals[name] + now.rounds[-1].deltas[name] for name in players}
        assert sum(now.totals.values()) == played * n * (n - 1) // 2

        # The target in force during the hand decides.
        target = before.extras["target"]
        reached = [name for name in players if now.totals[name] >= target]
        ends = len(reached) == 1 or (len(reached) >= 2 and target == options["max_target"])
        assert now.finished is ends
        if ends:
            top = max(now.totals.values())
            assert now.winners == tuple(name for name in players if now.totals[name] == top)
            assert now.extras == {"target": target}
            assert now.dealer is None
        else:
            rises = len(reached) >= 2
            expected = min(target + options["step"], options["max_target"]) if rises else target
            assert now.extras == {"target": expected, "starter": order[-1]}
            assert now.table["exchange"] == {"giver": order[-1], "receiver": order[0]}
            first = players.index(options["first_dealer"])
            assert now.dealer == players[(first + played) % n]
        assert now.table["target_history"] == [*before.table["target_history"], now.extras["target"]]
        # Replaying gives the same standings.
        assert score(rounds, options, players) == now
        before = now


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.floats() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=10,
)
NAME = st.sampled_from(["A", "B", "C", "D", "E", ""]) | st.integers() | JSON
GARBAGE_ROUND = (
    JSON
    | st.fixed_dictionaries({"order": st.lists(NAME, max_size=6) | JSON}, optional={"extra": JSON})
    | st.permutations(ABCD).map(lambda order: {"order": order})
)


@settings(max_examples=examples(400), deadline=None)
@given(
    rounds=st.lists(GARBAGE_ROUND, max_size=30) | JSON,
    options=st.none()
    | st.dictionaries(st.sampled_from(["target", "step", "max_target", "first_dealer", "x"]), JSON),
    players=st.just(ABCD) | JSON,
)
def test_garbage_raises_only_a_scoring_error(rounds, options, players):
    try:
        ENGINE.score(players, options, rounds)
    except ScoringError as error:
        assert str(error)


def test_a_hand_with_places_missing_says_how_many_are_placed(client, django_user_model):
    from django.urls import reverse

    from companion.models import GameNight, Round
    from companion.play.setup import create_match

    user = django_user_model.objects.create_user("host", password="x-secret-1")
    night = GameNight.objects.create(owner=user, title="Cards", date="2026-11-27")
    match = create_match(night, "murlan", ["Anna", "Beat", "Cla", "Dora"], 0, {}, user)
    client.force_login(user)
    data = {"number": 1, "place_0": "1", "place_1": "0", "place_2": "", "place_3": ""}
    html = client.post(reverse("round_add", args=[match.pk]), data, HTTP_HX_REQUEST="true").content.decode()
    assert (
        html.count("Tap the players in finishing order: 2 of 4 placed.") == 1
    )  # by Save, not again by the order
    assert "This field is required" not in html
    assert not Round.objects.exists()
