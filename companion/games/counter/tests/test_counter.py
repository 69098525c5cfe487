"""Free scoring (`counter`): points added up, a target or a number of rounds, highest or lowest wins.

The expected values are computed by hand from docs/rules.md ("Free scoring").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.base import ScoringError
from scoring.counter import Counter
from scoring.matchfile import score_match
from scoring.registry import get_engine

ENGINE = Counter()
ABC = ["A", "B", "C"]


def rounds(*scores: tuple[int, ...], players: list[str] = ABC) -> list[dict]:
    """One round per tuple of points in seating order: rounds((20, 35, 50), (40, 30, 55))."""
    return [{"points": dict(zip(players, points, strict=True))} for points in scores]


def score(entries: list, options: dict | None = None, players: list[str] = ABC, **kwargs):
    return ENGINE.score(players, options, entries, **kwargs)


def rejected(entries: list, options: dict | None = None, players: list[str] = ABC) -> str:
    with pytest.raises(ScoringError) as error:
        score(entries, options, players)
    return str(error.value)


# --- the three worked examples ------------------------------------------------------


def test_hearts_to_100_lowest_wins_ends_when_someone_reaches_the_target():
    standings = score(rounds((20, 35, 50), (40, 30, 55)), {"target": 100, "lowest_wins": True})
    assert standings.totals == {"A": 60, "B": 65, "C": 105}
    assert standings.finished
    assert standings.winners == ("A",)


def test_two_rounds_then_the_highest_total_wins():
    standings = score(rounds((7, 7, -3), (1, 1, 20)), {"rounds": 2})
    assert standings.totals == {"A": 8, "B": 8, "C": 17}
    assert standings.finished
    assert standings.winners == ("C",)


def test_without_rounds_or_target_the_match_goes_on_until_the_table_ends_it():
    standings = score([{"points": {"A": 5}}])
    assert standings.totals == {"A": 5, "B": 0, "C": 0}
    assert not standings.finished
    assert standings.winners == ()
    ended = score([{"points": {"A": 5}}], closed=True)
    assert ended.finished
    assert ended.winners == ("A",)


# --- the target -------------------------------------------------------------------


def test_reaching_the_target_exactly_ends_the_match():
    standings = score(rounds((10, 20, 30), (90, 0, 0)), {"target": 100})
    assert standings.totals == {"A": 100, "B": 20, "C": 30}
    assert standings.finished
    assert standings.winners == ("A",)
    assert standings.table["reached"] == ("A",)


def test_one_point_short_of_the_target_goes_on():
    standings = score(rounds((10, 20, 30), (89, 0, 0)), {"target": 100})
    assert not standings.finished
    assert standings.dealer == "C"


def test_with_highest_wins_the_best_total_wins_even_if_another_player_reached_the_target_too():
    standings = score(rounds((60, 70, 0), (45, 40, 0)), {"target": 100})
    assert standings.totals == {"A": 105, "B": 110, "C": 0}
    assert standings.winners == ("B",)


def test_with_lowest_wins_a_player_at_the_target_ends_it_and_the_lowest_total_wins():
    # Hearts: B goes over 100, the lowest total (C at -5 after a negative round) wins.
    standings = score(rounds((30, 60, 10), (20, 45, -15)), {"target": 100, "lowest_wins": True})
    assert standings.totals == {"A": 50, "B": 105, "C": -5}
    assert standings.finished
    assert standings.winners == ("C",)


def test_with_lowest_wins_a_total_that_falls_far_below_the_target_does_not_end_it():
    standings = score(rounds((-200, 0, 0)), {"target": 100, "lowest_wins": True})
    assert not standings.finished


def test_equal_best_totals_share_the_win():
    standings = score(rounds((50, 50, 10), (50, 50, 10)), {"target": 100})
    assert standings.winners == ("A", "B")
    lowest = score(rounds((5, 100, 5)), {"target": 100, "lowest_wins": True})
    assert lowest.winners == ("A", "C")


def test_with_rounds_and_target_the_target_can_end_it_first():
    standings = score(rounds((60, 0, 0), (50, 0, 0)), {"target": 100, "rounds": 5})
    assert standings.finished
    assert len(standings.rounds) == 2


def test_with_rounds_and_target_the_last_round_can_end_it_first():
    standings = score(rounds((10, 0, 0), (10, 5, 0)), {"target": 100, "rounds": 2})
    assert standings.finished
    assert standings.winners == ("A",)


def test_a_round_after_the_target_was_reached_is_rejected():
    entries = rounds((100, 0, 0), (1, 1, 1))
    assert rejected(entries, {"target": 100}) == "round 2: the match is already over"


def test_a_round_after_the_last_round_is_rejected():
    assert rejected(rounds((1, 2, 3), (1, 2, 3)), {"rounds": 1}) == "round 2: the match is already over"


# --- rounds, players, the dealer ---------------------------------------------------------


def test_a_player_left_out_of_a_round_scored_zero_and_negative_points_count():
    standings = score([{"points": {"B": -7}}, {"points": {"A": 3, "C": -1}}])
    assert standings.totals == {"A": 3, "B": -7, "C": -1}
    assert [r.deltas for r in standings.rounds] == [{"A": 0, "B": -7, "C": 0}, {"A": 3, "B": 0, "C": -1}]


def test_a_hundred_thousand_either_way_is_allowed():
    standings = score([{"points": {"A": 100_000, "B": -100_000}}])
    assert standings.totals == {"A": 100_000, "B": -100_000, "C": 0}


@pytest.mark.parametrize("value", [100_001, -100_001, 10**40])
def test_more_than_a_hundred_thousand_either_way_is_a_typo(value):
    message = rejected([{"points": {"A": 1}}, {"points": {"B": value}}])
    assert message.startswith("round 2: 'B' has ")
    assert message.endswith("points, but a round gives at most 100,000 either way")


def test_the_deal_passes_to_the_left_from_the_first_dealer():
    players = ["A", "B", "C", "D"]
    dealers = [
        score([{"points": {"A": 1}}] * played, {"first_dealer": "C"}, players).dealer for played in range(5)
    ]
    assert dealers == ["C", "D", "A", "B", "C"]


def test_a_finished_match_has_no_dealer_in_the_json():
    data = score(rounds((1, 2, 3)), {"rounds": 1}).to_json()
    assert data == {
        "game": "counter",
        "players": ABC,
        "rounds": [{"number": 1, "deltas": {"A": 1, "B": 2, "C": 3}}],
        "totals": {"A": 1, "B": 2, "C": 3},
        "finished": True,
        "winners": ["C"],
        "places": {"A": 3, "B": 2, "C": 1},
    }


def test_a_new_match_prints_exactly_this_json():
    assert score([]).to_json() == {
        "game": "counter",
        "players": ABC,
        "rounds": [],
        "totals": {"A": 0, "B": 0, "C": 0},
        "finished": False,
        "winners": [],
        "places": {"A": 1, "B": 1, "C": 1},
        "dealer": "A",
    }


@pytest.mark.parametrize("count", [1, 11])
def test_free_scoring_is_played_by_two_to_ten_players(count):
    players = [f"P{n}" for n in range(count)]
    assert rejected([], None, players) == f"Free scoring is played by 2 to 10 players, not {count}"


@pytest.mark.parametrize("count", [2, 10])
def test_two_and_ten_players_can_play(count):
    players = [f"P{n}" for n in range(count)]
    assert score([{"points": {"P1": 4}}], None, players).totals["P1"] == 4


def test_the_default_options():
    assert score([]).options == {"first_dealer": "A", "rounds": None, "target": None, "lowest_wins": False}


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({}, "round 1: the points are missing"),
        ({"points": {}}, "round 1: the round names no player: give at least one score"),
        ({"points": []}, "round 1: the points must be an object, not a list"),
        ({"points": {"Zed": 3}}, "round 1: points: 'Zed' is not a player of this match"),
        ({"points": {"A": 2.5}}, "round 1: the points of 'A' must be a whole number, not 2.5"),
        ({"points": {"A": True}}, "round 1: the points of 'A' must be a whole number, not true"),
        ({"points": {"A": "7"}}, "round 1: the points of 'A' must be a whole number, not '7'"),
        ({"points": {"A": None}}, "round 1: the points of 'A' must be a whole number, not null"),
    ],
)
def test_a_malformed_round_is_rejected_with_the_round_and_the_problem(entry, message):
    assert rejected([entry]) == message


def test_the_registry_and_the_match_file_know_free_scoring():
    assert get_engine("counter").title == "Free scoring"
    standings = score_match(
        {"game": "counter", "players": ["Anna", "Beat"], "rounds": [{"points": {"Anna": -3}}], "ended": True}
    )
    assert standings.finished
    assert standings.winners == ("Beat",)


def test_an_error_has_a_stable_code_and_its_parameters():
    with pytest.raises(ScoringError) as error:
        score([{"points": {"A": 200_000}}])
    assert error.value.code == "counter.too_many"
    assert error.value.round == 1
    assert error.value.params == {"name": "'A'", "value": "200000"}


# --- properties ---------------------------------------------------------------


@st.composite
def matches(draw):
    n = draw(st.integers(2, 10))
    players = [f"P{i}" for i in range(n)]
    options = {
        "rounds": draw(st.none() | st.integers(1, 12)),
        "target": draw(st.none() | st.integers(1, 300)),
        "lowest_wins": draw(st.booleans()),
        "first_dealer": draw(st.sampled_from(players)),
    }
    points = st.integers(-60, 120) | st.sampled_from([-100_000, 100_000])
    entry = st.dictionaries(st.sampled_from(players), points, min_size=1).map(lambda p: {"points": p})
    return players, options, draw(st.lists(entry, max_size=25))


@settings(max_examples=300, deadline=None)
@given(matches())
def test_random_rounds_add_up_until_the_target_or_the_last_round_ends_the_match(match):
    players, options, entries = match
    # Walk the rounds by hand: where must the match end?
    totals = dict.fromkeys(players, 0)
    end = None
    for number, entry in enumerate(entries, start=1):
        for name, value in entry["points"].items():
            totals[name] += value
        if (options["target"] is not None and max(totals.values()) >= options["target"]) or (
            options["rounds"] is not None and number == options["rounds"]
        ):
            end = number
            break
    played = entries if end is None else entries[:end]
    standings = score(played, options, players)
    assert standings.totals == totals
    assert sum(standings.totals.values()) == sum(sum(e["points"].values()) for e in played)
    assert standings.finished == (end is not None)
    if end is None:
        assert standings.winners == ()
        first = players.index(options["first_dealer"])
        assert standings.dealer == players[(first + len(played)) % len(players)]
    else:
        best = (min if options["lowest_wins"] else max)(totals.values())
        assert standings.winners == tuple(name for name in players if totals[name] == best)
        assert standings.dealer is None
        with pytest.raises(ScoringError, match=rf"^round {end + 1}: the match is already over$"):
            score([*played, {"points": {players[0]: 1}}], options, players)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    entries=st.lists(
        st.fixed_dictionaries({"points": st.dictionaries(st.sampled_from([*ABC, "Z", ""]), JSON) | JSON})
        | JSON,
        max_size=6,
    )
    | JSON,
    options=st.none() | st.dictionaries(st.sampled_from(["rounds", "target", "lowest_wins", "x"]), JSON),
    players=st.just(ABC) | JSON,
)
def test_garbage_raises_only_a_scoring_error(entries, options, players):
    try:
        standings = score(entries, options, players)
    except ScoringError as error:
        assert "\n" not in str(error)
    else:
        assert set(standings.totals) == set(ABC)


def test_an_open_match_holds_1000_rounds_and_the_1001st_is_rejected():
    """scoring.md §5 (CHANGES 2026-12-03): a total stays within ±100,000,000 on every database."""
    full = rounds(*[(100_000, -100_000, 0)] * 1000)
    standings = score(full)
    assert standings.totals == {"A": 100_000_000, "B": -100_000_000, "C": 0}
    assert not standings.finished
    with pytest.raises(ScoringError) as error:
        score([*full, *rounds((1, 2, 3))])
    assert error.value.code == "counter.too_many_rounds"
    assert "1,000 rounds" in str(error.value)
    assert "1001" in str(error.value) or "1,001" in str(error.value)
