"""The night file's currency, prices and settlement; the match file's clock and notes; ``export_night``."""

import io
import json

import pytest
from django.core.management import call_command

from companion.models import GameNight, Match
from companion.transfer import exporting
from companion.transfer.reading import NightFileError, read_night
from scoring.base import ScoringError
from scoring.matchfile import read_match
from tests.factories import GameNightFactory, play_match

pytestmark = pytest.mark.django_db

COUNTER = {
    "game": "counter",
    "players": ["Anna", "Beat", "Cla", "Dora"],
    "options": {"first_dealer": "Anna", "rounds": 1, "target": None, "lowest_wins": False},
    "rounds": [{"points": {"Anna": 3, "Beat": 1, "Cla": -1, "Dora": -3}}],
}


def night_file(*matches, **night):
    return {
        "game_night": {"title": "Saturday cards", "date": "2026-11-28", **night},
        "matches": list(matches),
    }


def run(command, *args):
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(command, *args, stdout=out, stderr=err)
    except SystemExit as exit_status:
        return exit_status.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_a_night_with_prices_exports_them_with_its_settlement(owner):
    night = GameNightFactory(owner=owner, currency="EUR", prices={"counter": 20})
    play_match(night, "counter", COUNTER["players"], COUNTER["rounds"], options={"rounds": 1})
    document = exporting.night_document(night)
    assert document["game_night"]["currency"] == "EUR"
    assert document["game_night"]["prices"] == {"counter": 20}
    assert document["settlement"] == {
        "currency": "EUR",
        "balances": {"Anna": 240, "Beat": 80, "Cla": -80, "Dora": -240},
        "payments": [
            {"from": "Dora", "to": "Anna", "amount": 240},
            {"from": "Cla", "to": "Beat", "amount": 80},
        ],
    }


def test_a_night_without_prices_exports_no_settlement(owner):
    night = GameNightFactory(owner=owner)
    play_match(night, "counter", COUNTER["players"], COUNTER["rounds"], options={"rounds": 1})
    document = exporting.night_document(night)
    assert "settlement" not in document
    assert "prices" not in document["game_night"]


def test_an_import_ignores_the_files_settlement_and_export_computes_it_anew(tmp_path, owner):
    data = night_file(COUNTER, currency="CHF", prices={"counter": 20})
    data["settlement"] = {"currency": "CHF", "balances": {"Anna": 1_000_000}, "payments": []}
    path = tmp_path / "night.json"
    path.write_text(json.dumps(data))
    assert run("import_night", str(path))[0] == 0
    night = GameNight.objects.get()
    assert (night.currency, night.prices) == ("CHF", {"counter": 20})
    assert exporting.night_document(night)["settlement"]["balances"] == {
        "Anna": 240,
        "Beat": 80,
        "Cla": -80,
        "Dora": -240,
    }


@pytest.mark.parametrize(
    ("prices", "line"),
    [
        ({"counter": -5}, "error: the price of 'counter' must be from 0 to 100,000 hundredths, not -5\n"),
        (
            {"counter": 100_001},
            "error: the price of 'counter' must be from 0 to 100,000 hundredths, not 100001\n",
        ),
        ({"counter": 2.5}, "error: the price of 'counter' must be a whole number of hundredths, not 2.5\n"),
        (
            {"poker": 50},
            "error: the prices name 'poker', which is not a game: expected one of molotow, anrufen, elfer, "
            "murlan, counter\n",
        ),
    ],
)
def test_a_bad_price_is_one_error_line_of_import_night_and_stores_nothing(tmp_path, owner, prices, line):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(night_file(COUNTER, prices=prices)))
    status, out, err = run("import_night", str(path))
    assert (status, out, err) == (1, "", line)
    assert not GameNight.objects.exists()


def test_a_bad_currency_is_refused_on_import():
    with pytest.raises(NightFileError, match="three-letter code"):
        read_night(night_file(COUNTER, currency="Franken"))


def test_export_night_writes_the_night_file_the_page_downloads(owner):
    night = GameNightFactory(owner=owner, prices={"counter": 20})
    play_match(night, "counter", COUNTER["players"], COUNTER["rounds"], options={"rounds": 1})
    status, out, err = run("export_night", str(night.pk))
    assert (status, err) == (0, "")
    assert out == exporting.dumps(exporting.night_document(night))
    assert json.loads(out)["settlement"]["payments"][0] == {"from": "Dora", "to": "Anna", "amount": 240}


@pytest.mark.parametrize("argument", ["999", "abc"])
def test_export_night_of_no_night_is_one_error_line(db, argument):
    status, out, err = run("export_night", argument)
    assert (status, out) == (1, "")
    assert err == f"error: there is no game night with the id {argument!r}\n"


def test_export_then_import_night_gives_the_same_file(tmp_path, owner):
    night = GameNightFactory(owner=owner, currency="EUR", prices={"counter": 20, "molotow": 5})
    options = {"rounds": 1, "target": None, "lowest_wins": False}
    match = play_match(night, "counter", COUNTER["players"], COUNTER["rounds"], options=options)
    Match.objects.filter(pk=match.pk).update(
        paused_seconds=300, notes="Hearts, house rules:\nno shooting the moon"
    )
    first = run("export_night", str(night.pk))[1]
    path = tmp_path / "night.json"
    path.write_text(first)
    assert run("import_night", str(path))[0] == 0
    again = GameNight.objects.exclude(pk=night.pk).get()
    assert run("export_night", str(again.pk))[1] == first


# --- the match file's clock and notes -----------------------------------------------------


def test_a_match_file_may_say_when_it_was_played_and_carry_notes():
    match = read_match(
        COUNTER
        | {
            "started_at": "2026-11-28T20:15:00+01:00",
            "ended_at": "2026-11-28T21:05:30+01:00",
            "paused_seconds": 600,
            "notes": "Dora dealt twice.",
        }
    )
    assert match.info.paused_seconds == 600
    assert match.to_json()["ended_at"] == "2026-11-28T21:05:30+01:00"


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"started_at": "2026-11-28 20:15"}, "must be a date and time with its offset"),
        ({"started_at": "2026-11-28T20:15:00"}, "must be a date and time with its offset"),
        ({"ended_at": 5}, "must be a date and time with its offset"),
        ({"started_at": "2026-11-28T21:00:00+01:00", "ended_at": "2026-11-28T20:00:00+01:00"}, "ends before"),
        ({"paused_seconds": -1}, "whole number of seconds"),
        ({"paused_seconds": 1.5}, "whole number of seconds"),
        ({"notes": "x" * 1001}, "at most 1000"),
        ({"notes": "evil\u202etext"}, "control or text direction"),
        ({"notes": "bell\u0007"}, "control or text direction"),
        ({"notes": ["a"]}, "must be text"),
    ],
)
def test_a_bad_clock_or_note_in_a_match_file_is_one_sentence(fields, words):
    with pytest.raises(ScoringError, match=words):
        read_match(COUNTER | fields)


def test_an_old_match_file_without_clock_or_notes_still_reads():
    assert read_match(COUNTER).info.notes == ""
