"""The name rule's limits: at most 40 characters, no direction controls, no tag characters.

A name too long is refused with a sentence at its field, never cut; a direction override
(U+202E) or a tag character in a name, a night's title or its place is refused the same way,
in English and German, on every form and in the import and ``score``.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from companion.models import GameNight, Match, Player
from scoring.base import ScoringError
from scoring.matchfile import score_match
from scoring.names import NAME_MOST, check_name, name_problem, text_problem
from tests.factories import PlayerFactory
from tests.play.test_match_setup import setup_data

ROOT = Path(__file__).resolve().parents[2]
DIRECTION_CONTROLS = [chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]
TAGS = ["\U000e0000", "\U000e0001", "\U000e0041", "\U000e007f"]
SIXTY = "Anna-Barbara " * 4 + "Eberhard"  # 60 characters, the kind a phone pastes
TOO_LONG = {
    "en": "is 60 characters long: a name has at most 40",
    "de": "ist 60 Zeichen lang: Ein Name hat höchstens 40",
}
TURNS = {
    "en": "holds a character that turns the writing direction around",
    "de": "enthält ein Zeichen, das die Schreibrichtung umdreht",
}


def test_a_name_of_forty_characters_is_a_name_and_one_more_is_refused_not_cut():
    assert len(SIXTY) == 60
    assert check_name("A" * NAME_MOST) == "A" * NAME_MOST
    problem = name_problem("A" * (NAME_MOST + 1))
    assert problem.code == "name.too_long"
    assert str(problem) == f"the name '{'A' * 41}' is 41 characters long: a name has at most 40"


def test_forty_characters_count_letters_as_they_are_typed_not_bytes():
    assert name_problem("Ä" * 40) is None
    assert name_problem("🃏" * 40) is None


@pytest.mark.parametrize("control", DIRECTION_CONTROLS, ids=lambda c: f"U+{ord(c):04X}")
def test_every_direction_embedding_override_and_isolate_is_refused_in_a_name(control):
    problem = name_problem(f"Eva{control}Fritz")
    assert problem.code == "name.direction"
    assert str(problem) == (
        f"the name 'Eva\\u{ord(control):04x}Fritz' holds a character that turns the writing direction around"
    )


@pytest.mark.parametrize("tag", TAGS, ids=lambda c: f"U+{ord(c):05X}")
def test_a_tag_character_is_refused_in_a_name(tag):
    assert name_problem(f"Anna{tag}").code == "name.tag"


@pytest.mark.parametrize("mark", ["\u200e", "\u200f", "\u061c"])
def test_direction_marks_stay_allowed_and_compare_as_nothing(mark):
    assert name_problem(f"{mark}Anna") is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Friday\u202e night", "text.direction"),
        ("Bei \u2067Anna\u2069", "text.direction"),
        ("Friday\U000e0041", "text.tag"),
        ("Friday\nnight", "text.control"),
        ("Friday night at Anna-Barbara's, the long table in the garden", None),
    ],
)
def test_a_title_or_place_follows_the_same_refusals_but_not_the_length(text, code):
    problem = text_problem(text)
    assert (problem.code if problem else None) == code


def test_notes_may_hold_line_breaks_but_not_a_direction_override():
    assert text_problem("Bring snacks\nand cards", allowed="\n") is None
    assert text_problem("Bring\u202e snacks", allowed="\n").code == "text.direction"


def match_file(players):
    return {"game": "murlan", "players": players, "rounds": [{"order": players}]}


def run_score(document):
    environ = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL"}}
    return subprocess.run(
        [sys.executable, "manage.py", "score", "-"],
        cwd=ROOT,
        env=environ,
        input=json.dumps(document),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_score_refuses_a_name_with_a_direction_isolate_and_one_too_long_with_an_error_line():
    isolate = run_score(match_file(["Anna", "\u2067Beat"]))
    assert isolate.returncode != 0
    assert isolate.stdout == ""
    assert isolate.stderr == (
        "error: the name '\\u2067Beat' holds a character that turns the writing direction around\n"
    )
    long = run_score(match_file(["Anna", SIXTY]))
    assert long.stderr == f"error: the name '{SIXTY}' is 60 characters long: a name has at most 40\n"
    with pytest.raises(ScoringError, match="tag character"):
        score_match(match_file(["Anna\U000e0041", "Beat"]))


# --- the web forms, in both languages ---------------------------------------------------


def in_language(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_sixty_character_seat_is_refused_at_its_seat_and_kept_as_typed(persona_client, night, language):
    client = in_language(persona_client("owner"), language)
    response = client.post(
        reverse("match_create", args=[night.pk]), setup_data(names=("Anna", SIXTY, "Cla", "Dora"))
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["seat_1"]
    assert TOO_LONG[language] in errors["seat_1"][0]
    assert errors["seat_1"][0].startswith({"en": "The name '", "de": "Der Name '"}[language])
    page = response.content.decode()
    assert f'value="{SIXTY}"' in page  # what was typed stays, all of it
    assert "maxlength" not in page.split('name="seat_1"')[1].split(">")[0]
    assert not Match.objects.exists()
    assert not Player.objects.filter(name__startswith="Anna-Barbara").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_seat_with_a_direction_override_is_refused_at_its_seat(persona_client, night, language):
    client = in_language(persona_client("owner"), language)
    response = client.post(
        reverse("match_create", args=[night.pk]), setup_data(names=("Anna", "Beat", "Cla\u202e", "Dora"))
    )
    errors = response.context["form"].errors
    assert list(errors) == ["seat_2"]
    assert TURNS[language] in errors["seat_2"][0]
    assert not Match.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(("name", "said"), [(SIXTY, TOO_LONG), ("Eva\u2067", TURNS)])
def test_the_roster_refuses_a_name_too_long_or_turning_the_text(persona_client, owner, language, name, said):
    client = in_language(persona_client("owner"), language)
    response = client.post(reverse("player_list"), {"name": name, "colour": ""})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["name"]
    assert said[language] in errors["name"][0]
    assert "maxlength" not in response.content.decode().split('name="name"')[1].split(">")[0]
    assert not Player.objects.filter(owner=owner).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
def test_renaming_a_player_to_sixty_characters_is_refused_and_changes_nothing(
    persona_client, owner, language
):
    beat = PlayerFactory(owner=owner, name="Beat")
    client = in_language(persona_client("owner"), language)
    response = client.post(reverse("player_edit", args=[beat.pk]), {"name": SIXTY, "colour": ""})
    assert TOO_LONG[language] in response.context["form"].errors["name"][0]
    beat.refresh_from_db()
    assert beat.name == "Beat"


NIGHT_SAYS = {
    ("title", "en"): "A title cannot hold a character that turns the writing direction around.",
    ("title", "de"): "Ein Titel darf kein Zeichen enthalten, das die Schreibrichtung umdreht.",
    ("place", "en"): "A place cannot hold a character that turns the writing direction around.",
    ("place", "de"): "Ein Ort darf kein Zeichen enthalten, das die Schreibrichtung umdreht.",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("field", ["title", "place"])
def test_a_night_title_or_place_with_a_direction_override_is_refused_at_the_field(
    persona_client, owner, language, field
):
    client = in_language(persona_client("owner"), language)
    data = {"title": "Friday cards", "date": "2026-11-28", "place": "Anna's kitchen"}
    data[field] = "Friday \u202eskrow"
    response = client.post(reverse("night_create"), data)
    assert response.status_code == 200
    assert response.context["form"].errors == {field: [NIGHT_SAYS[field, language]]}
    assert not GameNight.objects.exists()


@pytest.mark.django_db
def test_editing_a_night_refuses_tag_characters_in_its_place(persona_client, night):
    client = in_language(persona_client("owner"), "de")
    data = {"title": night.title, "date": "2026-11-28", "place": "Anna\U000e0041"}
    response = client.post(reverse("night_edit", args=[night.pk]), data)
    assert response.context["form"].errors == {
        "place": ["Ein Ort darf keine unsichtbaren Tag-Zeichen enthalten."]
    }
    night.refresh_from_db()
    assert night.place == ""


def night_file(players, title="Saturday cards", place=""):
    return {
        "game_night": {"title": title, "date": "2026-11-28", "place": place, "notes": ""},
        "matches": [match_file(players)],
    }


IMPORT_SAYS = {
    (
        "isolate",
        "en",
    ): "Match 1 (Murlan): the name '\\u2067Beat' holds a character that turns the writing direction",
    (
        "isolate",
        "de",
    ): "Partie 1 (Murlan): der Name '\\u2067Beat' enthält ein Zeichen, das die Schreibrichtung umdreht",
    ("title", "en"): "The game night's “title” holds a character that turns the writing direction around",
    ("title", "de"): "«title» des Spielabends enthält ein Zeichen, das die Schreibrichtung umdreht",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    ("case", "document"),
    [
        ("isolate", night_file(["Anna", "\u2067Beat"])),
        ("title", night_file(["Anna", "Beat"], title="Saturday \u202esdrac")),
    ],
)
def test_the_import_refuses_a_direction_control_in_a_name_or_title(persona_client, language, case, document):
    client = in_language(persona_client("owner"), language)
    upload = SimpleUploadedFile("night.json", json.dumps(document).encode(), content_type="application/json")
    response = client.post(reverse("night_import"), {"file": upload})
    assert response.status_code == 200
    assert IMPORT_SAYS[case, language] in response.context["error"]
    assert not GameNight.objects.exists()
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_import_night_prints_one_error_line_for_a_tag_character_in_a_name(owner, tmp_path, capsys):
    from django.core.management import call_command
    from django.utils import translation

    path = tmp_path / "night.json"
    path.write_text(json.dumps(night_file(["Anna", "Beat\U000e0041"])), encoding="utf-8")
    # As from a shell: English (a page's request earlier in this process may have left German on).
    with translation.override("en"), pytest.raises(SystemExit) as exit_status:
        call_command("import_night", str(path), "--owner", owner.username)
    assert exit_status.value.code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "error: match 1 (Murlan): the name 'Beat\\U000e0041' holds an invisible tag character\n"
    )
    assert not GameNight.objects.exists()
