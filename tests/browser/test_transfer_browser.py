"""Importing a game night file on a phone, through the real file input."""

import json

import pytest
from playwright.sync_api import expect

from companion.models import GameNight

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MURLAN = {"game": "murlan", "players": ["Anna", "Beat"], "rounds": [{"order": ["Beat", "Anna"]}]}


def night_file(*matches):
    document = {"game_night": {"title": "Imported cards", "date": "2026-11-28"}, "matches": list(matches)}
    return {"name": "night.json", "mimeType": "application/json", "buffer": json.dumps(document).encode()}


def test_a_bad_file_says_where_and_a_good_one_opens_the_new_night(logged_in):
    page = logged_in
    page.goto("/nights/import/")
    bad = {**MURLAN, "rounds": [{"order": ["Beat"]}]}
    page.get_by_label("Game night file").set_input_files(night_file(MURLAN, bad))
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "Match 2 (Murlan): round 1: Anna is missing from the order"
    )
    assert not GameNight.objects.exists()

    page.get_by_label("Game night file").set_input_files(night_file(MURLAN))
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", name="Imported cards")).to_be_visible()
    expect(page.get_by_text("Imported “Imported cards” with 1 match.")).to_be_visible()
