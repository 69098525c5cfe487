"""``manage.py score``: standings JSON on stdout, or one ``error:`` line on stderr."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.matchfile import parse_json, read_match, score_match

ROOT = Path(__file__).resolve().parents[2]

SPEC_EXAMPLE = {
    "game": "molotow",
    "players": ["Anna", "Beat", "Cla", "Dora"],
    "options": {"first_dealer": "Beat"},
    "rounds": [
        {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
        {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Cla"},
    ],
}


def run_score(*args, stdin: str | None = None):
    # As on a fresh clone: no DEBUG, no SECRET_KEY, no DATABASE_URL.
    environ = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL"}}
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        cwd=ROOT,
        env=environ,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_spec_example_prints_the_spec_standings(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(SPEC_EXAMPLE))
    result = run_score(str(path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    standings = json.loads(result.stdout)
    # Hand-computed from docs/rules.md: the first deal is +1/+1/-1/-1, the draw deal 0/0/-1/+1;
    # Beat dealt first and the deal passes right: Beat, Anna, then Dora.
    assert standings["rounds"][0] == {
        "number": 1,
        "deltas": {"Anna": 1, "Beat": 1, "Cla": -1, "Dora": -1},
        "sticks": {"Anna": 1, "Beat": 1, "Cla": 0, "Dora": 0},
        "potatoes": {"Anna": 0, "Beat": 0, "Cla": 1, "Dora": 1},
    }
    assert standings["rounds"][1]["deltas"] == {"Anna": 0, "Beat": 0, "Cla": -1, "Dora": 1}
    assert standings["totals"] == {"Anna": 1, "Beat": 1, "Cla": -2, "Dora": 0}
    assert standings["finished"] is False
    assert standings["winners"] == []
    assert standings["dealer"] == "Dora"
    assert standings["sticks"] == {"Anna": 1, "Beat": 1, "Cla": 0, "Dora": 1}
    assert standings["potatoes"] == {"Anna": 0, "Beat": 0, "Cla": 2, "Dora": 1}
    assert standings["places"] == {"Anna": 1, "Beat": 1, "Cla": 4, "Dora": 3}
    assert list(standings)[:8] == [
        "game",
        "players",
        "rounds",
        "totals",
        "finished",
        "winners",
        "places",
        "dealer",
    ]


def test_a_dash_reads_standard_input():
    result = run_score("-", stdin=json.dumps({"game": "murlan", "players": ["A", "B"], "rounds": []}))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["target"] == 21


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (
            {**SPEC_EXAMPLE, "rounds": [{"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 17}}]},
            "error: round 1: points add up to 150, not 157",
        ),
        ({**SPEC_EXAMPLE, "game": "poker"}, "error: unknown game 'poker'"),
        ({**SPEC_EXAMPLE, "options": {"colour": "red"}}, "error: unknown option 'colour'"),
        (
            {**SPEC_EXAMPLE, "players": ["Anna", "Anna", "Cla", "Dora"]},
            "error: player 'Anna' is seated twice",
        ),
        ({**SPEC_EXAMPLE, "players": ["Anna", "Beat", "Cla"]}, "error: Molotow Jass is played by exactly 4"),
        ({"players": ["A"], "rounds": []}, "error: the match has no 'game'"),
    ],
)
def test_bad_input_prints_one_error_line_and_nothing_on_stdout(document, message):
    result = run_score("-", stdin=json.dumps(document))
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


def test_a_file_that_is_not_json_names_line_and_column():
    result = run_score("-", stdin='{"game": "molotow",\n  players: []}')
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr.startswith("error: the file is not valid JSON:")
    assert "line 2" in result.stderr


def test_a_missing_file_is_an_error_line(tmp_path):
    result = run_score(str(tmp_path / "nope.json"))
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr.startswith("error: cannot read")


def test_reading_a_match_keeps_every_field_for_writing_it_again():
    document = read_match(parse_json(json.dumps(SPEC_EXAMPLE))).to_json()
    assert document == SPEC_EXAMPLE


def test_the_library_and_the_command_agree():
    assert score_match(SPEC_EXAMPLE).totals == {"Anna": 1, "Beat": 1, "Cla": -2, "Dora": 0}


def test_a_free_scoring_match_prints_its_totals_winners_and_dealer():
    document = {
        "game": "counter",
        "players": ["Anna", "Beat", "Cla"],
        "options": {"target": 100, "lowest_wins": True},
        "rounds": [
            {"points": {"Anna": 20, "Beat": 35, "Cla": 50}},
            {"points": {"Anna": 40, "Beat": 30, "Cla": 55}},
        ],
    }
    result = run_score("-", stdin=json.dumps(document))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "game": "counter",
        "players": ["Anna", "Beat", "Cla"],
        "rounds": [
            {"number": 1, "deltas": {"Anna": 20, "Beat": 35, "Cla": 50}},
            {"number": 2, "deltas": {"Anna": 40, "Beat": 30, "Cla": 55}},
        ],
        "totals": {"Anna": 60, "Beat": 65, "Cla": 105},
        "finished": True,
        "winners": ["Anna"],
        "places": {"Anna": 1, "Beat": 2, "Cla": 3},
    }


def test_an_open_free_scoring_match_says_who_deals_next():
    document = {"game": "counter", "players": ["Anna", "Beat", "Cla"], "rounds": [{"points": {"Anna": 5}}]}
    result = run_score("-", stdin=json.dumps(document))
    assert result.returncode == 0, result.stderr
    standings = json.loads(result.stdout)
    assert standings["totals"] == {"Anna": 5, "Beat": 0, "Cla": 0}
    assert (standings["finished"], standings["winners"], standings["dealer"]) == (False, [], "Beat")


def test_a_free_scoring_round_over_a_hundred_thousand_is_one_error_line():
    document = {"game": "counter", "players": ["Anna", "Beat"], "rounds": [{"points": {"Beat": -100_001}}]}
    result = run_score("-", stdin=json.dumps(document))
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr == (
        "error: round 1: 'Beat' has -100001 points, but a round gives at most 100,000 either way\n"
    )


MALFORMED = {
    "an integer of thousands of digits": (
        '{"game": "murlan", "players": ["A", "B"], "rounds": [], "options": {"target": ' + "7" * 4400 + "}}",
        "error: the file holds a whole number with 4400 digits at line 1, column 79: no score is that long\n",
    ),
    "JSON nested a thousand levels deep": (
        '{"game": "murlan", "players": ["A", "B"], "rounds": ' + "[" * 1000 + "]" * 1000 + "}",
        "error: the file is nested more than 20 levels deep\n",
    ),
    "a lone surrogate escape": (
        '{"game": "murlan", "players": ["A\\ud800", "B"], "rounds": []}',
        "error: the file holds a lone surrogate escape (\\ud800), which is not a character\n",
    ),
    "a name with a line break": (
        json.dumps({"game": "murlan", "players": ["A\nerror: all fine", "B"], "rounds": []}),
        "error: the name 'A\\u000aerror: all fine' holds a control character such as a line break\n",
    ),
    "a round naming a player with a line break": (
        json.dumps({"game": "counter", "players": ["A", "B"], "rounds": [{"points": {"A\nB": 3}}]}),
        "error: round 1: points: 'A\\u000aB' is not a player of this match\n",
    ),
    "options that are a list": (
        json.dumps({"game": "murlan", "players": ["A", "B"], "rounds": [], "options": []}),
        "error: options must be an object or null, not a list\n",
    ),
    "a round of the wrong type": (
        json.dumps(
            {"game": "elfer", "players": ["A", "B"], "rounds": [{"cards": {"A": [3]}}, {"cards": {"B": "7"}}]}
        ),
        "error: round 2: B's cards must be a list, not '7'\n",
    ),
    "ended that is not true or false": (
        json.dumps({"game": "elfer", "players": ["A", "B"], "rounds": [], "ended": "yes"}),
        "error: ended must be true or false, not 'yes'\n",
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_every_malformed_file_gives_exactly_one_error_line_and_nothing_else(case):
    text, expected = MALFORMED[case]
    result = run_score("-", stdin=text)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == expected
