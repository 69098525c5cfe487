"""The web import: every malformed file gets one sentence in place, never a 500; a night imported twice is noticed."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils.html import escape

from companion.access import Viewer
from companion.models import GameNight, Match, Player, Round, Seat
from companion.play.rounds import end_match
from companion.play.setup import create_match
from tests.factories import enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
NIGHT = {"title": "x", "date": "2026-11-28"}


def night_file(*matches, title="Saturday cards", date="2026-11-28"):
    return {"game_night": {"title": title, "date": date, "place": "", "notes": ""}, "matches": list(matches)}


def upload(client, content: bytes, name="night.json"):
    file = SimpleUploadedFile(name, content, content_type="application/json")
    return client.post(reverse("night_import"), {"file": file})


def stored_rows():
    return {model.__name__: model.objects.count() for model in (GameNight, Player, Match, Seat, Round)}


def murlan(**changes):
    return {"game": "murlan", "players": ["Anna", "Cla"], "options": None, "rounds": [], **changes}


MALFORMED = {
    "deep": (
        b'{"game_night": {"title": "x", "date": "2026-11-28"}, "matches": ['
        + b"[" * 1000
        + b"]" * 1000
        + b"]}",
        "The file is nested more than 20 levels deep",
    ),
    "huge-int": (
        b'{"game_night": {"title": "x", "date": "2026-11-28", "notes": ' + b"1" * 5000 + b'}, "matches": []}',
        "The file holds a whole number with 5000 digits at line 1, column 62: no score is that long",
    ),
    "huge-int-in-a-round": (
        json.dumps(night_file(murlan(rounds=[{"order": ["Anna", "Cla"]}])))
        .replace('"Cla"]}', '"Cla"], "x": ' + "9" * 4000 + "}")
        .encode(),
        "digits",
    ),
    "surrogate": (
        b'{"game_night": {"title": "x\\udc00", "date": "2026-11-28"}, "matches": []}',
        "The file holds a lone surrogate escape (\\udc00), which is not a character",
    ),
    "not-utf8": (b"\xff\xfe{}", "The file is not UTF-8 text"),
    "nan": (b'{"game_night": {"title": "x", "date": "2026-11-28"}, "matches": [NaN]}', "NaN is not a number"),
    "options-list": (
        json.dumps(night_file(murlan(options=[]))).encode(),
        "options must be an object or null, not a list",
    ),
    "options-false": (
        json.dumps(night_file(murlan(options=False))).encode(),
        "options must be an object or null",
    ),
    "rounds-object": (json.dumps(night_file(murlan(rounds={}))).encode(), "rounds must be a list"),
    "ended-text": (json.dumps(night_file(murlan(ended="yes"))).encode(), "ended must be true or false"),
    "players-text": (json.dumps(night_file(murlan(players="Anna"))).encode(), "Match 1"),
    "round-number": (json.dumps(night_file(murlan(rounds=[7]))).encode(), "round 1"),
    "name-line-break": (
        json.dumps(night_file(murlan(players=["Anna\nerror: fine", "Cla"]))).encode(),
        "control character such as a line break",
    ),
    "title-line-break": (
        json.dumps(
            {"game_night": {"title": "Friday\nerror: fine", "date": "2026-11-28"}, "matches": []}
        ).encode(),
        "control character such as a line break",
    ),
    "title-number": (
        json.dumps({"game_night": {"title": 5, "date": "2026-11-28"}, "matches": []}).encode(),
        "title",
    ),
}


@pytest.mark.parametrize("content,message", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_file_gets_one_sentence_in_place_and_nothing_is_stored(persona_client, content, message):
    before = stored_rows()
    response = upload(persona_client("owner"), content)
    assert response.status_code == 200
    html = response.content.decode()
    error = response.context["error"]
    assert message in error and "\n" not in error and "Traceback" not in html
    assert escape(error) in html
    # The sentence stands before the form, which offers the file input again.
    assert html.index('id="import-error"') < html.index('type="file"')
    assert stored_rows() == before


# --- the same night twice ---------------------------------------------------------


@pytest.fixture
def played_night(night, owner):
    match = create_match(night, "murlan", ABCD, 0, {}, owner)
    enter_round(match, {"order": ["Cla", "Anna", "Beat", "Dora"]}, number=1, user=owner)
    enter_round(match, {"order": ABCD}, number=2, user=owner)
    end_match(Viewer(owner), match.pk)
    return night


def exported(client, night) -> bytes:
    return client.get(reverse("night_export_json", args=[night.pk])).content


def test_importing_a_night_that_is_already_there_asks_first(persona_client, played_night):
    client = persona_client("owner")
    content = exported(client, played_night)
    before = stored_rows()
    response = upload(client, content)
    assert response.status_code == 200
    html = response.content.decode()
    assert "is already there" in html
    assert played_night.get_absolute_url() in html
    assert 'value="keep"' in html and 'value="stop"' in html
    assert stored_rows() == before

    response = client.post(
        reverse("night_import"), {"duplicate": "keep", "pending": response.context["pending"]}
    )
    new_night = GameNight.objects.exclude(pk=played_night.pk).get()
    assert response["Location"] == new_night.get_absolute_url()
    assert exported(client, new_night) == content


def test_stopping_a_second_import_stores_nothing(persona_client, played_night):
    client = persona_client("owner")
    before = stored_rows()
    response = upload(client, exported(client, played_night))
    stopped = client.post(
        reverse("night_import"), {"duplicate": "stop", "pending": response.context["pending"]}
    )
    assert stopped["Location"] == played_night.get_absolute_url()
    assert stored_rows() == before
    # The file waits no longer: keeping it now asks for the file again.
    again = client.post(
        reverse("night_import"), {"duplicate": "keep", "pending": response.context["pending"]}
    )
    assert again.status_code == 200
    assert "choose the file again" in again.content.decode()
    assert stored_rows() == before


def test_a_member_importing_the_hosts_night_is_asked_too(persona_client, played_night):
    content = exported(persona_client("owner"), played_night)
    response = upload(persona_client("member"), content)
    assert "is already there" in response.content.decode()


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data["game_night"].update(title="Another night"),
        lambda data: data["game_night"].update(date="2026-11-29"),
        lambda data: data["matches"][0]["rounds"].pop(),
        lambda data: data["matches"][0].pop("ended"),
        lambda data: data["matches"].append(data["matches"][0]),
    ],
    ids=["title", "date", "a-round-less", "not-ended", "one-more-match"],
)
def test_a_night_that_differs_in_title_date_or_matches_imports_without_asking(
    persona_client, played_night, change
):
    client = persona_client("owner")
    data = json.loads(exported(client, played_night))
    change(data)
    response = upload(client, json.dumps(data).encode())
    assert response.status_code == 302
    assert GameNight.objects.count() == 2


def test_names_in_another_case_are_the_same_night(persona_client, played_night):
    client = persona_client("owner")
    text = exported(client, played_night).decode().replace('"Anna"', '"anna"')
    response = upload(client, text.encode())
    assert "is already there" in response.content.decode()


def test_an_outsider_does_not_learn_of_a_night_they_cannot_see(persona_client, played_night):
    content = exported(persona_client("owner"), played_night)
    response = upload(persona_client("outsider"), content)
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("content", "german"),
    [
        (b"[1, 2, 3]", "ein JSON-Objekt mit «game_night» und «matches», nicht eine Liste"),
        (b'{"game_night": ', "Die Datei ist kein gültiges JSON: ein Wert fehlt in Zeile 1, Spalte 16"),
        (
            json.dumps({**night_file(), "format": 1, "version": 2}).encode(),
            "Unbekannte Felder «format», «version» in der Datei",
        ),
        (json.dumps(murlan()).encode(), "Das ist die Datei einer Partie, nicht eines Spielabends"),
        (json.dumps(night_file(murlan(rounds=[["Anna", "Cla"]]))).encode(), "nicht eine Liste"),
    ],
)
def test_a_malformed_file_is_explained_in_german_without_english_words(persona_client, content, german):
    from django.conf import settings

    client = persona_client("owner")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    response = upload(client, content)
    assert response.status_code == 200
    error = response.context["error"]
    assert german in error, error
    for english in (" a list", "Expecting", " and ", " in the ", " an object"):
        assert english not in error, error
    assert stored_rows() == {"GameNight": 0, "Player": 0, "Match": 0, "Seat": 0, "Round": 0}


# --- the reader's messages read as sentences on the page ------------------------------


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "A game night file is a JSON object with “game_night” and “matches”, not a list"),
        ("de", "Eine Spielabend-Datei ist ein JSON-Objekt mit «game_night» und «matches», nicht eine Liste"),
    ],
)
def test_the_import_page_starts_the_readers_message_with_a_capital_letter(persona_client, language, shown):
    from django.conf import settings
    from django.utils import translation

    from companion.transfer import reading

    client = persona_client("owner")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = upload(client, b"[1, 2]")
    assert response.context["error"] == shown
    assert escape(shown) in response.content.decode()
    # The reader (and so the import_night command) keeps its own lower-case message.
    with translation.override("en"), pytest.raises(reading.NightFileError) as error:
        reading.read_night([1, 2])
    assert error.value.message.startswith("a game night file is")


def test_a_message_that_names_the_match_starts_with_a_capital_but_keeps_the_rest(persona_client):
    response = upload(persona_client("owner"), json.dumps(night_file(murlan(options=[]))).encode())
    assert response.context["error"] == "Match 1 (Murlan): options must be an object or null, not a list"


def test_a_rounds_csv_export_is_named_and_the_json_file_asked_for(persona_client, night):
    client = persona_client("owner")
    match = create_match(night, "murlan", ABCD, 0, {}, night.owner)
    enter_round(match, {"order": ABCD}, number=1, user=night.owner)
    exported = client.get(reverse("match_export_csv", args=[match.pk])).content
    before = stored_rows()
    response = upload(client, exported, name="friday-cards-murlan.csv")
    html = response.content.decode()
    assert (
        escape(
            "This is a CSV export of a match's rounds, for a spreadsheet: the import takes the game night file "
            "(JSON), from the night's page (“Download (JSON)”)"
        )
        in html
    )
    assert "BOM" not in html
    assert stored_rows() == before
