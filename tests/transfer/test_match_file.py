"""The match file (docs/match-format.md): what is read, what is written back, and what is refused."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings

from scoring.base import ScoringError
from scoring.matchfile import parse_json, read_match, score_match
from tests.malformed import VALID_MATCHES, one_value_broken

MURLAN = {"game": "murlan", "players": ["Anna", "Beat"], "rounds": [{"order": ["Anna", "Beat"]}]}


def refused(text: str | bytes) -> ScoringError:
    with pytest.raises(ScoringError) as error:
        score_match(parse_json(text))
    assert "\n" not in str(error.value)
    return error.value


# --- what the JSON reader refuses ------------------------------------------------------


def test_a_whole_number_of_thousands_of_digits_is_refused_with_its_place():
    text = (
        '{"game": "murlan",\n "players": ["Anna", "Beat"], "rounds": [], "options": {"target": '
        + "9" * 5000
        + "}}"
    )
    error = refused(text)
    assert error.code == "file.number_too_long"
    assert str(error) == (
        "the file holds a whole number with 5000 digits at line 2, column 67: no score is that long"
    )


def test_a_number_of_thirty_digits_still_reaches_the_engine_which_names_the_round():
    document = {**MURLAN, "rounds": [{"order": ["Anna", "Beat"]}, {"order": 10**29}]}
    error = refused(json.dumps(document))
    assert str(error) == "round 2: the order must be a list of names, not a number with 30 digits"


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(literal):
    error = refused(
        '{"game": "murlan", "players": ["A", "B"], "rounds": [], "options": {"target": ' + literal + "}}"
    )
    assert error.code == "file.not_a_number"
    assert str(error).startswith(f"the file is not valid JSON: {literal} is not a number in JSON at line 1")


def test_a_float_too_large_is_refused():
    error = refused('{"game": "murlan", "players": ["A", "B"], "rounds": [], "options": {"target": 1e999}}')
    assert error.code == "file.number_too_large"


@pytest.mark.parametrize("depth", [21, 500, 1000, 100_000])
def test_json_nested_too_deeply_is_refused(depth):
    text = '{"game": "murlan", "players": ["A", "B"], "rounds": ' + "[" * depth + "]" * depth + "}"
    error = refused(text)
    assert error.code == "file.too_deep"
    assert str(error) == "the file is nested more than 20 levels deep"


def test_a_night_file_is_not_too_deep():
    night = {"game_night": {}, "matches": copy.deepcopy(VALID_MATCHES)}
    assert parse_json(json.dumps(night)) == night


@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "\\udc00\\ud800"])
def test_a_lone_surrogate_escape_is_refused(escape):
    text = '{"game": "murlan", "players": ["A' + escape + '", "B"], "rounds": []}'
    error = refused(text)
    assert error.code == "file.lone_surrogate"
    assert str(error).startswith("the file holds a lone surrogate escape (\\u")


def test_a_surrogate_pair_is_a_character_and_allowed():
    standings = score_match(
        parse_json('{"game": "murlan", "players": ["\\ud83e\\udd8a", "B"], "rounds": []}')
    )
    assert standings.players == ("🦊", "B")


def test_a_lone_surrogate_in_a_key_is_refused():
    assert (
        refused('{"game": "murlan", "players": ["A", "B"], "rounds": [], "\\ud800": 1}').code
        == "file.lone_surrogate"
    )


def test_bytes_that_are_not_utf8_are_refused():
    assert refused(b'{"game": "murlan", "players": ["\xff"], "rounds": []}').code == "file.not_utf8"


# --- names --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["An\nna", "Beat"], "the name 'An\\u000ana' holds a control character such as a line break"),
        (["Anna", "\u200b"], "the name '\\u200b' is blank: it has no visible character"),
        (["Anna", "ANNA"], "'Anna' and 'ANNA' are the same name, so a match cannot seat both"),
        (["Anna", "An\u200bna"], "'Anna' and 'An\\u200bna' are the same name, so a match cannot seat both"),
        (["Anna", "Anna"], "player 'Anna' is seated twice"),
    ],
)
def test_names_follow_the_name_rule(players, message):
    assert str(refused(json.dumps({**MURLAN, "players": players, "rounds": []}))) == message


def test_a_player_named_in_a_round_with_a_line_break_stays_on_one_line():
    document = {**MURLAN, "rounds": [{"order": ["Anna", "Beat\nerror: fake"]}]}
    assert str(refused(json.dumps(document))) == (
        "round 1: in the order, 'Beat\\u000aerror: fake' is not a player of this match"
    )


# --- options and ended -------------------------------------------------------------------


@pytest.mark.parametrize("options", [[], False, 0, "", "none", 1, True])
def test_options_that_are_not_an_object_or_null_are_refused(options):
    error = refused(json.dumps({**MURLAN, "options": options}))
    assert error.code == "options.not_object"
    assert str(error).startswith("options must be an object or null, not ")


@pytest.mark.parametrize("options", [None, {}])
def test_options_may_be_null_or_empty(options):
    assert score_match({**MURLAN, "options": options}).options["target"] == 21


def test_ended_finishes_an_open_match_and_the_best_totals_win():
    document = {"game": "elfer", "players": ["Anna", "Beat"], "rounds": [{"cards": {"Beat": [5]}}]}
    assert not score_match(document).finished
    standings = score_match({**document, "ended": True})
    assert standings.finished
    assert standings.winners == ("Anna",)
    assert "dealer" not in standings.to_json()


def test_ended_stops_a_fixed_match_early():
    document = {
        "game": "molotow",
        "players": ["A", "B", "C", "D"],
        "rounds": [{"points": {"A": 90, "B": 9, "C": 34, "D": 24}}],
    }
    standings = score_match({**document, "ended": True})
    assert standings.finished
    assert standings.winners == ("A", "B")


def test_ended_false_is_the_default_and_is_not_written_back():
    document = read_match({**MURLAN, "ended": False}).to_json()
    assert "ended" not in document


@pytest.mark.parametrize("value", [None, 1, "true", [], {}])
def test_ended_must_be_true_or_false(value):
    assert str(refused(json.dumps({**MURLAN, "ended": value}))).startswith(
        "ended must be true or false, not "
    )


def test_an_ended_match_with_no_round_is_refused():
    error = refused(json.dumps({**MURLAN, "rounds": [], "ended": True}))
    assert error.code == "match.ended_without_rounds"


@pytest.mark.parametrize("document", VALID_MATCHES, ids=lambda d: d["game"])
def test_reading_and_writing_a_valid_match_gives_the_same_document(document):
    again = read_match(parse_json(json.dumps(document))).to_json()
    expected = {**document, "options": document["options"] or {}}
    assert again == expected
    assert list(again) == [
        key for key in ("game", "players", "options", "rounds", "ended") if key in expected
    ]


@pytest.mark.parametrize("document", VALID_MATCHES, ids=lambda d: d["game"])
def test_every_valid_match_scores(document):
    assert score_match(document).players == tuple(document["players"])


# --- the fuzzer --------------------------------------------------------------------------


@settings(max_examples=600, deadline=None)
@given(one_value_broken())
def test_one_broken_value_anywhere_gives_only_a_scoring_error_on_one_line(text):
    try:
        standings = score_match(parse_json(text))
    except ScoringError as error:
        message = str(error)
        assert message
        assert "\n" not in message and "\r" not in message
        assert len(message) < 400
        assert error.code
    else:
        json.dumps(standings.to_json())  # whatever was accepted can be written out again
