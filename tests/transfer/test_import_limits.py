"""One import is bounded, writes in one short transaction, and refuses what a database cannot store."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse
from django.utils.html import escape

from companion import standings
from companion.models import GameNight, Match, Player, Round, Seat
from companion.transfer import reading, storing

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]


def molotow(players=ABCD, rounds=2):
    points = {players[0]: 90, players[1]: 9, players[2]: 34, players[3]: 24}
    return {
        "game": "molotow",
        "players": list(players),
        "options": {"rounds": 100},
        "rounds": [{"points": dict(points)} for _ in range(rounds)],
    }


def night_file(*matches, title="Saturday cards", **fields):
    return {
        "game_night": {"title": title, "date": "2026-11-28", "place": "", "notes": "", **fields},
        "matches": list(matches),
    }


def upload(client, data):
    file = SimpleUploadedFile("night.json", json.dumps(data).encode(), content_type="application/json")
    return client.post(reverse("night_import"), {"file": file})


def stored_rows():
    return {model.__name__: model.objects.count() for model in (GameNight, Player, Match, Seat, Round)}


# --- limits -------------------------------------------------------------------------


@override_settings(IMPORT_MAX_MATCHES=3)
def test_a_file_with_more_matches_than_one_import_takes_is_refused_with_the_limit(persona_client):
    before = stored_rows()
    response = upload(persona_client("owner"), night_file(*[molotow()] * 4))
    assert response.status_code == 200
    assert (
        "The file has 4 matches, but one import takes at most 3: split the night into several files"
        in response.content.decode()
    )
    assert stored_rows() == before


@override_settings(IMPORT_MAX_ROUNDS=10)
def test_a_file_with_more_rounds_than_one_import_takes_is_refused_with_the_limit():
    with pytest.raises(reading.NightFileError) as error:
        reading.read_night(night_file(molotow(rounds=6), molotow(rounds=5)))
    assert error.value.message == (
        "the file's matches have 11 rounds in all, but one import takes at most 10: "
        "split the night into several files"
    )


@override_settings(IMPORT_MAX_PLAYERS=6)
def test_a_file_with_more_players_than_one_import_takes_is_refused_with_the_limit():
    # "anna" and "Anna" are one player: 7 different names, not 8.
    first, second = molotow(ABCD), molotow(["anna", "Emil", "Fritz", "Gina"])
    with pytest.raises(reading.NightFileError) as error:
        reading.read_night(night_file(first, second))
    assert error.value.message == (
        "the file names 7 different players, but one import takes at most 6: split the night into several files"
    )


@override_settings(IMPORT_MAX_MATCHES=3, IMPORT_MAX_ROUNDS=12, IMPORT_MAX_PLAYERS=6)
def test_a_file_exactly_at_every_limit_is_imported(owner):
    data = night_file(molotow(ABCD, 4), molotow(["Anna", "Beat", "Emil", "Fritz"], 4), molotow(ABCD, 4))
    night = storing.import_night(data, owner, owner)
    assert night.matches.count() == 3
    assert Round.objects.count() == 12
    assert Player.objects.filter(owner=owner).count() == 6


def test_the_limits_are_counted_before_any_match_is_read():
    """A huge file is refused at once: its first match's error is never reached."""
    broken = {"game": "no such game"}
    with pytest.raises(reading.NightFileError, match="one import takes at most 100"):
        reading.read_night(night_file(*[broken] * 101))


# --- one short transaction -----------------------------------------------------------


def test_the_import_writes_each_table_once_whatever_the_number_of_matches(owner):
    """The queries of 2 matches and of 12 are the same: one bulk insert per table, no per-match writes."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries_for(count):
        checked = reading.read_night(night_file(*[molotow(rounds=3) for _ in range(count)]))
        with CaptureQueriesContext(connection) as captured:
            storing.store_night(checked, owner, owner)
        return len(captured.captured_queries)

    first = queries_for(2)  # creates the four players
    assert queries_for(2) == queries_for(12) <= first


def test_imported_standings_columns_are_those_refresh_would_write(owner):
    data = night_file(molotow(ABCD, 3), molotow(["Dora", "Cla", "Beat", "Anna"], 100))
    night = storing.import_night(data, owner, owner)
    for match in night.matches.all():
        seats = list(match.seats.order_by("position").values_list("total", "won", "place", "score"))
        before = (seats, match.round_count, match.finished_at is not None)
        standings.refresh(match)
        match.refresh_from_db()
        seats = list(match.seats.order_by("position").values_list("total", "won", "place", "score"))
        assert before == (seats, match.round_count, match.finished_at is not None)
    finished = night.matches.order_by("pk").last()
    assert finished.finished_at is not None and finished.round_count == 100


# --- NUL characters --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"title": "Fri\u0000day"}, "The game night's title holds a control character such as a line break"),
        ({"title": "\u200b\u200b"}, "The game night needs a title with a visible character"),
        ({"title": "\u200e\u2060 "}, "The game night needs a title with a visible character"),
        (
            {"title": "\u202e\u2060 "},
            "The game night's “title” holds a character that turns the writing direction around",
        ),
        ({"place": "Beat's\u0000kitchen"}, "The game night's place contains a NUL character (\\u0000)"),
        ({"notes": "Raclette\u0000first"}, "The game night's notes contains a NUL character (\\u0000)"),
    ],
)
def test_a_nul_or_an_invisible_title_is_refused_before_storing(persona_client, fields, message):
    data = night_file(molotow())
    data["game_night"].update(fields)
    response = upload(persona_client("owner"), data)
    assert response.status_code == 200
    assert escape(message) in response.content.decode()
    assert not GameNight.objects.exists()


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("An\u0000na", "holds a control character such as a line break"),
        ("\u200b\u200b", "is blank: it has no visible character"),
    ],
)
def test_a_nul_or_an_invisible_players_name_is_refused_before_storing(persona_client, name, problem):
    data = night_file(molotow([name, "Beat", "Cla", "Dora"]))
    response = upload(persona_client("owner"), data)
    assert response.status_code == 200
    assert problem in response.content.decode()
    assert not Player.objects.exists()


def test_a_look_alike_name_in_a_file_is_the_rosters_player(owner):
    """ "An\u200bna" in the file is the roster's Anna (the name rule), not a second Anna."""
    anna = Player.objects.create(owner=owner, name="Anna")
    data = night_file(molotow(["An\u200bna", "Beat", "Cla", "Dora"]))
    night = storing.import_night(data, owner, owner)
    match = night.matches.get()
    assert match.seats.get(position=0).player == anna
    assert Player.objects.filter(owner=owner).count() == 4
    assert "Anna" in match.rounds.get(number=1).entry["points"]  # the rounds follow the roster's spelling
