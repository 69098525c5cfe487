"""Property tests of the draw and the table points (../shared/spec/club-night.md, "The draw")."""

import itertools
import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import club as rules
from scoring.base import rank
from tests.properties import examples

GAMES = ["molotow", "anrufen", "elfer", "murlan", "counter"]


def partitions(players, sizes):
    """Every way to seat ``players`` at tables of ``sizes`` (equal tables unordered): the brute force."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for more in partitions(remaining, left):
                yield [[first, *others], *more]


@st.composite
def histories(draw, most=12):
    game = draw(st.sampled_from(GAMES))
    sizes = rules.table_sizes(game)
    size = draw(st.sampled_from(list(sizes)))
    count = draw(st.integers(min_value=size, max_value=most))
    names = [f"P{number:02d}" for number in range(count)]
    tables = []
    for _ in range(draw(st.integers(min_value=0, max_value=7))):
        order = draw(st.permutations(names))
        width = draw(st.integers(min_value=2, max_value=5))
        tables += [order[start : start + width] for start in range(0, count, width)]
    return game, size, draw(st.booleans()), names, tables


@settings(max_examples=examples(60))
@given(histories(), st.integers(min_value=0, max_value=2**32))
def test_the_balanced_draw_reaches_the_least_repeat_score_that_exists_up_to_twelve_players(case, seed):
    game, size, smaller, names, history = case
    plan = rules.table_plan(len(names), game, size, smaller)
    drawn = rules.draw(names, plan, seed=seed, history=history)
    met = rules.meetings(history)
    seated = [name for name in names if name not in drawn.byes]
    least = min(rules.repeat_score(seating, met) for seating in partitions(seated, list(plan.sizes)))
    assert rules.repeat_score(drawn.tables, met) == drawn.repeat_score == least
    assert tuple(len(table) for table in drawn.tables) == plan.sizes
    assert sorted([*seated, *drawn.byes]) == sorted(names)


@settings(max_examples=examples(40))
@given(histories(most=20), st.integers(min_value=0, max_value=2**32))
def test_the_same_seed_gives_the_same_draw_whatever_order_the_players_come_in(case, seed):
    game, size, smaller, names, history = case
    plan = rules.table_plan(len(names), game, size, smaller)
    drawn = rules.draw(names, plan, seed=seed, history=history)
    assert rules.draw(list(reversed(names)), plan, seed=seed, history=history) == drawn


@settings(max_examples=examples(40))
@given(
    st.integers(min_value=5, max_value=23),
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=0, max_value=2**32),
)
def test_a_bye_never_goes_twice_to_one_player_while_another_present_one_has_none(count, sittings, seed):
    names = tuple(f"P{number:02d}" for number in range(count))
    club = rules.Club(game="molotow", table_size=4, entrants=names)
    rng = random.Random(seed)
    for _ in range(sittings):
        drawn = rules.next_sitting(club, seed=rng.randrange(10**6))
        done = tuple(
            rules.Table(
                number, players, rules.Outcome(dict.fromkeys(players, 1), dict.fromkeys(players, 0), True)
            )
            for number, players in enumerate(drawn.tables, start=1)
        )
        club = rules.Club(
            game="molotow",
            table_size=4,
            entrants=names,
            sittings=(*club.sittings, rules.Sitting(drawn.number, done, drawn.byes, drawn.seed)),
        )
        byes = {name: sum(name in sitting.byes for sitting in club.sittings) for name in names}
        assert max(byes.values()) - min(byes.values()) <= 1


@settings(max_examples=examples(100))
@given(st.lists(st.integers(min_value=-50, max_value=50), min_size=2, max_size=10), st.booleans())
def test_table_points_sum_to_zero_at_every_table(totals, lower_is_better):
    players = [f"P{number}" for number in range(len(totals))]
    places = rank(dict(zip(players, totals, strict=True)), players, lower_is_better=lower_is_better)
    points = rules.table_points(places)
    assert sum(points.values()) == 0
    # A better place never has fewer table points.
    for a, b in itertools.combinations(players, 2):
        if places[a] < places[b]:
            assert points[a] > points[b]


def random_history(names, sittings, size, rng):
    tables = []
    for _ in range(sittings):
        order = list(names)
        rng.shuffle(order)
        tables += [order[start : start + size] for start in range(0, len(order), size)]
    return tables


def test_sixty_players_draw_in_under_two_seconds_and_beat_the_best_random_seating():
    rng = random.Random(60)
    names = [f"Player {number:02d}" for number in range(60)]
    history = random_history(names, 6, 4, rng)
    plan = rules.table_plan(60, "anrufen", 4)
    started = time.perf_counter()
    drawn = rules.draw(names, plan, seed=60, history=history)
    took = time.perf_counter() - started
    assert took < 2, f"the draw took {took:.2f} s"
    met = rules.meetings(history)
    best_random = min(
        rules.repeat_score(random_history(names, 1, 4, random.Random(trial)), met) for trial in range(200)
    )
    assert drawn.repeat_score <= best_random


def test_sixteen_players_at_four_tables_draw_exactly_in_well_under_a_second():
    rng = random.Random(16)
    names = [f"P{number:02d}" for number in range(16)]
    history = random_history(names, 7, 4, rng)
    plan = rules.table_plan(16, "molotow", 4)
    started = time.perf_counter()
    drawn = rules.draw(names, plan, seed=16, history=history)
    took = time.perf_counter() - started
    assert took < 1, f"the draw took {took:.2f} s"
    assert drawn.repeat_score == rules.repeat_score(drawn.tables, rules.meetings(history))


def test_the_first_sitting_is_simply_random():
    names = [f"P{number:02d}" for number in range(12)]
    plan = rules.table_plan(12, "molotow", 4)
    seatings = {rules.draw(names, plan, seed=seed).tables for seed in range(30)}
    assert len(seatings) == 30
    assert all(rules.draw(names, plan, seed=seed).repeat_score == 0 for seed in range(3))
