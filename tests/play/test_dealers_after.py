"""Who deals the next rounds, as the scoreboard lists them for rounds waiting offline: the engine's
own dealer after each of them, starting with today's dealer."""

import pytest

from companion.play.scoreboard import dealers_after
from scoring.registry import ENGINES

NAMES = ("Anna", "Beat", "Cla", "Dora")
FIRST_ROUND = {
    "counter": {"points": {"Anna": 12}},
    "molotow": {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
    "anrufen": {"bidder": "Anna", "bid": "normal", "partner": "Cla", "points": 50},
    "elfer": {"cards": {"Beat": [3], "Cla": [21], "Dora": [12]}},
    "murlan": {"order": list(NAMES)},
}


def standings_after(game, rounds, options=None):
    return ENGINES[game].score(list(NAMES), options or {}, rounds)


@pytest.mark.parametrize("game", sorted(FIRST_ROUND))
def test_the_next_dealers_are_those_the_engine_gives_after_each_further_round(game):
    first = standings_after(game, [], {"first_dealer": "Beat"})
    after_one = standings_after(game, [FIRST_ROUND[game]], {"first_dealer": "Beat"})
    dealers = dealers_after(first)
    assert len(dealers) == len(NAMES)
    assert dealers[0] == first.dealer == "Beat"
    assert dealers[1] == after_one.dealer
    assert dealers_after(after_one) == dealers[1:] + dealers[:1]


def test_a_finished_match_lists_no_dealers():
    finished = standings_after("counter", [{"points": {"Anna": 12}}], {"rounds": 1})
    assert finished.finished
    assert dealers_after(finished) == []


def test_a_match_of_a_number_of_rounds_lists_no_dealer_past_its_last_round():
    options = {"rounds": 3, "first_dealer": "Beat"}
    after_one = standings_after("molotow", [FIRST_ROUND["molotow"]], options)
    after_two = standings_after("molotow", [FIRST_ROUND["molotow"]] * 2, options)
    assert dealers_after(after_one) == [after_one.dealer, after_two.dealer]
    assert len(dealers_after(after_two)) == 1
