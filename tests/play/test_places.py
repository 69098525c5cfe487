"""The engine's places: 1 + the number of players with a better total; the only ranking of a match."""

import importlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from companion import standings
from companion.demo.generate import demo_match, seats_for
from companion.games import registry
from companion.models import Match, Round, Seat
from scoring.base import rank
from scoring.matchfile import score_match
from scoring.registry import ENGINES
from tests.factories import GameNightFactory, MatchFactory
from tests.properties import examples

HEARTS = {"target": 100, "lowest_wins": True}
GUESTS = ["Anna", "Beat", "Cla", "Dora", "Eva", "Fritz", "Gian", "Heidi", "Ines", "Jon"]


@pytest.mark.parametrize(
    ("totals", "lower_is_better", "places"),
    [
        ((10, 7, 7, 3), False, (1, 2, 2, 4)),
        ((3, 7, 7, 10), True, (1, 2, 2, 4)),
        ((10, 7, 7, 3), True, (4, 2, 2, 1)),
        ((5, 5, 5, 5), False, (1, 1, 1, 1)),
        ((5, 5, 5, 5), True, (1, 1, 1, 1)),
        ((-2, 0, -2, 9), False, (3, 2, 3, 1)),
        ((-2, 0, -2, 9), True, (1, 3, 1, 4)),
    ],
)
def test_a_place_is_one_more_than_the_players_with_a_better_total(totals, lower_is_better, places):
    names = ["A", "B", "C", "D"]
    ranked = rank(dict(zip(names, totals, strict=True)), names, lower_is_better=lower_is_better)
    assert ranked == dict(zip(names, places, strict=True))


def hearts(*rounds, options=HEARTS):
    players = ["Eva", "Fritz", "Anna", "Beat"]
    return score_match(
        {
            "game": "counter",
            "players": players,
            "options": options,
            "rounds": [{"points": dict(zip(players, points, strict=True))} for points in rounds],
        }
    )


def test_in_a_lowest_wins_match_the_lowest_total_is_first_and_wins():
    standings = hearts((40, 50, 20, 30), (43, 51, 25, 27))
    assert standings.finished
    assert standings.totals == {"Eva": 83, "Fritz": 101, "Anna": 45, "Beat": 57}
    assert standings.places == {"Anna": 1, "Beat": 2, "Eva": 3, "Fritz": 4}
    assert standings.winners == ("Anna",)
    assert standings.by_place() == ["Anna", "Beat", "Eva", "Fritz"]
    assert standings.to_json()["places"] == {"Eva": 3, "Fritz": 4, "Anna": 1, "Beat": 2}


def test_without_lowest_wins_the_same_totals_rank_the_other_way():
    standings = hearts((40, 50, 20, 30), (43, 51, 25, 27), options={"target": 100})
    assert standings.places == {"Anna": 4, "Beat": 3, "Eva": 2, "Fritz": 1}
    assert standings.winners == ("Fritz",)


def test_places_are_given_while_the_match_is_in_play_and_ties_share_the_better_place():
    standings = hearts((20, 30, 20, 10))
    assert not standings.finished
    assert standings.winners == ()
    assert standings.places == {"Eva": 2, "Fritz": 4, "Anna": 2, "Beat": 1}
    assert standings.by_place() == ["Beat", "Eva", "Anna", "Fritz"]  # a tie keeps the seating order


def test_the_winners_are_exactly_the_players_in_first_place():
    standings = hearts((30, 50, 30, 40), (30, 51, 30, 40))
    assert standings.winners == ("Eva", "Anna")
    assert standings.places == {"Eva": 1, "Fritz": 4, "Anna": 1, "Beat": 3}


def restated_places(totals: dict[str, int], lowest_wins: bool) -> dict[str, int]:
    """The spec's rule written out again, independently of the engine: sort, then share ties."""
    ordered = sorted(totals.values(), reverse=not lowest_wins)
    return {name: ordered.index(total) + 1 for name, total in totals.items()}


class StoredPlacesTests(TestCase):
    """Every game, played as a table plays it (the demo's players), to its end or stopped half-way."""

    @settings(max_examples=examples(100))
    @given(
        game=st.sampled_from(sorted(ENGINES)),
        seed=st.integers(0, 2**32 - 1),
        unfinished=st.booleans(),
    )
    def test_the_stored_place_of_every_seat_is_the_engines_place(self, game, seed, unfinished):
        rng = random.Random(seed)
        names = seats_for(rng, game, GUESTS)
        skill = {name: rng.uniform(0.6, 1.6) for name in names}
        played = demo_match(rng, game, names, skill, unfinished=unfinished)
        match = MatchFactory(
            night=GameNightFactory(),
            game=game,
            names=list(names),
            options=played.options,
            first_dealer=played.first_dealer,
            closed=played.closed,
        )
        Round.objects.bulk_create(
            Round(match=match, number=number, entry=entry)
            for number, entry in enumerate(played.rounds, start=1)
        )
        standings.refresh(Match.objects.with_standings().get(pk=match.pk))
        result = played.result  # the engine's, over exactly these rounds
        stored = {
            seat.player.name: seat for seat in Seat.objects.filter(match=match).select_related("player")
        }
        assert {name: seat.place for name, seat in stored.items()} == result.places
        assert {name for name, seat in stored.items() if seat.won} == set(result.winners)
        lowest_wins = ENGINES[game].lower_is_better(result.options)
        assert result.places == restated_places(result.totals, lowest_wins)
        if result.finished:
            assert set(result.winners) == {name for name, place in result.places.items() if place == 1}


def test_every_game_is_played_by_the_property_test():
    assert set(ENGINES) == set(registry.keys()) == {"molotow", "anrufen", "elfer", "murlan", "counter"}


@pytest.mark.django_db
def test_the_upgrade_ranks_stored_lowest_wins_matches_lowest_first_and_leaves_the_others():
    from django.apps import apps

    upgrade = importlib.import_module("companion.migrations.0012_places")
    night = GameNightFactory()
    seats = ["Eva", "Fritz", "Anna", "Beat"]
    hearts = MatchFactory(night=night, game="counter", names=seats, options=HEARTS)
    dice = MatchFactory(night=night, game="counter", names=seats, options={"rounds": 2})
    totals = {"Eva": 83, "Fritz": 101, "Anna": 45, "Beat": 57}
    backwards = {"Eva": 2, "Fritz": 1, "Anna": 4, "Beat": 3}  # as every match used to be ranked
    for match in (hearts, dice):
        for seat in match.seats.select_related("player"):
            seat.total, seat.place = totals[seat.player.name], backwards[seat.player.name]
            seat.save()

    upgrade.rank_lowest_first(apps, None)

    def places(match):
        return {seat.player.name: seat.place for seat in match.seats.select_related("player")}

    assert places(hearts) == {"Anna": 1, "Beat": 2, "Eva": 3, "Fritz": 4}
    assert places(dice) == backwards
