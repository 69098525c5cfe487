"""Export (match JSON, night JSON, rounds CSV) and import (web page and ``import_night``)."""

import copy
import csv
import datetime
import io
import json
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils.html import escape
from hypothesis import given, settings

from companion.access import Viewer
from companion.models import GameNight, Match, Player, Round, Seat
from companion.play.rounds import end_match
from companion.play.setup import create_match
from companion.transfer import exporting, reading, storing
from tests.factories import GameNightFactory, PlayerFactory, enter_round
from tests.malformed import one_value_broken

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
MOLOTOW_ROUNDS = [
    {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
    {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Cla"},
]
ANRUFEN_ROUNDS = [
    {"bidder": "Anna", "bid": "normal", "partner": "Cla", "points": 50},
    {"redeal": True},
    {"bidder": "Beat", "bid": "no_tricks", "tricks": 0},
]
ELFER_ROUNDS = [{"bonus": {"Anna": 2}, "cards": {"Beat": [3, 17], "Cla": [21]}, "jokers": {"Beat": 1}}]
MURLAN_ROUNDS = [{"order": ["Cla", "Anna", "Beat", "Dora"]}, {"order": ABCD}]

# The four match files of the night below, written out by hand from docs/match-format.md.
EXPECTED = {
    "molotow": {
        "game": "molotow",
        "players": ABCD,
        "options": {"first_dealer": "Beat", "rounds": 12, "others_on_100": 3, "others_on_157": 3},
        "rounds": MOLOTOW_ROUNDS,
    },
    "anrufen": {
        "game": "anrufen",
        "players": ABCD,
        "options": {
            "first_dealer": "Anna",
            "chips": 10,
            "contra": "add",
            "rounds": None,
            "stop_at_zero": False,
        },
        "rounds": ANRUFEN_ROUNDS,
    },
    "elfer": {
        "game": "elfer",
        "players": ["Anna", "Beat", "Cla"],
        "options": {"first_dealer": "Cla", "rounds": 3},
        "rounds": ELFER_ROUNDS,
    },
    "murlan": {
        "game": "murlan",
        "players": ABCD,
        "options": {"first_dealer": "Anna", "target": 21, "step": 10, "max_target": 51},
        "rounds": MURLAN_ROUNDS,
    },
}


def start(night, game, names, entries, *, first_dealer=0, user=None, **options):
    match = create_match(night, game, names, first_dealer, options, user)
    for number, entry in enumerate(entries, start=1):
        enter_round(match, entry, number=number, user=user)
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def full_night(night, owner):
    """The night of conftest with one match of each game, in this order."""
    night.date = datetime.date(2026, 11, 27)
    night.place = "Beat's kitchen"
    night.notes = "Raclette first."
    night.save()
    start(night, "molotow", ABCD, MOLOTOW_ROUNDS, first_dealer=1, user=owner)
    start(night, "anrufen", ABCD, ANRUFEN_ROUNDS, user=owner)
    start(night, "elfer", ["Anna", "Beat", "Cla"], ELFER_ROUNDS, first_dealer=2, user=owner, rounds=3)
    start(night, "murlan", ABCD, MURLAN_ROUNDS, user=owner)
    return night


def match_of(night, game):
    return night.matches.get(game=game)


def night_file(*matches, title="Saturday cards", date="2026-11-28"):
    return {"game_night": {"title": title, "date": date, "place": "", "notes": ""}, "matches": list(matches)}


def upload(client, data, name="night.json"):
    content = data if isinstance(data, bytes) else json.dumps(data).encode()
    file = SimpleUploadedFile(name, content, content_type="application/json")
    return client.post(reverse("night_import"), {"file": file})


def upload_again(client, data):
    """Import a night that is already there: the page asks first, and the person keeps both."""
    response = upload(client, data)
    if response.status_code == 200 and response.context["duplicate"] is not None:
        response = client.post(
            reverse("night_import"), {"duplicate": "keep", "pending": response.context["pending"]}
        )
    return response


def stored_rows():
    return {model.__name__: model.objects.count() for model in (GameNight, Player, Match, Seat, Round)}


def without_clock(match: dict) -> dict:
    """A match file without when it was played (the time the test ran)."""
    return {key: value for key, value in match.items() if key not in ("started_at", "ended_at")}


# --- exports ----------------------------------------------------------------------


@pytest.mark.parametrize("game", ["molotow", "anrufen", "elfer", "murlan"])
def test_a_match_downloads_as_its_match_file(persona_client, full_night, game):
    match = match_of(full_night, game)
    response = persona_client("member").get(reverse("match_export_json", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert (
        response["Content-Disposition"]
        == f'attachment; filename="friday-cards-2026-11-27-{game}-{match.pk}.json"'
    )
    assert without_clock(json.loads(response.content)) == EXPECTED[game]


def test_the_match_file_keeps_the_key_order_of_the_format_and_the_names_as_written(persona_client, night):
    match = start(night, "murlan", ["Fränzi", "Zoë"], [{"order": ["Zoë", "Fränzi"]}])
    text = persona_client("owner").get(reverse("match_export_json", args=[match.pk])).content.decode()
    assert list(json.loads(text)) == ["game", "players", "options", "rounds", "started_at"]
    assert next(iter(json.loads(text)["options"])) == "first_dealer"
    assert '"Fränzi"' in text


def test_a_night_downloads_with_its_details_and_every_match_in_playing_order(persona_client, full_night):
    response = persona_client("owner").get(reverse("night_export_json", args=[full_night.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="friday-cards-2026-11-27.json"'
    document = json.loads(response.content)
    document["matches"] = [without_clock(match) for match in document["matches"]]
    assert document == {
        "game_night": {
            "title": "Friday cards",
            "date": "2026-11-27",
            "place": "Beat's kitchen",
            "notes": "Raclette first.",
        },
        "matches": [EXPECTED[game] for game in ("molotow", "anrufen", "elfer", "murlan")],
    }


def test_a_title_without_letters_still_gives_a_file_name(persona_client, owner):
    night = GameNightFactory(owner=owner, title="🃏🃏", date=datetime.date(2026, 1, 2))
    response = persona_client("owner").get(reverse("night_export_json", args=[night.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="game-night-2026-01-02.json"'
    assert json.loads(response.content)["matches"] == []


def test_the_night_export_needs_the_same_queries_for_one_match_or_four(
    persona_client, night, owner, django_assert_num_queries
):
    client = persona_client("owner")
    url = reverse("night_export_json", args=[night.pk])
    start(night, "murlan", ABCD, MURLAN_ROUNDS, user=owner)
    with django_assert_num_queries(6):  # session, user, night, matches, seats with players, rounds
        client.get(url)
    start(night, "molotow", ABCD, MOLOTOW_ROUNDS, user=owner)
    start(night, "anrufen", ABCD, ANRUFEN_ROUNDS, user=owner)
    start(night, "elfer", ["Anna", "Beat", "Cla"], ELFER_ROUNDS, user=owner)
    with django_assert_num_queries(6):
        assert len(json.loads(client.get(url).content)["matches"]) == 4


def csv_rows(response):
    """The rows as a spreadsheet reads them: the UTF-8 byte-order mark is not part of the first cell."""
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_molotow_csv_has_a_row_per_round_and_player_with_running_totals(persona_client, full_night):
    match = match_of(full_night, "molotow")
    response = persona_client("owner").get(reverse("match_export_csv", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert (
        response["Content-Disposition"]
        == f'attachment; filename="friday-cards-2026-11-27-molotow-{match.pk}.csv"'
    )
    # Round 1: 90/9/34/24, highest and lowest a stick, the middle two a potato.
    # Round 2: 40/40/40/37, Dora (the fourth) a stick, Cla drew the highest card: a potato.
    assert csv_rows(response) == [
        ["round", "player", "result", "total", "card_points"],
        ["1", "Anna", "1", "1", "90"],
        ["1", "Beat", "1", "1", "9"],
        ["1", "Cla", "-1", "-1", "34"],
        ["1", "Dora", "-1", "-1", "24"],
        ["2", "Anna", "0", "1", "40"],
        ["2", "Beat", "0", "1", "40"],
        ["2", "Cla", "-1", "-2", "40"],
        ["2", "Dora", "1", "0", "37"],
    ]


def test_the_anrufen_csv_counts_from_the_starting_chips(persona_client, full_night):
    match = match_of(full_night, "anrufen")
    rows = csv_rows(persona_client("member").get(reverse("match_export_csv", args=[match.pk])))
    # 1: Anna and Cla make a normal game (50 of 90): +1 each, -1 each for Beat and Dora.
    # 2: redeal. 3: Beat makes no_tricks alone: stake 2, +3 x 2 for him, -2 for each other player.
    assert rows == [
        ["round", "player", "result", "total", "role"],
        ["1", "Anna", "1", "11", "bidder"],
        ["1", "Beat", "-1", "9", "opponent"],
        ["1", "Cla", "1", "11", "partner"],
        ["1", "Dora", "-1", "9", "opponent"],
        ["2", "Anna", "0", "11", "redeal"],
        ["2", "Beat", "0", "9", "redeal"],
        ["2", "Cla", "0", "11", "redeal"],
        ["2", "Dora", "0", "9", "redeal"],
        ["3", "Anna", "-2", "9", "opponent"],
        ["3", "Beat", "6", "15", "bidder"],
        ["3", "Cla", "-2", "9", "opponent"],
        ["3", "Dora", "-2", "7", "opponent"],
    ]


def test_the_elfer_and_murlan_csv_describe_each_players_part(persona_client, full_night):
    client = persona_client("owner")
    elfer = csv_rows(client.get(reverse("match_export_csv", args=[match_of(full_night, "elfer").pk])))
    # Anna out with 2 bonus cards: +22; Beat holds 3, 17 and a joker: -31; Cla holds 21.
    assert elfer == [
        ["round", "player", "result", "total", "hand"],
        ["1", "Anna", "22", "22", "out; bonus 2"],
        ["1", "Beat", "-31", "-31", "cards 3 17; jokers 1"],
        ["1", "Cla", "-21", "-21", "cards 21"],
    ]
    murlan = csv_rows(client.get(reverse("match_export_csv", args=[match_of(full_night, "murlan").pk])))
    assert len(murlan) == 1 + 2 * 4
    assert murlan[1:5] == [
        ["1", "Anna", "2", "2", "2"],
        ["1", "Beat", "1", "1", "3"],
        ["1", "Cla", "3", "3", "1"],
        ["1", "Dora", "0", "0", "4"],
    ]
    assert murlan[5:] == [
        ["2", "Anna", "3", "5", "1"],
        ["2", "Beat", "2", "3", "2"],
        ["2", "Cla", "1", "4", "3"],
        ["2", "Dora", "0", "0", "4"],
    ]


def test_the_csv_starts_with_a_byte_order_mark_so_excel_shows_umlauts(persona_client, night):
    """Excel on Windows reads a CSV without the mark as Windows-1252: "Jürg" became "JÃ¼rg"."""
    match = start(
        night, "murlan", ["Jürg", "Beat", "Cla", "Dora"], [{"order": ["Jürg", "Beat", "Cla", "Dora"]}]
    )
    content = persona_client("owner").get(reverse("match_export_csv", args=[match.pk])).content
    assert content.startswith(b"\xef\xbb\xbfround,player,")
    assert content.count(b"\xef\xbb\xbf") == 1
    assert "Jürg".encode() in content


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_quoted_in_the_csv(persona_client, night):
    match = start(night, "murlan", ["=SUM(A1)", "Beat"], [{"order": ["Beat", "=SUM(A1)"]}])
    rows = csv_rows(persona_client("owner").get(reverse("match_export_csv", args=[match.pk])))
    assert rows[1] == ["1", "'=SUM(A1)", "0", "0", "2"]


EXPORTS = ["match_export_json", "match_export_csv", "night_export_json"]


def export_url(name, night):
    match = night.matches.first()
    return reverse(name, args=[night.pk if name.startswith("night") else match.pk])


@pytest.mark.parametrize("name", EXPORTS)
@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 200), ("outsider", 404)])
def test_exports_are_for_the_nights_people_only(persona_client, full_night, name, persona, status):
    assert persona_client(persona).get(export_url(name, full_night)).status_code == status


@pytest.mark.parametrize("name", EXPORTS)
def test_exports_answer_only_get(persona_client, full_night, name):
    assert persona_client("owner").post(export_url(name, full_night)).status_code == 405


@pytest.mark.parametrize("name", EXPORTS)
def test_anonymous_visitors_are_sent_to_login_instead_of_a_download(persona_client, full_night, name):
    response = persona_client("anonymous").get(export_url(name, full_night))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


# --- import: the page ---------------------------------------------------------------


def test_the_import_page_asks_for_a_file(persona_client):
    response = persona_client("outsider").get(reverse("night_import"))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'enctype="multipart/form-data"' in html
    assert 'type="file"' in html and 'accept=".json,application/json"' in html


def test_anonymous_visitors_cannot_import(persona_client):
    response = upload(persona_client("anonymous"), night_file(EXPECTED["murlan"]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not GameNight.objects.exists()


def test_an_imported_night_belongs_to_the_importer_and_opens(persona_client, outsider):
    response = upload(persona_client("outsider"), night_file(EXPECTED["molotow"], EXPECTED["murlan"]))
    night = GameNight.objects.get()
    assert response.status_code == 302 and response["Location"] == night.get_absolute_url()
    assert (night.owner, night.title, night.date) == (outsider, "Saturday cards", datetime.date(2026, 11, 28))
    page = persona_client("outsider").get(response["Location"]).content.decode()
    assert "Imported “Saturday cards” with 2 matches." in page
    molotow, murlan = night.matches.order_by("started_at", "pk")
    assert [(s.player.name, s.total, s.won) for s in murlan.seats.order_by("position")] == [
        ("Anna", 5, False),
        ("Beat", 3, False),
        ("Cla", 4, False),
        ("Dora", 0, False),
    ]
    assert (molotow.round_count, molotow.first_dealer, molotow.is_finished) == (2, 1, False)
    assert molotow.options == {"rounds": 12, "others_on_100": 3, "others_on_157": 3}
    assert set(Round.objects.values_list("entered_by", flat=True)) == {outsider.pk}
    assert Player.objects.filter(owner=outsider).count() == 4


def test_players_are_matched_by_name_in_any_case_and_the_rounds_follow_the_roster(persona_client, owner):
    """Every game names players in other places of its rounds: all of them follow the roster's spelling."""
    anna, beat, cla = (PlayerFactory(owner=owner, name=name) for name in ("anna", "beat", "CLA"))
    upload(persona_client("owner"), night_file(*EXPECTED.values()))
    night = GameNight.objects.get(title="Saturday cards")
    assert Player.objects.filter(owner=owner).count() == 4  # Dora is new
    assert {seat.player for seat in Seat.objects.filter(match__night=night)} == {
        anna,
        beat,
        cla,
        Player.objects.get(name="Dora"),
    }
    text = json.dumps(list(EXPECTED.values()))
    for name, spelling in (("Anna", "anna"), ("Beat", "beat"), ("Cla", "CLA")):
        text = text.replace(f'"{name}"', f'"{spelling}"')
    assert [without_clock(match) for match in exporting.night_document(night)["matches"]] == json.loads(text)
    elfer = night.matches.get(game="elfer")
    assert [(seat.total, seat.won) for seat in elfer.seats.order_by("position")] == [
        (22, False),
        (-31, False),
        (-21, False),
    ]


@pytest.mark.parametrize("persona", ["owner", "outsider"])
def test_export_import_export_gives_the_same_document(persona_client, full_night, persona):
    exported = persona_client("owner").get(reverse("night_export_json", args=[full_night.pk])).content
    client = persona_client(persona)
    response = upload_again(client, exported)
    new_night = GameNight.objects.exclude(pk=full_night.pk).get()
    assert response["Location"] == new_night.get_absolute_url()
    again = client.get(reverse("night_export_json", args=[new_night.pk])).content
    assert again == exported


def test_an_open_match_the_table_ended_comes_back_ended_and_exports_the_same(persona_client, full_night):
    """The match file's "ended" carries "ended by the table": export, import, export is identical."""
    end_match(Viewer(match_of(full_night, "anrufen").night.owner), match_of(full_night, "anrufen").pk)
    exported = persona_client("owner").get(reverse("night_export_json", args=[full_night.pk])).content
    anrufen = next(m for m in json.loads(exported)["matches"] if m["game"] == "anrufen")
    assert anrufen["ended"] is True
    upload_again(persona_client("owner"), exported)
    new_night = GameNight.objects.exclude(pk=full_night.pk).get()
    imported = new_night.matches.get(game="anrufen")
    assert (imported.closed, imported.is_finished) == (True, True)
    again = persona_client("owner").get(reverse("night_export_json", args=[new_night.pk])).content
    assert again == exported


def test_an_open_match_still_in_play_comes_back_in_play(persona_client, full_night):
    exported = persona_client("owner").get(reverse("night_export_json", args=[full_night.pk])).content
    assert all("ended" not in match for match in json.loads(exported)["matches"])
    upload_again(persona_client("owner"), exported)
    imported = GameNight.objects.exclude(pk=full_night.pk).get().matches.get(game="anrufen")
    assert (imported.closed, imported.is_finished) == (False, False)


def test_a_bad_round_in_the_second_match_stores_nothing_and_says_where(persona_client, full_night):
    bad = copy.deepcopy(EXPECTED["murlan"])
    bad["rounds"][1] = {"order": ["Anna", "Beat", "Cla"]}
    before = stored_rows()
    # The outsider's roster is empty: a stored match would add four players.
    response = upload(persona_client("outsider"), night_file(EXPECTED["molotow"], bad))
    assert response.status_code == 200
    assert response.context["error"] == "Match 2 (Murlan): round 2: Dora is missing from the order"
    html = response.content.decode()
    assert "Nothing was imported." in html
    assert "Match 2 (Murlan): round 2: Dora is missing from the order" in html
    assert html.index('id="import-error"') < html.index('enctype="multipart/form-data"')
    assert stored_rows() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"hello", "The file is not valid JSON: a value is missing at line 1, column 1"),
        (b"\xfa\xfa\xfa", "The file is not UTF-8 text"),
        (b"[1, 2]", "A game night file is a JSON object with “game_night” and “matches”, not a list"),
        (b'{"game_night": {"title": "x", "date": "2026-11-28"}}', "The file has no “matches”"),
        (
            b'{"game": "murlan", "players": [], "rounds": []}',
            "This is the file of one match, not of a game night: export the whole night from its page"
            " (“Download (JSON)”) and import that",
        ),
        (
            b'{"game_night": {"title": "x", "date": "2026-11-28"}, "matches": [], "format": 1, "version": 2}',
            "Unknown fields “format”, “version” in the file",
        ),
        (b'{"game_night": [], "matches": []}', "“game_night” must be an object, not a list"),
        (
            b'{"game_night": {"title": 12345, "date": "2026-11-28"}, "matches": []}',
            "The game night's “title” must be text, not 12345",
        ),
        (
            b'{"game_night": {"title": "x", "date": "2026-11-28", "place": 7}, "matches": []}',
            "The game night's “place” must be text, not 7",
        ),
        (b'{"game_night": {"date": "2026-11-28"}, "matches": []}', "The game night needs a title"),
        (
            b'{"game_night": {"title": "x", "date": "27.11.2026"}, "matches": []}',
            "The game night's date must be a date like 2026-11-27, not '27.11.2026'",
        ),
        (
            b'{"game_night": {"title": "x", "date": "2026-11-28", "host": "me"}, "matches": []}',
            "Unknown field “host” in the game night",
        ),
        (
            b'{"game_night": {"title": "x", "date": "2026-11-28"}, "matches": {}}',
            "“matches” must be a list, not an object",
        ),
        (
            b'{"game_night": {"title": "x", "date": "2026-11-28"}, "matches": [{"game": "poker", "players": [], "rounds": []}]}',
            "Match 1: unknown game 'poker': expected one of molotow, anrufen, elfer, murlan, counter",
        ),
    ],
)
def test_a_file_that_is_not_a_game_night_says_so(persona_client, content, message):
    response = upload(persona_client("owner"), content)
    assert response.status_code == 200
    assert response.context["error"] == message
    assert escape(message) in response.content.decode()
    assert not GameNight.objects.exists()


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Anna ", "Beat"], "match 1 (Murlan): the name “Anna ” has extra spaces: write it as “Anna”"),
        (
            ["Anna", "anna"],
            "match 1 (Murlan): 'Anna' and 'anna' are the same name, so a match cannot seat both",
        ),
        (
            ["A" * 41, "Beat"],
            f"match 1 (Murlan): the name '{'A' * 41}' is 41 characters long: a name has at most 40",
        ),
    ],
)
def test_names_the_app_would_not_seat_are_refused(players, message):
    match = {"game": "murlan", "players": players, "rounds": []}
    with pytest.raises(reading.NightFileError) as error:
        reading.read_night(night_file(match))
    assert error.value.message == message


def test_submitting_without_a_file_asks_for_one(persona_client):
    response = persona_client("owner").post(reverse("night_import"), {})
    assert response.status_code == 200
    assert "Choose the game night file first." in response.content.decode()
    assert not GameNight.objects.exists()


# --- import: atomic -----------------------------------------------------------------


@pytest.mark.parametrize("fault", ["seats", "rounds"])
def test_a_failure_after_the_first_write_stores_nothing(full_night, outsider, fault):
    """Fault injection: the night, new players and the matches (and seats) are written before this fails."""
    data = exporting.night_document(full_night)
    before = stored_rows()
    if fault == "seats":
        patch = mock.patch.object(Seat.objects, "bulk_create", side_effect=RuntimeError("disk full"))
    else:
        patch = mock.patch("companion.transfer.storing._insert_rounds", side_effect=RuntimeError("disk full"))
    with patch as broken, pytest.raises(RuntimeError, match="disk full"):
        storing.import_night(data, outsider, outsider)
    assert broken.called
    assert stored_rows() == before


# --- import: the command ------------------------------------------------------------


def test_the_command_imports_a_file_for_the_first_account(tmp_path, owner, member):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(night_file(EXPECTED["murlan"], EXPECTED["elfer"])), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    call_command("import_night", str(path), stdout=out, stderr=err)
    assert out.getvalue() == "Imported Saturday cards with 2 matches\n"
    assert err.getvalue() == ""
    assert GameNight.objects.get().owner == owner


def test_the_command_reads_standard_input_and_takes_an_owner(monkeypatch, owner, member):
    data = json.dumps(night_file(EXPECTED["anrufen"], title="From stdin")).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    out = io.StringIO()
    call_command("import_night", "-", owner="member", stdout=out)
    assert out.getvalue() == "Imported From stdin with 1 match\n"
    assert GameNight.objects.get().owner == member


def test_the_command_prints_one_error_line_and_stores_nothing(tmp_path, owner):
    bad = copy.deepcopy(EXPECTED["murlan"])
    bad["rounds"][1] = {"order": ["Anna", "Beat", "Cla"]}
    path = tmp_path / "night.json"
    path.write_text(json.dumps(night_file(EXPECTED["molotow"], bad)))
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_status:
        call_command("import_night", str(path), stdout=out, stderr=err)
    assert exit_status.value.code == 1
    assert err.getvalue() == "error: match 2 (Murlan): round 2: Dora is missing from the order\n"
    assert out.getvalue() == ""
    assert not GameNight.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--owner", "nobody"], "error: there is no account called 'nobody'\n"),
        (["/no/such/file.json"], "error: cannot read /no/such/file.json: No such file or directory\n"),
    ],
)
def test_the_command_explains_a_missing_owner_or_file(tmp_path, owner, args, message):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(night_file()))
    argv = args if args[0].startswith("/") else [str(path), *args]
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("import_night", *argv, stderr=err)
    assert err.getvalue() == message


def test_the_command_needs_an_account(tmp_path, db):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(night_file()))
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("import_night", str(path), stderr=err)
    assert err.getvalue().startswith("error: there is no account yet")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            b'{"game_night": {"title": "x", "date": "2026-11-28"}, "matches": ['
            + b"[" * 1000
            + b"]" * 1000
            + b"]}",
            "error: the file is nested more than 20 levels deep\n",
        ),
        (
            b'{"game_night": {"title": "x", "date": "2026-11-28", "notes": '
            + b"1" * 5000
            + b'}, "matches": []}',
            "error: the file holds a whole number with 5000 digits at line 1, column 62: no score is that long\n",
        ),
        (
            b'{"game_night": {"title": "x\\udc00", "date": "2026-11-28"}, "matches": []}',
            "error: the file holds a lone surrogate escape (\\udc00), which is not a character\n",
        ),
        (
            json.dumps(
                {"game_night": {"title": "Friday\nerror: fine", "date": "2026-11-28"}, "matches": []}
            ).encode(),
            "error: the game night's title holds a control character such as a line break\n",
        ),
        (
            json.dumps(
                {"game_night": {"title": "x", "date": "2026-11-28", "place": "Bar\x1b"}, "matches": []}
            ).encode(),
            "error: the game night's place holds a control character\n",
        ),
        (
            json.dumps(
                {"game_night": {"title": "x", "date": "2026-11-28", "x\ny": 1}, "matches": []}
            ).encode(),
            "error: unknown field “x\\u000ay” in the game night\n",
        ),
        (
            json.dumps(
                night_file(
                    {"game": "murlan", "players": ["Anna\nBeat", "Cla"], "options": None, "rounds": []}
                )
            ).encode(),
            "error: match 1 (Murlan): the name 'Anna\\u000aBeat' holds a control character such as a line break\n",
        ),
        (
            json.dumps(
                night_file({"game": "murlan", "players": ["Anna", "Cla"], "options": [], "rounds": []})
            ).encode(),
            "error: match 1 (Murlan): options must be an object or null, not a list\n",
        ),
    ],
    ids=[
        "deep",
        "huge-int",
        "surrogate",
        "title-line-break",
        "place-nul",
        "key-line-break",
        "name",
        "options",
    ],
)
def test_the_command_gives_one_error_line_for_every_malformed_file(tmp_path, owner, content, message):
    path = tmp_path / "night.json"
    path.write_bytes(content)
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_status:
        call_command("import_night", str(path), stdout=out, stderr=err)
    assert exit_status.value.code == 1
    assert err.getvalue() == message
    assert out.getvalue() == ""
    assert not GameNight.objects.exists()


def test_notes_may_run_over_several_lines(persona_client, owner):
    night = {"title": "x", "date": "2026-11-28", "notes": "Raclette first.\r\nThen cards.\tLate."}
    response = upload(persona_client("owner"), json.dumps({"game_night": night, "matches": []}).encode())
    assert response.status_code == 302
    assert GameNight.objects.get().notes == "Raclette first.\r\nThen cards.\tLate."


@settings(max_examples=150, deadline=None)
@given(one_value_broken())
def test_a_night_with_one_broken_value_is_refused_only_with_a_night_file_error(text):
    night = '{"game_night": {"title": "x", "date": "2026-11-28"}, "matches": [' + text + "]}"
    try:
        reading.read_night(reading.parse_night_file(night))
    except reading.NightFileError as error:
        assert "\n" not in error.message and "\r" not in error.message
        assert error.message.startswith("match 1") or error.message.startswith("the file ")
