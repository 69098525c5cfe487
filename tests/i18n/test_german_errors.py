"""The engines' errors reach a German reader in German; the engines and the score command stay English."""

import pytest
from django.utils import translation

from companion.i18n.errors import error_text
from companion.play.setup import option_error
from scoring.base import ScoringError, gettext_noop, round_error
from scoring.registry import get_engine

FOUR = ["Anna", "Beat", "Cla", "Dora"]


def engine_error(game, options) -> ScoringError:
    with pytest.raises(ScoringError) as raised:
        get_engine(game).clean_options(FOUR, options)
    return raised.value


def test_an_engine_error_is_translated_in_the_web_layer_and_stays_english_in_the_engine():
    error = engine_error("molotow", {"rounds": 0})
    assert error.code == "option.too_low"
    with translation.override("de"):
        assert error_text(error) == "die Option 'rounds' muss mindestens 1 sein, nicht 0"
        assert str(error) == "option 'rounds' must be at least 1, not 0"
    with translation.override("en"):
        assert error_text(error) == str(error)


def test_a_rounds_error_names_the_round_in_german():
    error = round_error(3, "counter.no_points", gettext_noop("the points are missing"))
    with translation.override("de"):
        assert error_text(error) == "Runde 3: die Punkte fehlen"
    assert str(error) == "round 3: the points are missing"


def test_a_house_rule_error_names_the_rule_as_the_setup_form_does_in_either_language():
    engine = get_engine("molotow")
    error = engine_error("molotow", {"rounds": 500})
    with translation.override("de"):
        assert option_error(engine, error).message == "Runden: höchstens 100, nicht 500"
    with translation.override("en"):
        setup_error = option_error(engine, error)
    assert setup_error.message == "Deals must be at most 100, not 500" and setup_error.option == "rounds"


def round_error_of(game, players, rounds) -> ScoringError:
    from scoring.matchfile import MatchFile

    with pytest.raises(ScoringError) as raised:
        MatchFile(game, players, None, rounds).score()
    return raised.value


@pytest.mark.parametrize(
    ("game", "players", "rounds", "german", "english"),
    [
        (
            "molotow",
            FOUR,
            [{"points": [90, 9, 34, 24]}],
            "Runde 1: Punkte muss ein Objekt sein, nicht eine Liste",
            "round 1: points must be an object, not a list",
        ),
        (
            "anrufen",
            FOUR,
            [{"bidder": {"name": "Anna"}, "bid": "normal"}],
            "Runde 1: Ansager ein Objekt spielt in dieser Partie nicht mit",
            "round 1: bidder an object is not a player of this match",
        ),
        (
            "murlan",
            FOUR,
            [{"order": ["Anna", "Beat", "Cla", ""]}],
            "Runde 1: in der Reihenfolge: ein leerer Name spielt in dieser Partie nicht mit",
            "round 1: in the order, an empty name is not a player of this match",
        ),
        (
            "elfer",
            FOUR,
            [{"cards": {"Anna": 10**40}}],
            "Runde 1: die Karten von Anna müssen eine Liste sein, nicht eine Zahl mit 41 Stellen",
            "round 1: Anna's cards must be a list, not a number with 41 digits",
        ),
    ],
)
def test_the_words_inside_an_engine_error_are_german_too(game, players, rounds, german, english):
    error = round_error_of(game, players, rounds)
    assert str(error) == english  # the engine and the score command stay English
    with translation.override("de"):
        assert error_text(error) == german


def test_names_and_the_game_inside_an_engine_error_are_german_too():
    tie = round_error_of("molotow", FOUR, [{"points": {"Anna": 30, "Beat": 30, "Cla": 30, "Dora": 67}}])
    assert "Anna, Beat and Cla" in str(tie)
    with pytest.raises(ScoringError) as raised:
        get_engine("counter").clean_players(["Anna"])
    alone = raised.value
    assert str(alone).startswith("Free scoring is played by 2 to 10 players")
    with translation.override("de"):
        assert "Anna, Beat und Cla" in error_text(tie)
        assert error_text(alone).startswith("Freie Wertung wird von 2 bis 10")
