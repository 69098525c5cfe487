"""What every engine promises, checked once over the registry: a bad seat, option or round is one clear error.

The rules each game adds of its own (Molotow's four seats, Murlan's target below its
ceiling, a deal's points) stay in the game's test file; what the engines share is
written here and runs for every engine in ``scoring.registry.ENGINES``, a new one included.
"""

from __future__ import annotations

import pytest

from scoring.base import ScoringError
from scoring.registry import ENGINES

ENGINE_KEYS = list(ENGINES)


def seats(engine) -> list[str]:
    return ["Anna", "Beat", "Cla", "Dora", "Ele", "Fritz"][
        : max(engine.min_players, min(4, engine.max_players))
    ]


def rejected(key: str, *, options=None, rounds=(), players=None) -> str:
    engine = ENGINES[key]
    with pytest.raises(ScoringError) as error:
        engine.score(seats(engine) if players is None else players, options, list(rounds))
    return str(error.value)


def option_cases():
    """(engine, options, message) for every option of every engine: each way a value can be wrong."""
    for key, engine in ENGINES.items():
        for option in engine.options:
            name = f"option '{option.name}'"
            if not option.nullable:
                yield key, {option.name: None}, f"{name} must be set"
            if option.kind is int:
                yield key, {option.name: "7"}, f"{name} must be a whole number, not '7'"
                yield key, {option.name: 2.5}, f"{name} must be a whole number, not 2.5"
                yield key, {option.name: True}, f"{name} must be a whole number, not true"
                yield (
                    key,
                    {option.name: option.minimum - 1},
                    (f"{name} must be at least {option.minimum}, not {option.minimum - 1}"),
                )
                yield (
                    key,
                    {option.name: option.maximum + 1},
                    (f"{name} must be at most {option.maximum}, not {option.maximum + 1}"),
                )
            elif option.kind is bool:
                yield key, {option.name: 1}, f"{name} must be true or false, not 1"
            else:
                choices = " or ".join(f"'{choice}'" for choice in option.choices)
                yield key, {option.name: "x"}, f"{name} must be {choices}, not 'x'"


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_options_that_are_not_an_object_are_rejected(key):
    assert rejected(key, options=[("rounds", 3)]) == "options must be an object"


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_an_option_the_game_does_not_know_is_rejected_naming_the_game(key):
    assert rejected(key, options={"zzz": 1}) == f"unknown option 'zzz' for {ENGINES[key].title}"


@pytest.mark.parametrize(("key", "options", "message"), list(option_cases()))
def test_an_option_outside_its_rule_is_rejected_naming_the_option(key, options, message):
    assert rejected(key, options=options) == message


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_a_first_dealer_who_is_not_at_the_table_is_rejected(key):
    assert rejected(key, options={"first_dealer": "Zed"}).startswith(
        "option 'first_dealer': 'Zed' is not a player"
    )


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_a_player_seated_twice_is_rejected(key):
    engine = ENGINES[key]
    players = seats(engine)
    assert rejected(key, players=[*players[:-1], players[0]]) == f"player '{players[0]}' is seated twice"


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_too_few_and_too_many_seats_are_rejected_with_the_games_range(key):
    engine = ENGINES[key]
    many = [f"P{seat}" for seat in range(engine.max_players + 1)]
    for players in (many[: engine.min_players - 1], many):
        message = rejected(key, players=players)
        assert message.startswith(f"{engine.title} is played by ") and message.endswith(
            f", not {len(players)}"
        )


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ([1], "round 1: a round must be an object, not a list"),
        ("x", "round 1: a round must be an object, not 'x'"),
        (None, "round 1: a round must be an object, not null"),
        ({"zzz": 1}, "round 1: unknown field 'zzz'"),
    ],
)
@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_a_malformed_round_is_rejected_naming_the_round(key, entry, message):
    assert rejected(key, rounds=[entry]) == message


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_no_rounds_score_every_player_at_the_start(key):
    engine = ENGINES[key]
    standings = engine.score(seats(engine), None, [])
    assert set(standings.totals) == set(seats(engine))
    assert not standings.finished
