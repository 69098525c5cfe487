"""Molotow Jass: sticks and potatoes (docs/rules.md, Molotow Jass), checked by hand-computed values."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.base import ScoringError
from scoring.molotow import Molotow
from tests.properties import examples

ENGINE = Molotow()
ABCD = ["A", "B", "C", "D"]
NAMES = ["Anna", "Beat", "Cla", "Dora"]


def deal(*points: int, draw_loser: str | None = None, players: list[str] = ABCD) -> dict:
    entry: dict = {"points": dict(zip(players, points, strict=True))}
    if draw_loser is not None:
        entry["draw_loser"] = draw_loser
    return entry


def score(rounds: list, options: dict | None = None, players: list[str] = ABCD, **kwargs):
    return ENGINE.score(players, options, rounds, **kwargs)


def rejected(rounds: list, options: dict | None = None, players: list[str] = ABCD) -> str:
    with pytest.raises(ScoringError) as error:
        score(rounds, options, players)
    return str(error.value)


# --- the worked examples of docs/rules.md ----------------------------------------------------


@pytest.mark.parametrize(
    ("points", "draw_loser", "net"),
    [
        ((90, 9, 34, 24), None, (1, 1, -1, -1)),
        ((60, 60, 22, 15), None, (0, 0, -1, 1)),
        ((80, 45, 16, 16), None, (1, -1, 0, 0)),
        ((75, 35, 35, 12), None, (1, -1, -1, 1)),
        ((104, 20, 18, 15), None, (-3, 3, 3, 3)),
        ((157, 0, 0, 0), None, (3, -3, -3, -3)),
        ((40, 40, 40, 37), "C", (0, 0, -1, 1)),
    ],
)
def test_the_spec_examples_give_the_net_result_per_player(points, draw_loser, net):
    standings = score([deal(*points, draw_loser=draw_loser)])
    assert standings.rounds[0].deltas == dict(zip(ABCD, net, strict=True))
    assert standings.totals == dict(zip(ABCD, net, strict=True))


def test_the_match_format_example_prints_exactly_this_json():
    rounds = [
        {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
        {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Cla"},
    ]
    standings = ENGINE.score(NAMES, {"first_dealer": "Beat"}, rounds)
    assert standings.to_json() == {
        "game": "molotow",
        "players": NAMES,
        "rounds": [
            {
                "number": 1,
                "deltas": {"Anna": 1, "Beat": 1, "Cla": -1, "Dora": -1},
                "sticks": {"Anna": 1, "Beat": 1, "Cla": 0, "Dora": 0},
                "potatoes": {"Anna": 0, "Beat": 0, "Cla": 1, "Dora": 1},
            },
            {
                "number": 2,
                "deltas": {"Anna": 0, "Beat": 0, "Cla": -1, "Dora": 1},
                "sticks": {"Anna": 0, "Beat": 0, "Cla": 0, "Dora": 1},
                "potatoes": {"Anna": 0, "Beat": 0, "Cla": 1, "Dora": 0},
            },
        ],
        "totals": {"Anna": 1, "Beat": 1, "Cla": -2, "Dora": 0},
        "finished": False,
        "winners": [],
        "places": {"Anna": 1, "Beat": 1, "Cla": 4, "Dora": 3},
        "dealer": "Dora",
        "sticks": {"Anna": 1, "Beat": 1, "Cla": 0, "Dora": 1},
        "potatoes": {"Anna": 0, "Beat": 0, "Cla": 2, "Dora": 1},
    }


def test_a_potato_cancels_a_stick_but_the_tally_keeps_both():
    # A: stick (unique highest), then potato (middle) -> net 0 but 1 and 1 on paper.
    standings = score([deal(90, 9, 34, 24), deal(50, 60, 40, 7)])
    assert standings.totals["A"] == 0
    assert standings.extras["sticks"]["A"] == 1
    assert standings.extras["potatoes"]["A"] == 1


def test_one_player_on_100_with_three_tied_others_needs_no_draw():
    standings = score([deal(19, 100, 19, 19)])
    assert standings.rounds[0].deltas == {"A": 3, "B": -3, "C": 3, "D": 3}


def test_one_player_on_157_with_three_tied_others_needs_no_draw():
    standings = score([deal(0, 0, 157, 0)])
    assert standings.rounds[0].deltas == {"A": -3, "B": -3, "C": 3, "D": -3}


def test_three_tied_at_the_bottom_give_the_fourth_a_stick_and_the_draw_loser_a_potato():
    # 30 * 3 + 67 = 157: the single highest gets the stick.
    standings = score([deal(30, 67, 30, 30, draw_loser="D")])
    assert standings.rounds[0].extras == {
        "sticks": {"A": 0, "B": 1, "C": 0, "D": 0},
        "potatoes": {"A": 0, "B": 0, "C": 0, "D": 1},
    }


def test_exactly_99_is_still_under_100():
    # 99 / 30 / 20 / 8: unique highest and lowest.
    assert score([deal(99, 30, 20, 8)]).totals == {"A": 1, "B": -1, "C": -1, "D": 1}


def test_the_house_rules_change_only_what_the_others_get():
    options = {"others_on_100": 2, "others_on_157": 1}
    standings = score([deal(104, 20, 18, 15), deal(0, 157, 0, 0)], options)
    assert standings.rounds[0].deltas == {"A": -3, "B": 2, "C": 2, "D": 2}
    assert standings.rounds[1].deltas == {"A": -1, "B": 3, "C": -1, "D": -1}
    assert standings.extras == {
        "sticks": {"A": 0, "B": 5, "C": 2, "D": 2},
        "potatoes": {"A": 4, "B": 0, "C": 1, "D": 1},
    }


def test_house_rules_of_zero_give_the_others_nothing():
    standings = score([deal(120, 20, 10, 7), deal(157, 0, 0, 0)], {"others_on_100": 0, "others_on_157": 0})
    assert standings.totals == {"A": 0, "B": 0, "C": 0, "D": 0}


# --- every rejection rule ---------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"points": {"A": 90, "B": 9, "C": 34, "D": 24}, "note": "x"}, "round 1: unknown field 'note'"),
        ({}, "round 1: the points are missing"),
        ({"points": [90, 9, 34, 24]}, "round 1: points must be an object, not a list"),
        ({"points": None}, "round 1: points must be an object, not null"),
        (
            {"points": {"A": 90, "B": 9, "C": 34, "D": 24, "E": 0}},
            "round 1: points: 'E' is not a player of this match",
        ),
        ({"points": {"A": 90, "B": 43, "C": 24}}, "round 1: D is missing from the points"),
        (
            {"points": {"A": "90", "B": 9, "C": 34, "D": 24}},
            "round 1: A's points must be a whole number, not '90'",
        ),
        (
            {"points": {"A": 90.0, "B": 9, "C": 34, "D": 24}},
            "round 1: A's points must be a whole number, not 90.0",
        ),
        (
            {"points": {"A": True, "B": 9, "C": 34, "D": 113}},
            "round 1: A's points must be a whole number, not true",
        ),
        (
            {"points": {"A": None, "B": 9, "C": 34, "D": 24}},
            "round 1: A's points must be a whole number, not null",
        ),
        ({"points": {"A": 90, "B": -9, "C": 52, "D": 24}}, "round 1: B's points must be at least 0, not -9"),
        ({"points": {"A": 158, "B": 0, "C": 0, "D": -1}}, "round 1: A's points must be at most 157, not 158"),
        ({"points": {"A": 90, "B": 9, "C": 34, "D": 25}}, "round 1: points add up to 158, not 157"),
    ],
)
def test_a_malformed_deal_is_rejected_with_the_round_and_the_problem(entry, message):
    assert rejected([entry]) == message


def test_points_that_do_not_add_up_to_157_name_the_round():
    rounds = [deal(90, 9, 34, 24), deal(60, 60, 22, 15), deal(50, 50, 30, 20)]
    assert rejected(rounds) == "round 3: points add up to 150, not 157"


def test_three_way_tie_needs_a_draw_loser():
    message = rejected([deal(90, 9, 34, 24), deal(40, 40, 37, 40)])
    assert message == "round 2: A, B and D tied on 40 points: say who drew the highest card"


def test_a_draw_loser_without_a_three_way_tie_is_rejected():
    message = rejected([deal(90, 9, 34, 24, draw_loser="B")])
    assert message == (
        "round 1: nobody draws a card in this deal: only three players tied under 100 points do"
    )


def test_a_draw_loser_for_the_100_case_with_three_tied_others_is_rejected():
    message = rejected([deal(100, 19, 19, 19, draw_loser="B")])
    assert message == (
        "round 1: nobody draws a card in this deal: only three players tied under 100 points do"
    )


def test_a_draw_loser_of_null_counts_as_given():
    message = rejected([{"points": {"A": 90, "B": 9, "C": 34, "D": 24}, "draw_loser": None}])
    assert message == (
        "round 1: nobody draws a card in this deal: only three players tied under 100 points do"
    )


def test_the_draw_loser_must_be_one_of_the_tied_players():
    message = rejected([deal(40, 40, 40, 37, draw_loser="D")])
    assert message == "round 1: only the tied players A, B and C draw a card, not D"


@pytest.mark.parametrize(("loser", "shown"), [("E", "'E'"), (None, "null"), (["A"], "a list"), (3, "3")])
def test_the_draw_loser_must_be_a_player(loser, shown):
    entry = {"points": {"A": 40, "B": 40, "C": 40, "D": 37}, "draw_loser": loser}
    assert rejected([entry]) == (f"round 1: who drew the highest card: {shown} is not a player of this match")


def test_a_round_that_is_not_an_object_is_rejected():
    assert (
        rejected([deal(90, 9, 34, 24), [90, 9, 34, 24]]) == "round 2: a round must be an object, not a list"
    )


def test_a_thirteenth_deal_is_rejected():
    rounds = [deal(90, 9, 34, 24)] * 12
    assert score(rounds).finished
    assert rejected([*rounds, deal(90, 9, 34, 24)]) == "round 13: the match is already over"


def test_a_deal_after_a_shorter_match_is_rejected():
    rounds = [deal(90, 9, 34, 24)] * 4
    assert rejected(rounds, {"rounds": 3}) == "round 4: the match is already over"


# --- deal, lead and the end of the match ------------------------------------


def test_the_deal_passes_to_the_right_and_the_dealers_right_hand_neighbour_leads():
    # Seating is clockwise A B C D: to the right of B sits A, to the right of A sits D.
    dealers, leaders = [], []
    for played in range(5):
        standings = ENGINE.score(
            NAMES, {"first_dealer": "Beat"}, [deal(90, 9, 34, 24, players=NAMES)] * played
        )
        dealers.append(standings.dealer)
        leaders.append(standings.table["leader"])
        assert standings.table["next_round"] == played + 1
    assert dealers == ["Beat", "Anna", "Dora", "Cla", "Beat"]
    assert leaders == ["Anna", "Dora", "Cla", "Beat", "Anna"]


def test_a_new_match_is_dealt_by_the_first_player_and_nobody_has_anything():
    standings = score([])
    assert standings.dealer == "A"
    assert standings.table == {"leader": "D", "round_limit": 12, "next_round": 1}
    assert standings.to_json() == {
        "game": "molotow",
        "players": ABCD,
        "rounds": [],
        "totals": {"A": 0, "B": 0, "C": 0, "D": 0},
        "finished": False,
        "winners": [],
        "places": {"A": 1, "B": 1, "C": 1, "D": 1},
        "dealer": "A",
        "sticks": {"A": 0, "B": 0, "C": 0, "D": 0},
        "potatoes": {"A": 0, "B": 0, "C": 0, "D": 0},
    }


def test_after_twelve_deals_the_highest_score_wins_and_nobody_deals():
    # 11 x (A, B stick; C, D potato) then one 157 for D: A 11-3, B 11-3, C -11-3, D -11+3.
    rounds = [deal(90, 9, 34, 24)] * 11 + [deal(0, 0, 0, 157)]
    standings = score(rounds)
    assert standings.finished
    assert standings.totals == {"A": 8, "B": 8, "C": -14, "D": -8}
    assert standings.winners == ("A", "B")
    assert standings.dealer is None
    assert standings.table == {"leader": None, "round_limit": 12, "next_round": None}
    data = standings.to_json()
    assert "dealer" not in data
    assert data["winners"] == ["A", "B"]
    assert data["finished"] is True


def test_the_rounds_option_sets_the_length_of_the_match():
    standings = score([deal(90, 9, 34, 24)] * 2, {"rounds": 2})
    assert standings.finished
    assert standings.winners == ("A", "B")
    assert standings.table["round_limit"] == 2


def test_a_match_closed_by_the_table_finishes_early_with_the_best_score():
    standings = score([deal(60, 60, 22, 15)], closed=True)
    assert standings.finished
    assert standings.winners == ("D",)
    assert "dealer" not in standings.to_json()


# --- options and seats ------------------------------------------------------


def test_the_default_options():
    assert score([]).options == {"first_dealer": "A", "rounds": 12, "others_on_100": 3, "others_on_157": 3}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"others_on_157": [3]}, "option 'others_on_157' must be a whole number, not a list"),
    ],
)
def test_bad_options_are_rejected(options, message):
    assert rejected([], options) == message


@pytest.mark.parametrize("players", [["A", "B", "C"], ["A", "B", "C", "D", "E"]])
def test_molotow_needs_exactly_four_players(players):
    assert rejected([], None, players) == f"Molotow Jass is played by exactly 4 players, not {len(players)}"


# --- properties -------------------------------------------------------------


def expected_award(points: dict[str, int], draw_loser: str | None, on_100: int, on_157: int):
    """The award restated independently: a unique extreme gets a stick, a non-extreme a potato."""
    top, low = max(points.values()), min(points.values())
    values = list(points.values())
    sticks, potatoes = {}, {}
    for name, value in points.items():
        if top == 157:
            sticks[name], potatoes[name] = (3, 0) if value == top else (0, on_157)
        elif top >= 100:
            sticks[name], potatoes[name] = (0, 3) if value == top else (on_100, 0)
        else:
            extreme = value in (top, low)
            sticks[name] = int(extreme and values.count(value) == 1)
            potatoes[name] = int(not extreme or name == draw_loser)
    return sticks, potatoes


@st.composite
def valid_points(draw) -> tuple[dict[str, int], str | None]:
    shape = draw(st.sampled_from(["any", "three", "pair", "heavy"]))
    if shape == "three":
        tied = draw(st.integers(0, 52))
        values = [tied, tied, tied, 157 - 3 * tied]
    elif shape == "pair":
        pair = draw(st.integers(0, 78))
        other = draw(st.integers(0, 157 - 2 * pair))
        values = [pair, pair, other, 157 - 2 * pair - other]
    elif shape == "heavy":
        heavy = draw(st.integers(100, 157))
        cuts = sorted(draw(st.lists(st.integers(0, 157 - heavy), min_size=2, max_size=2)))
        values = [heavy, cuts[0], cuts[1] - cuts[0], 157 - heavy - cuts[1]]
    else:
        cuts = sorted(draw(st.lists(st.integers(0, 157), min_size=3, max_size=3)))
        values = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 157 - cuts[2]]
    assume(1 not in values and 156 not in values)  # no card is worth 1 point
    values = draw(st.permutations(values))
    points = dict(zip(ABCD, values, strict=True))
    counts = {value: values.count(value) for value in values}
    tied = [name for name in ABCD if counts[points[name]] == 3 and max(values) < 100]
    return points, (draw(st.sampled_from(tied)) if tied else None)


@settings(max_examples=examples(300), deadline=None)
@given(
    outcomes=st.lists(valid_points(), min_size=0, max_size=12),
    on_100=st.integers(0, 12),
    on_157=st.integers(0, 12),
    first=st.sampled_from(ABCD),
    key_order=st.randoms(use_true_random=False),
)
def test_random_valid_deals_follow_the_award_and_keep_the_tally(outcomes, on_100, on_157, first, key_order):
    options = {"others_on_100": on_100, "others_on_157": on_157, "first_dealer": first}
    rounds = [deal(*points.values(), draw_loser=loser) for points, loser in outcomes]
    standings = score(rounds, options)

    sticks_total = dict.fromkeys(ABCD, 0)
    potatoes_total = dict.fromkeys(ABCD, 0)
    for result, (points, loser) in zip(standings.rounds, outcomes, strict=True):
        sticks, potatoes = expected_award(points, loser, on_100, on_157)
        assert result.extras == {"sticks": sticks, "potatoes": potatoes}
        assert result.deltas == {name: sticks[name] - potatoes[name] for name in ABCD}
        for name in ABCD:
            sticks_total[name] += sticks[name]
            potatoes_total[name] += potatoes[name]
    assert standings.extras == {"sticks": sticks_total, "potatoes": potatoes_total}
    assert standings.totals == {name: sticks_total[name] - potatoes_total[name] for name in ABCD}
    assert list(standings.totals) == ABCD

    # The deal passes to the right: one seat back per deal.
    finished = len(rounds) == 12
    assert standings.finished is finished
    if not finished:
        assert standings.dealer == ABCD[(ABCD.index(first) - len(rounds)) % 4]

    # Replaying, and entering the points in another order, changes nothing.
    shuffled = []
    for entry in rounds:
        items = list(entry["points"].items())
        key_order.shuffle(items)
        shuffled.append({**entry, "points": dict(items)})
    assert score(shuffled, options) == standings
    assert score(rounds, options).to_json() == standings.to_json()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-200, 300) | st.floats() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=10,
)
NAME = st.sampled_from(["A", "B", "C", "D", "E", ""]) | st.integers() | st.text(max_size=2)
GARBAGE_ROUND = (
    JSON
    | st.fixed_dictionaries(
        {"points": st.dictionaries(NAME, st.integers(-5, 160) | JSON, max_size=5)},
        optional={"draw_loser": NAME | JSON, "extra": JSON},
    )
    | valid_points().map(lambda outcome: deal(*outcome[0].values(), draw_loser="A"))
)


@settings(max_examples=examples(400), deadline=None)
@given(
    rounds=st.lists(GARBAGE_ROUND, max_size=14) | JSON,
    options=st.none()
    | st.dictionaries(st.sampled_from(["rounds", "others_on_100", "first_dealer", "x"]), JSON),
    players=st.just(ABCD) | JSON,
)
def test_garbage_raises_only_a_scoring_error(rounds, options, players):
    try:
        ENGINE.score(players, options, rounds)
    except ScoringError as error:
        assert str(error)


# --- no card is worth 1 point -------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ((1, 50, 50, 56), "round 2: A has 1 point, but no card is worth 1 point"),
        ((50, 1, 50, 56), "round 2: B has 1 point, but no card is worth 1 point"),
        (
            (0, 156, 1, 0),
            "round 2: B has 156 points, which leaves 1 for the others, but no card is worth 1 point",
        ),
        (
            (156, 0, 0, 1),
            "round 2: A has 156 points, which leaves 1 for the others, but no card is worth 1 point",
        ),
        ((1, 50, 50, 50), "round 2: A has 1 point, but no card is worth 1 point"),  # the sum is wrong too
    ],
)
def test_one_point_or_156_is_a_typo(points, message):
    assert rejected([deal(90, 9, 34, 24), deal(*points)]) == message


def test_one_point_is_rejected_with_its_code_even_when_the_sum_is_157():
    with pytest.raises(ScoringError) as error:
        score([deal(1, 52, 52, 52, draw_loser="B")])
    assert error.value.code == "molotow.one_point"
    assert str(error.value) == "round 1: A has 1 point, but no card is worth 1 point"


@pytest.mark.parametrize("points", [(2, 50, 50, 55), (155, 2, 0, 0), (157, 0, 0, 0), (0, 0, 0, 157)])
def test_two_points_155_and_157_are_fine(points):
    assert len(score([deal(*points)]).rounds) == 1
