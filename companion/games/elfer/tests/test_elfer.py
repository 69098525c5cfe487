"""Elfer raus! Master: scores per game, the match, every rejected entry and the bonus board."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.base import ScoringError
from scoring.elfer import Elfer
from scoring.elfer_board import COLOURS, SIDES, BonusBoard
from tests.properties import examples

FOUR = ["Anna", "Beat", "Cla", "Dora"]
VALUES = [value for value in range(1, 22) if value != 11]

ENGINE = Elfer()


def score(rounds, players=FOUR, options=None, *, closed=False):
    return ENGINE.score(list(players), options, rounds, closed=closed)


def rejects(rounds, pattern, players=FOUR, options=None, *, closed=False):
    with pytest.raises(ScoringError) as caught:
        score(rounds, players, options, closed=closed)
    message = str(caught.value)
    assert re.search(pattern, message), message
    return message


# A valid game in which Anna went out and everybody else holds one small card.
def plain_game(**changes):
    game = {"cards": {"Beat": [1], "Cla": [2], "Dora": [3]}}
    game.update(changes)
    return game


# --- the worked examples of docs/rules.md -----------------------------------------------

SPEC_EXAMPLES = [
    pytest.param(
        {
            "bonus": {"Anna": 2, "Beat": 1, "Dora": 3},
            "cards": {"Beat": [3, 17], "Cla": [21, 1], "Dora": [12]},
            "jokers": {"Beat": 1},
        },
        # Anna 2 x 11; Beat 11 - 3 - 17 - 11; Cla -21 - 1; Dora 3 x 11 - 12
        {"Anna": 22, "Beat": -20, "Cla": -22, "Dora": 21},
        ["Anna"],
        id="first example: P1 wins with 22",
    ),
    pytest.param(
        {"bonus": {"Beat": 2}, "cards": {"Beat": [5], "Cla": [4], "Dora": [20]}},
        # Anna 0; Beat 2 x 11 - 5; Cla -4; Dora -20
        {"Anna": 0, "Beat": 17, "Cla": -4, "Dora": -20},
        ["Beat"],
        id="second example: P2 wins with 17",
    ),
]


@pytest.mark.parametrize(("entry", "expected", "winners"), SPEC_EXAMPLES)
def test_spec_examples_score_as_the_spec_says(entry, expected, winners):
    standings = score([entry])
    assert standings.rounds[0].deltas == expected
    assert standings.rounds[0].extras == {"winners": winners}
    assert standings.totals == expected
    assert list(standings.totals) == FOUR


def test_first_spec_example_gives_the_exact_json_of_match_format():
    entry = SPEC_EXAMPLES[0].values[0]
    data = score([entry], options={"first_dealer": "Beat"}).to_json()
    assert data == {
        "game": "elfer",
        "players": FOUR,
        "rounds": [
            {"number": 1, "deltas": {"Anna": 22, "Beat": -20, "Cla": -22, "Dora": 21}, "winners": ["Anna"]}
        ],
        "totals": {"Anna": 22, "Beat": -20, "Cla": -22, "Dora": 21},
        "finished": False,
        "winners": [],
        "places": {"Anna": 1, "Beat": 3, "Cla": 4, "Dora": 2},
        "dealer": "Cla",
    }
    assert json.loads(json.dumps(data)) == data


def test_both_spec_examples_add_up_over_a_two_game_match():
    entries = [example.values[0] for example in SPEC_EXAMPLES]
    standings = score(entries, options={"rounds": 2})
    # 22 + 0, -20 + 17, -22 - 4, 21 - 20
    assert standings.totals == {"Anna": 22, "Beat": -3, "Cla": -26, "Dora": 1}
    assert standings.finished
    assert standings.winners == ("Anna",)
    assert standings.dealer is None
    data = standings.to_json()
    assert "dealer" not in data
    assert data["winners"] == ["Anna"]
    assert [r["winners"] for r in data["rounds"]] == [["Anna"], ["Beat"]]


def test_table_names_who_went_out_the_scores_and_the_limit():
    entries = [example.values[0] for example in SPEC_EXAMPLES]
    entries.append({"bonus": {"Cla": 1}, "cards": {"Anna": [2], "Beat": [4], "Dora": [6]}})
    standings = score(entries)
    assert standings.table == {
        "went_out": ["Anna", "Anna", "Cla"],
        "scores": [
            {"Anna": 22, "Beat": -20, "Cla": -22, "Dora": 21},
            {"Anna": 0, "Beat": 17, "Cla": -4, "Dora": -20},
            {"Anna": -2, "Beat": -4, "Cla": 11, "Dora": -6},
        ],
        "round_limit": None,
    }
    assert standings.extras == {}


# --- single-game details ----------------------------------------------------


def test_every_key_of_an_entry_is_optional_for_a_two_player_game():
    standings = score([{"cards": {"Beat": [21, 20]}}], players=["Anna", "Beat"])
    assert standings.rounds[0].deltas == {"Anna": 0, "Beat": -41}


def test_a_listed_but_empty_hand_is_the_player_who_went_out():
    standings = score([{"cards": {"Anna": [], "Beat": [7], "Cla": [8], "Dora": [9]}}])
    assert standings.table["went_out"] == ["Anna"]
    assert standings.rounds[0].deltas == {"Anna": 0, "Beat": -7, "Cla": -8, "Dora": -9}


def test_a_player_holding_only_a_joker_has_not_gone_out():
    standings = score([{"cards": {"Beat": [1], "Cla": [2]}, "jokers": {"Dora": 1}}])
    assert standings.table["went_out"] == ["Anna"]
    assert standings.rounds[0].deltas["Dora"] == -11


def test_the_player_who_went_out_can_lose_the_game_on_bonus_cards():
    # Anna went out with nothing; Beat still holds a 1 but took three bonus cards.
    standings = score([{"bonus": {"Beat": 3}, "cards": {"Beat": [1], "Cla": [2], "Dora": [3]}}])
    assert standings.rounds[0].deltas == {"Anna": 0, "Beat": 32, "Cla": -2, "Dora": -3}
    assert standings.rounds[0].extras == {"winners": ["Beat"]}


def test_equal_highest_game_scores_share_the_game_in_seating_order():
    entry = {"bonus": {"Dora": 1, "Beat": 2}, "cards": {"Beat": [10, 1], "Cla": [6]}, "jokers": {"Dora": 1}}
    # Anna 0; Beat 22 - 10 - 1 = 11; Cla -6; Dora 11 - 11 = 0
    assert score([entry]).rounds[0].extras == {"winners": ["Beat"]}
    entry["bonus"]["Anna"] = 1
    # Anna 11 now ties Beat
    assert score([entry]).rounds[0].extras == {"winners": ["Anna", "Beat"]}


def test_a_perfect_spread_of_all_seven_bonus_cards_and_four_jokers_is_accepted():
    entry = {
        "bonus": {"Anna": 2, "Beat": 2, "Cla": 2, "Dora": 1},
        "cards": {"Beat": [21, 21, 21, 21]},
        "jokers": {"Cla": 2, "Dora": 2},
    }
    assert score([entry]).rounds[0].deltas == {"Anna": 22, "Beat": 22 - 84, "Cla": 22 - 22, "Dora": 11 - 22}


def test_dict_key_order_in_the_entry_does_not_change_the_result():
    entry = SPEC_EXAMPLES[0].values[0]
    reordered = {key: dict(reversed(list(entry[key].items()))) for key in reversed(list(entry))}
    assert score([entry]).to_json() == score([reordered]).to_json()


# --- rejected entries --------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "pattern"),
    [
        pytest.param(plain_game(points=3), r"^round 1: unknown field 'points'$", id="unknown field"),
        pytest.param(
            plain_game(bonus={"Zed": 1}), r"^round 1: bonus: 'Zed' is not a player", id="unknown bonus name"
        ),
        pytest.param(
            {"cards": {"Beat": [1], "Cla": [2], "Dora": [3], "Zed": [4]}},
            r"^round 1: cards: 'Zed' is not a player",
            id="unknown cards name",
        ),
        pytest.param(
            plain_game(jokers={"Zed": 1}), r"^round 1: jokers: 'Zed' is not a player", id="unknown joker name"
        ),
        pytest.param(
            plain_game(bonus={1: 1}), r"^round 1: bonus: 1 is not a player", id="a number as a name"
        ),
        pytest.param(
            plain_game(bonus=[1, 2]), r"^round 1: bonus must be an object, not a list", id="bonus list"
        ),
        pytest.param(
            {"cards": "Beat 1"}, r"^round 1: cards must be an object, not 'Beat 1'", id="cards text"
        ),
        pytest.param(
            plain_game(jokers=None), r"^round 1: jokers must be an object, not null", id="jokers null"
        ),
        pytest.param(
            plain_game(bonus={"Anna": "2"}),
            r"^round 1: Anna's bonus cards must be a whole number, not '2'$",
            id="bonus as text",
        ),
        pytest.param(
            plain_game(bonus={"Anna": 2.0}),
            r"^round 1: Anna's bonus cards must be a whole number, not 2.0$",
            id="bonus as float",
        ),
        pytest.param(
            plain_game(bonus={"Anna": True}),
            r"^round 1: Anna's bonus cards must be a whole number, not true$",
            id="bonus as bool",
        ),
        pytest.param(
            plain_game(bonus={"Anna": -1}),
            r"^round 1: Anna's bonus cards must be at least 0, not -1$",
            id="negative bonus",
        ),
        pytest.param(
            plain_game(jokers={"Beat": None}),
            r"^round 1: Beat's jokers must be a whole number, not null$",
            id="joker count null",
        ),
        pytest.param(
            plain_game(jokers={"Beat": -2}),
            r"^round 1: Beat's jokers must be at least 0, not -2$",
            id="negative jokers",
        ),
        pytest.param(
            {"cards": {"Beat": 5, "Cla": [2], "Dora": [3]}},
            r"^round 1: Beat's cards must be a list, not 5$",
            id="hand not a list",
        ),
        pytest.param(
            {"cards": {"Beat": ["5"], "Cla": [2], "Dora": [3]}},
            r"^round 1: Beat's cards must be whole numbers, not '5'$",
            id="card as text",
        ),
        pytest.param(
            {"cards": {"Beat": [True], "Cla": [2], "Dora": [3]}},
            r"^round 1: Beat's cards must be whole numbers, not true$",
            id="card as bool",
        ),
        pytest.param(
            {"cards": {"Beat": [0], "Cla": [2], "Dora": [3]}},
            r"^round 1: Beat holds 0, but the cards run from 1 to 21$",
            id="card below 1",
        ),
        pytest.param(
            {"cards": {"Beat": [1], "Cla": [22], "Dora": [3]}},
            r"^round 1: Cla holds 22, but the cards run from 1 to 21$",
            id="card above 21",
        ),
        pytest.param(
            {"cards": {"Beat": [1], "Cla": [2], "Dora": [11]}},
            r"^round 1: Dora cannot hold an 11: the four 11s start on the table$",
            id="an eleven in hand",
        ),
        pytest.param(
            plain_game(bonus={"Anna": 4, "Dora": 4}),
            r"^round 1: 8 bonus cards are given out, but there are only 7$",
            id="more than seven bonus cards",
        ),
        pytest.param(
            plain_game(bonus={"Anna": 8}),
            r"^round 1: 8 bonus cards are given out, but there are only 7$",
            id="one player with eight bonus cards",
        ),
        pytest.param(
            plain_game(jokers={"Beat": 3, "Cla": 2}),
            r"^round 1: 5 jokers are held, but there are only 4$",
            id="more than four jokers",
        ),
        pytest.param(
            {"cards": {"Beat": [7, 7, 7], "Cla": [7], "Dora": [7]}},
            r"^round 1: the 7 is held 5 times, but there are only four of each card$",
            id="a value five times",
        ),
        pytest.param(
            {"cards": {"Anna": [1], "Beat": [1], "Cla": [2], "Dora": [3]}},
            r"^round 1: nobody went out: every player still holds cards$",
            id="nobody went out",
        ),
        pytest.param(
            {"cards": {"Anna": [1], "Beat": [1], "Cla": [2]}, "jokers": {"Dora": 1}},
            r"^round 1: nobody went out",
            id="nobody went out, the last hand a joker",
        ),
        pytest.param(
            {"cards": {"Cla": [2], "Dora": [3]}},
            r"^round 1: Anna and Beat both have an empty hand, but only one player can go out$",
            id="two empty hands",
        ),
        pytest.param(
            {"cards": {"Dora": [3]}},
            r"^round 1: Anna, Beat and Cla all have an empty hand, but only one player can go out$",
            id="three empty hands",
        ),
    ],
)
def test_an_impossible_entry_is_rejected_with_a_sentence_naming_the_round(entry, pattern):
    rejects([entry], pattern)


def test_a_rejected_entry_names_its_own_round_number():
    good = SPEC_EXAMPLES[0].values[0]
    rejects([good, good, {"cards": {"Dora": [3]}}], r"^round 3: Anna, Beat and Cla all have an empty hand")


def test_an_empty_entry_has_everybody_out_and_is_rejected():
    rejects([{}], r"^round 1: Anna and Beat both have an empty hand", players=["Anna", "Beat"])


def test_a_round_that_is_not_an_object_is_rejected():
    rejects([plain_game(), [1, 2]], r"^round 2: a round must be an object, not a list$")


# --- deal, options and the end of the match --------------------------------


def test_the_deal_passes_clockwise_from_the_first_dealer_and_wraps():
    dealers = [score([plain_game()] * n, options={"first_dealer": "Cla"}).dealer for n in range(6)]
    assert dealers == ["Cla", "Dora", "Anna", "Beat", "Cla", "Dora"]


def test_the_first_player_deals_first_by_default():
    assert score([]).dealer == "Anna"


def test_a_match_with_a_round_limit_ends_after_that_many_games():
    standings = score([plain_game()] * 2, options={"rounds": 3})
    assert not standings.finished
    assert standings.winners == ()
    standings = score([plain_game()] * 3, options={"rounds": 3})
    assert standings.finished
    # Anna 0, Beat -3, Cla -6, Dora -9
    assert standings.winners == ("Anna",)
    assert standings.dealer is None
    assert standings.table["round_limit"] == 3


def test_a_game_after_the_last_one_is_rejected():
    rejects([plain_game()] * 4, r"^round 4: the match is already over$", options={"rounds": 3})


def test_a_game_after_the_end_is_rejected_even_if_it_is_garbage():
    rejects([plain_game(), "nonsense"], r"^round 2: ", options={"rounds": 1})


def test_an_open_match_goes_on_until_the_table_closes_it():
    standings = score([plain_game()] * 30)
    assert not standings.finished
    assert standings.dealer == "Cla"  # 30 deals on from Anna with four players
    closed = score([plain_game()] * 30, closed=True)
    assert closed.finished
    assert closed.winners == ("Anna",)
    assert closed.dealer is None


def test_closing_a_match_with_a_limit_before_its_end_finishes_it():
    standings = score([plain_game()], options={"rounds": 5}, closed=True)
    assert standings.finished
    assert standings.winners == ("Anna",)


def test_equal_highest_sums_share_the_match():
    beat_out = {"cards": {"Anna": [1], "Cla": [2], "Dora": [3]}}
    # Anna 0 - 1, Beat -1 + 0
    standings = score([plain_game(), beat_out], options={"rounds": 2})
    assert standings.totals == {"Anna": -1, "Beat": -1, "Cla": -4, "Dora": -6}
    assert standings.winners == ("Anna", "Beat")


def test_closing_before_any_game_lets_everybody_share_the_win():
    standings = score([], closed=True)
    assert standings.finished
    assert standings.winners == tuple(FOUR)


@pytest.mark.parametrize("rounds", [None, 1, 1000])
def test_rounds_may_be_open_or_between_1_and_1000(rounds):
    assert score([], options={"rounds": rounds}).table["round_limit"] == rounds


@pytest.mark.parametrize(
    ("players", "pattern"),
    [
        (["Anna"], r"^Elfer raus! Master is played by 2 to 6 players, not 1$"),
        (["A", "B", "C", "D", "E", "F", "G"], r"^Elfer raus! Master is played by 2 to 6 players, not 7$"),
    ],
)
def test_seats_outside_the_rules_are_rejected(players, pattern):
    rejects([], pattern, players=players)


def test_six_players_can_play():
    six = ["A", "B", "C", "D", "E", "F"]
    entry = {"cards": {name: [3] for name in six[1:4]} | {name: [4] for name in six[4:]}}
    assert score([entry], players=six).rounds[0].deltas == {
        "A": 0,
        "B": -3,
        "C": -3,
        "D": -3,
        "E": -4,
        "F": -4,
    }


# --- properties over random valid games --------------------------------------


@st.composite
def seated(draw):
    count = draw(st.integers(2, 6))
    return [f"P{i}" for i in range(1, count + 1)]


@st.composite
def valid_game(draw, players):
    """A game that could happen: one player out, the rest hold real cards."""
    out = draw(st.sampled_from(players))
    others = [name for name in players if name != out]
    # Everybody still in the game holds at least one thing: a distinct first card.
    firsts = draw(st.lists(st.sampled_from(VALUES), min_size=len(others), max_size=len(others), unique=True))
    hands = {name: [value] for name, value in zip(others, firsts, strict=True)}
    copies = dict.fromkeys(VALUES, 0)
    for value in firsts:
        copies[value] += 1
    extra = draw(st.lists(st.tuples(st.sampled_from(others), st.sampled_from(VALUES)), max_size=40))
    for name, value in extra:
        if copies[value] < 4:
            copies[value] += 1
            hands[name].append(value)
    jokers = {}
    for name in draw(st.lists(st.sampled_from(others), max_size=4)):
        jokers[name] = jokers.get(name, 0) + 1
    bonus = {}
    for name in draw(st.lists(st.sampled_from(players), max_size=7)):
        bonus[name] = bonus.get(name, 0) + 1
    return {"bonus": bonus, "cards": hands, "jokers": jokers}


@st.composite
def valid_match(draw):
    players = draw(seated())
    games = draw(st.lists(valid_game(players), max_size=8))
    first = draw(st.sampled_from(players))
    return players, games, first


def by_hand(game, name):
    """The rule of docs/rules.md, written out: +11 per bonus card, minus the cards, minus 11 per joker."""
    held = sum(game["cards"].get(name, []))
    return 11 * game["bonus"].get(name, 0) - held - 11 * game["jokers"].get(name, 0)


@settings(max_examples=examples(200), deadline=None)
@given(valid_match())
def test_random_valid_matches_add_up_as_the_spec_says(match):
    players, games, first = match
    standings = score(games, players, {"first_dealer": first})
    assert len(standings.rounds) == len(games)
    for result, game in zip(standings.rounds, games, strict=True):
        assert list(result.deltas) == players
        assert result.deltas == {name: by_hand(game, name) for name in players}
        top = max(result.deltas.values())
        assert result.extras == {"winners": [name for name in players if result.deltas[name] == top]}
        # All points on the table: bonus cards given minus everything still held.
        given_out = 11 * sum(game["bonus"].values())
        held = sum(sum(hand) for hand in game["cards"].values()) + 11 * sum(game["jokers"].values())
        assert sum(result.deltas.values()) == given_out - held
    for name in players:
        assert standings.totals[name] == sum(result.deltas[name] for result in standings.rounds)
    assert standings.dealer == players[(players.index(first) + len(games)) % len(players)]
    assert not standings.finished


@settings(max_examples=examples(100), deadline=None)
@given(valid_match(), st.randoms(use_true_random=False))
def test_key_order_never_matters_and_replaying_gives_the_same_standings(match, rnd):
    players, games, first = match

    def shuffled(mapping):
        items = list(mapping.items())
        rnd.shuffle(items)
        return dict(items)

    reordered = [shuffled({key: shuffled(value) for key, value in game.items()}) for game in games]
    original = score(games, players, {"first_dealer": first}).to_json()
    assert score(reordered, players, {"first_dealer": first}).to_json() == original
    assert score(json.loads(json.dumps(games)), players, {"first_dealer": first}).to_json() == original
    # A prefix of the match folds to the prefix of its rounds.
    if games:
        prefix = score(games[:-1], players, {"first_dealer": first}).to_json()
        assert prefix["rounds"] == original["rounds"][:-1]


@settings(max_examples=examples(100), deadline=None)
@given(valid_match())
def test_a_finished_match_is_won_by_the_best_sum(match):
    players, games, first = match
    if not games:
        return
    standings = score(games, players, {"rounds": len(games), "first_dealer": first})
    assert standings.finished
    top = max(standings.totals.values())
    assert standings.winners == tuple(name for name in players if standings.totals[name] == top)
    assert "dealer" not in standings.to_json()


# --- garbage never escapes as anything but ScoringError ---------------------

NAMES = ["Anna", "Beat", "Cla", "Dora", "Zed", ""]
garbage = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-30, 30)
    | st.floats(allow_nan=True)
    | st.sampled_from(NAMES)
    | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from([*NAMES, "bonus", "cards", "jokers"]) | st.integers(), inner, max_size=5
        )
    ),
    max_leaves=20,
)
entry_like = st.dictionaries(
    st.sampled_from(["bonus", "cards", "jokers", "bonus", "cards", "x"]),
    st.dictionaries(st.sampled_from(NAMES), garbage | st.lists(st.integers(-2, 23), max_size=6), max_size=5)
    | garbage,
    max_size=3,
)


@settings(max_examples=examples(400), deadline=None)
@given(
    st.lists(entry_like | garbage, max_size=4),
    st.none() | st.dictionaries(st.sampled_from(["rounds", "first_dealer", "x"]), garbage, max_size=2),
    st.sampled_from([FOUR, ["Anna", "Beat"], ["Anna"], "Anna", None, [1, 2], ["Anna", "Anna"]]),
    st.booleans(),
)
def test_garbage_raises_only_scoring_errors(rounds, options, players, closed):
    try:
        standings = ENGINE.score(players, options, rounds, closed=closed)
    except ScoringError as error:
        assert str(error)
        assert "\n" not in str(error)
    else:
        json.dumps(standings.to_json())


@settings(max_examples=examples(200), deadline=None)
@given(valid_match(), st.data())
def test_a_damaged_valid_game_raises_only_scoring_errors(match, data):
    players, games, _first = match
    if not games:
        return
    game = data.draw(st.sampled_from(games))
    key = data.draw(st.sampled_from(["bonus", "cards", "jokers"]))
    name = data.draw(st.sampled_from([*players, "Zed"]))
    game[key] = dict(game[key])
    game[key][name] = data.draw(garbage)
    try:
        score(games, players)
    except ScoringError as error:
        assert re.match(r"^round \d+: ", str(error)), str(error)


def test_a_thousand_games_fold_to_a_finished_match():
    rnd = random.Random(7)
    games = []
    for _ in range(1000):
        out = rnd.choice(FOUR)
        games.append(
            {
                "bonus": {rnd.choice(FOUR): rnd.randint(0, 3)},
                "cards": {name: rnd.sample(VALUES, 5) for name in FOUR if name != out},
                "jokers": {},
            }
        )
    # How fast: make bench-scoring.
    assert score(games, options={"rounds": 1000}).finished


# --- the bonus board -----------------------------------------------------------


def board_of(*completions, players=("Anna", "Beat", "Cla")):
    board = BonusBoard.new(list(players))
    for colour, side, player in completions:
        board = board.complete(colour, side, player)
    return board


ALL_SIDES = [(colour, side) for colour in COLOURS for side in SIDES]


def test_a_new_board_has_every_side_open_and_seven_bonus_cards():
    board = board_of()
    assert board.open_sides() == tuple(ALL_SIDES)
    assert board.remaining_bonus_cards == 7
    assert board.bonus_counts() == {"Anna": 0, "Beat": 0, "Cla": 0}


def test_completing_a_side_returns_a_new_board_and_leaves_the_old_one_alone():
    board = board_of()
    after = board.complete("red", "low", "Beat")
    assert board.holder("red", "low") is None
    assert after.holder("red", "low") == "Beat"
    assert after.bonus_counts() == {"Anna": 0, "Beat": 1, "Cla": 0}
    assert after.remaining_bonus_cards == 6
    assert ("red", "low") not in after.open_sides()


def test_the_eighth_side_completed_earns_no_bonus_card():
    # Anna completes the first four, Beat the next three, Cla the last one.
    owners = ["Anna"] * 4 + ["Beat"] * 3 + ["Cla"]
    board = board_of(*[(c, s, p) for (c, s), p in zip(ALL_SIDES, owners, strict=True)])
    assert board.bonus_counts() == {"Anna": 4, "Beat": 3, "Cla": 0}
    assert board.remaining_bonus_cards == 0
    assert board.open_sides() == ()
    assert board.earned_bonus("red", "low")
    assert not board.earned_bonus("blue", "high")


def test_the_eighth_side_is_the_last_completed_not_the_last_on_the_board():
    order = list(reversed(ALL_SIDES))
    owners = ["Cla"] + ["Anna"] * 7
    board = board_of(*[(c, s, p) for (c, s), p in zip(order, owners, strict=True)])
    assert board.bonus_counts() == {"Anna": 6, "Beat": 0, "Cla": 1}
    assert not board.earned_bonus("red", "low")
    assert board.earned_bonus("blue", "high")


def test_undo_reopens_a_side_and_moves_the_later_sides_up():
    owners = ["Anna"] * 7 + ["Beat"]
    board = board_of(*[(c, s, p) for (c, s), p in zip(ALL_SIDES, owners, strict=True)])
    assert board.bonus_counts()["Beat"] == 0
    undone = board.undo("red", "low")
    assert undone.holder("red", "low") is None
    assert undone.bonus_counts() == {"Anna": 6, "Beat": 1, "Cla": 0}
    assert undone.remaining_bonus_cards == 0
    assert undone.complete("red", "low", "Cla").bonus_counts() == {"Anna": 6, "Beat": 1, "Cla": 0}


def test_the_board_counts_feed_a_valid_game_entry():
    board = board_of(("green", "high", "Anna"), ("green", "low", "Anna"), ("blue", "low", "Cla"))
    entry = {"bonus": board.bonus_counts(), "cards": {"Beat": [4], "Cla": [20, 1]}}
    standings = score([entry], players=["Anna", "Beat", "Cla"])
    assert standings.rounds[0].deltas == {"Anna": 22, "Beat": -4, "Cla": 11 - 21}


@pytest.mark.parametrize(
    ("action", "pattern"),
    [
        (
            lambda b: b.complete("pink", "low", "Anna"),
            r"^unknown colour 'pink': expected red, yellow, green or blue$",
        ),
        (lambda b: b.complete("red", "middle", "Anna"), r"^unknown side 'middle': expected low or high$"),
        (lambda b: b.complete("red", "low", "Zed"), r"^'Zed' is not a player on the bonus board$"),
        (lambda b: b.complete("red", "high", "Beat"), r"^the high side of red is already completed by Anna$"),
        (lambda b: b.undo("blue", "low"), r"^the low side of blue is not completed$"),
        (lambda b: b.undo("purple", "low"), r"^unknown colour 'purple'"),
        (lambda b: b.holder("red", None), r"^unknown side null"),
    ],
)
def test_board_mistakes_raise_a_clear_sentence(action, pattern):
    board = board_of(("red", "high", "Anna"))
    with pytest.raises(ScoringError, match=pattern):
        action(board)


@pytest.mark.parametrize(
    ("players", "pattern"),
    [
        (["Anna"], r"^a bonus board needs a list of 2 to 6 players$"),
        ("Anna", r"^a bonus board needs a list of players$"),
        (["Anna", ""], r"^player names must be non-empty text, not an empty name$"),
        (["Anna", "Anna"], r"^a player is seated twice on the bonus board$"),
    ],
)
def test_a_board_needs_real_seats(players, pattern):
    with pytest.raises(ScoringError, match=pattern):
        BonusBoard.new(players)


def test_the_board_survives_a_trip_through_json():
    board = board_of(("yellow", "low", "Cla"), ("red", "high", "Anna"))
    data = board.to_json()
    assert data == {
        "players": ["Anna", "Beat", "Cla"],
        "completed": [
            {"colour": "yellow", "side": "low", "player": "Cla"},
            {"colour": "red", "side": "high", "player": "Anna"},
        ],
    }
    assert BonusBoard.from_json(json.loads(json.dumps(data))) == board


@pytest.mark.parametrize(
    ("data", "pattern"),
    [
        (None, r"^a bonus board must be an object, not null$"),
        ({"players": ["A", "B"]}, r"^a bonus board must have exactly the fields"),
        ({"players": ["A", "B"], "completed": [], "x": 1}, r"^a bonus board must have exactly the fields"),
        ({"players": "AB", "completed": []}, r"^the players of a bonus board must be a list, not 'AB'$"),
        ({"players": ["A", "B"], "completed": {}}, r"^the completed sides must be a list, not an object$"),
        ({"players": ["A", "B"], "completed": [["red", "low", "A"]]}, r"^a completed side must be an object"),
        (
            {"players": ["A", "B"], "completed": [{"colour": "red", "side": "low"}]},
            r"^a completed side must be an object",
        ),
        (
            {"players": ["A", "B"], "completed": [{"colour": "red", "side": "low", "player": "C"}]},
            r"^'C' is not a player on the bonus board$",
        ),
        (
            {
                "players": ["A", "B"],
                "completed": [
                    {"colour": "red", "side": "low", "player": "A"},
                    {"colour": "red", "side": "low", "player": "B"},
                ],
            },
            r"^the low side of red is completed twice$",
        ),
        (
            {"players": ["A", "B"], "completed": [{"colour": ["red"], "side": "low", "player": "A"}]},
            r"^unknown colour a list",
        ),
    ],
)
def test_a_damaged_board_json_is_rejected(data, pattern):
    with pytest.raises(ScoringError, match=pattern):
        BonusBoard.from_json(data)


board_garbage = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["red", "low", "high", "A", "B", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["players", "completed", "colour", "side", "player", "x"]), inner, max_size=4
        )
    ),
    max_leaves=25,
)


@settings(max_examples=examples(400), deadline=None)
@given(board_garbage)
def test_board_json_garbage_raises_only_scoring_errors(data):
    try:
        board = BonusBoard.from_json(data)
    except ScoringError as error:
        assert str(error)
    else:
        assert BonusBoard.from_json(board.to_json()) == board


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.sampled_from(ALL_SIDES), st.sampled_from(["Anna", "Beat", "Cla"])),
        max_size=30,
    )
)
def test_random_play_on_the_board_keeps_its_counts_honest(moves):
    board = board_of()
    done: list[tuple[str, str, str]] = []  # the model: sides in completion order
    for is_undo, (colour, side), player in moves:
        holder = next((p for c, s, p in done if (c, s) == (colour, side)), None)
        if is_undo:
            if holder is None:
                with pytest.raises(ScoringError):
                    board.undo(colour, side)
            else:
                board = board.undo(colour, side)
                done = [d for d in done if (d[0], d[1]) != (colour, side)]
        elif holder is not None:
            with pytest.raises(ScoringError):
                board.complete(colour, side, player)
        else:
            board = board.complete(colour, side, player)
            done.append((colour, side, player))
        expected = {"Anna": 0, "Beat": 0, "Cla": 0}
        for _c, _s, p in done[:7]:
            expected[p] += 1
        assert board.bonus_counts() == expected
        assert sum(board.bonus_counts().values()) == min(7, len(done))
        assert board.remaining_bonus_cards == 7 - min(7, len(done))
        assert len(board.open_sides()) == 8 - len(done)
        assert BonusBoard.from_json(board.to_json()) == board


def test_the_boards_conflicts_carry_a_code_and_the_side_for_the_web():
    board = board_of(("red", "high", "Anna"))
    with pytest.raises(ScoringError) as taken:
        board.complete("red", "high", "Beat")
    assert (taken.value.code, taken.value.params["colour"], taken.value.params["side"]) == (
        "board.completed_already",
        "red",
        "high",
    )
    assert taken.value.params["name"] == "Anna"
    with pytest.raises(ScoringError) as open_side:
        board.undo("blue", "low")
    assert (open_side.value.code, open_side.value.params["colour"], open_side.value.params["side"]) == (
        "board.open_already",
        "blue",
        "low",
    )
