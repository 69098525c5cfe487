"""``manage.py club_standings`` and ``club_draw``: one JSON object on stdout, or one ``error:`` line."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.clubs.files import changed, spec_night

ROOT = Path(__file__).resolve().parents[2]


def run(command, *args, stdin: str | None = None):
    # As on a fresh clone: no DEBUG, no SECRET_KEY, no DATABASE_URL (like ``manage.py score``).
    environ = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL"}}
    return subprocess.run(
        [sys.executable, "manage.py", command, *args],
        cwd=ROOT,
        env=environ,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_club_standings_prints_the_standings_of_the_complete_sittings(tmp_path):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(spec_night()))
    result = run("club_standings", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    standings = json.loads(result.stdout)["standings"]
    assert standings[0] == {
        "player": "Beat",
        "place": 1,
        "sittings": 2,
        "table_points": 1,
        "result": 0,
        "wins": 1,
    }
    assert [(line["player"], line["place"]) for line in standings] == [
        ("Beat", 1),
        ("Cla", 1),
        ("Dora", 3),
        ("Eva", 3),
        ("Anna", 5),
        ("Gian", 5),
        ("Fritz", 7),
    ]


def test_club_draw_reads_standard_input_and_repeats_a_draw_from_its_seed():
    text = json.dumps(spec_night())
    first = run("club_draw", "-", "--seed", "52817", stdin=text)
    again = run("club_draw", "-", "--seed", "52817", stdin=text)
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""
    assert first.stdout == again.stdout
    drawn = json.loads(first.stdout)
    assert set(drawn) == {"number", "seed", "tables", "byes"}
    assert (drawn["number"], drawn["seed"], drawn["byes"]) == (3, 52817, [])
    assert [table["table"] for table in drawn["tables"]] == [1, 2]
    assert [len(table["players"]) for table in drawn["tables"]] == [4, 3]


def test_club_draw_seats_only_the_present_entrants_and_gives_the_byes():
    def change(document):
        document["club"]["departed"] = ["Gian", "Fritz"]  # five left: one table of four and a bye

    result = run(
        "club_draw", "-", "--mode", "ranked", "--seed", "1", stdin=json.dumps(changed(spec_night(), change))
    )
    assert result.returncode == 0, result.stderr
    drawn = json.loads(result.stdout)
    assert len(drawn["tables"]) == 1 and len(drawn["byes"]) == 1
    seated = {*drawn["tables"][0]["players"], *drawn["byes"]}
    assert seated == {"Anna", "Beat", "Cla", "Dora", "Eva"}


def test_club_draw_without_a_seed_reports_the_one_it_chose():
    result = run("club_draw", "-", stdin=json.dumps(spec_night()))
    assert result.returncode == 0, result.stderr
    assert isinstance(json.loads(result.stdout)["seed"], int)


def seated_twice(document):
    document["club"]["sittings"][1]["tables"][1]["players"] = ["Eva", "Dora", "Fritz"]


@pytest.mark.parametrize("command", ["club_standings", "club_draw"])
@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            json.dumps(changed(spec_night(), seated_twice)),
            "error: club.sittings[1].tables[1]: Dora is seated twice",
        ),
        (
            "{",
            "error: the file is not valid JSON: a field name in double quotes is missing at line 1, column 2",
        ),
        (json.dumps({"matches": []}), "error: the file has no 'club'"),
    ],
)
def test_bad_input_prints_nothing_and_one_error_line(command, text, line):
    result = run(command, "-", stdin=text)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == line + "\n"


def test_club_draw_refuses_a_bad_mode_or_seed_and_too_few_players():
    text = json.dumps(spec_night())
    mode = run("club_draw", "-", "--mode", "fair", stdin=text)
    seed = run("club_draw", "-", "--seed", "x", stdin=text)

    def few(document):
        document["club"]["departed"] = ["Anna", "Beat", "Cla", "Dora", "Eva"]

    too_few = run("club_draw", "-", stdin=json.dumps(changed(spec_night(), few)))
    assert (mode.returncode, mode.stdout, mode.stderr) == (
        1,
        "",
        "error: --mode must be balanced or ranked, not 'fair'\n",
    )
    assert (seed.returncode, seed.stdout, seed.stderr) == (
        1,
        "",
        "error: --seed must be a whole number, not 'x'\n",
    )
    assert (too_few.returncode, too_few.stdout) == (1, "")
    assert too_few.stderr == "error: 2 present players are too few for a table of 3: nothing was drawn\n"


def test_a_missing_file_is_one_error_line(tmp_path):
    result = run("club_standings", str(tmp_path / "none.json"))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("error: cannot read ") and result.stderr.count("\n") == 1
