"""The name rule (scoring/names.py) wherever a player's name or a night's title is typed; hex colours."""

import pytest
from django.urls import reverse

from companion.models import GameNight, Match, Player
from scoring.registry import ENGINES
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def add_player(client, name, colour=""):
    return client.post(reverse("player_list"), {"name": name, "colour": colour})


@pytest.mark.parametrize("look_alike", ["A\u200bnna", "An\u200ena", "\u2060anna"])
def test_a_look_alike_of_a_player_in_the_roster_is_refused(persona_client, owner, look_alike):
    PlayerFactory(owner=owner, name="Anna")
    response = add_player(persona_client("owner"), look_alike)
    assert "You already have a player called" in response.content.decode()
    assert Player.objects.filter(owner=owner).count() == 1


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("\u200b\u200b", "is blank: it has no visible character"),
        ("\u200e", "is blank: it has no visible character"),
        ("An\u0007na", "holds a control character such as a line break"),
    ],
)
def test_a_name_of_only_invisible_or_control_characters_is_refused(persona_client, owner, name, problem):
    response = add_player(persona_client("owner"), name)
    assert problem in response.content.decode()
    assert not Player.objects.filter(owner=owner).exists()


def test_renaming_a_player_into_a_look_alike_is_refused(persona_client, owner):
    PlayerFactory(owner=owner, name="Anna")
    beat = PlayerFactory(owner=owner, name="Beat")
    response = persona_client("owner").post(reverse("player_edit", args=[beat.pk]), {"name": "Ann\u200ba"})
    assert "You already have a player called" in response.content.decode()
    beat.refresh_from_db()
    assert beat.name == "Beat"


@pytest.mark.parametrize("title", ["\u200b", "\u200e\u200d", "Fri\u0007day"])
def test_a_night_title_follows_the_name_rule(persona_client, owner, title):
    response = persona_client("owner").post(reverse("night_create"), {"title": title, "date": "2026-11-28"})
    page = response.content.decode()
    assert "A title needs a visible character." in page or "A title cannot hold a control character" in page
    assert not GameNight.objects.exists()


def setup_data(names, game="molotow"):
    engine = ENGINES[game]
    data = {"game": game, "setup_game": game, "first_dealer": "0"}
    for index in range(engine.max_players):
        data[f"seat_{index}"] = names[index] if index < len(names) else ""
    for option in engine.options:
        if option.kind is not bool:
            data[f"opt_{option.name}"] = "" if option.default is None else str(option.default)
    return data


def test_a_match_cannot_seat_a_player_and_a_look_alike(persona_client, night):
    url = reverse("match_create", args=[night.pk])
    response = persona_client("owner").post(url, setup_data(["Anna", "A\u200bnna", "Cla", "Dora"]))
    assert "is seated twice" in response.content.decode()
    assert not Match.objects.exists()


def test_a_look_alike_typed_at_the_match_start_is_the_rosters_player(persona_client, night, owner):
    anna = PlayerFactory(owner=owner, name="Anna")
    url = reverse("match_create", args=[night.pk])
    persona_client("owner").post(url, setup_data(["An\u200bna", "Beat", "Cla", "Dora"]))
    match = Match.objects.get()
    assert match.seats.get(position=0).player == anna
    assert not Player.objects.filter(name__contains="\u200b").exists()


# --- colours ----------------------------------------------------------------------


@pytest.mark.parametrize("colour", ["#zzzzzz", "#12345;", '#1"><x>', "#123", "red", "#12345 "])
def test_a_colour_must_be_a_hex_colour(persona_client, owner, colour):
    response = add_player(persona_client("owner"), "Anna", colour)
    assert "Pick a colour like #d63384." in response.content.decode()
    assert not Player.objects.filter(owner=owner).exists()


def test_a_hex_colour_is_kept_in_lower_case(persona_client, owner):
    add_player(persona_client("owner"), "Anna", "#D63384")
    assert Player.objects.get(owner=owner).colour == "#d63384"


# --- a name of invisible characters, said in words -------------------------------


def german(client):
    from django.conf import settings

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    return client


INVISIBLE = ["\u200b", "\u200b\u200d", "\u2060\ufeff"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_an_invisible_name_for_a_new_player_is_refused_in_words_not_escapes(persona_client, owner, name):
    page = add_player(persona_client("owner"), name).content.decode()
    assert "This name is blank: it has no visible character." in page
    assert "\\u200" not in page and "\\u2060" not in page
    assert not Player.objects.filter(owner=owner).exists()


def test_renaming_a_player_to_an_invisible_name_is_refused_in_words_in_german(persona_client, owner):
    beat = PlayerFactory(owner=owner, name="Beat")
    client = german(persona_client("owner"))
    page = client.post(reverse("player_edit", args=[beat.pk]), {"name": "\u200b\u200d"}).content.decode()
    assert "Dieser Name ist leer: Er hat kein sichtbares Zeichen." in page
    assert "\\u200" not in page
    beat.refresh_from_db()
    assert beat.name == "Beat"


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_invisible_name_at_the_match_start_is_refused_at_its_seat_in_words(
    persona_client, night, language
):
    client = persona_client("owner")
    if language == "de":
        german(client)
    url = reverse("match_create", args=[night.pk])
    response = client.post(url, setup_data(["Anna", "\u200b", "Cla", "Dora"]))
    form = response.context["form"]
    expected = {
        "en": "This name is blank: it has no visible character.",
        "de": "Dieser Name ist leer: Er hat kein sichtbares Zeichen.",
    }[language]
    assert form.errors["seat_1"] == [expected]
    assert "\\u200b" not in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Match 1 (Murlan): the name of player 2 is blank: it has no visible character"),
        ("de", "Partie 1 (Murlan): Der Name von Spieler 2 ist leer: Er hat kein sichtbares Zeichen"),
    ],
)
def test_an_invisible_name_in_an_imported_file_is_named_by_its_place(persona_client, language, expected):
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile

    client = persona_client("owner")
    if language == "de":
        german(client)
    content = {
        "game_night": {"title": "Friday", "date": "2026-11-28"},
        "matches": [{"game": "murlan", "players": ["Anna", "\u200b\u200d", "Cla"], "rounds": []}],
    }
    file = SimpleUploadedFile("night.json", json.dumps(content).encode(), content_type="application/json")
    response = client.post(reverse("night_import"), {"file": file})
    assert response.context["error"] == expected
    assert "\\u200b" not in response.content.decode()
    assert not GameNight.objects.exists()
