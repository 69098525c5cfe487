"""Every refusal is the app's own sentence, in the page's language, at the field: the browser's English
bubbles ("Please fill out this field.") never stand in for it, and a house rule refused inside a closed
section opens the section with the sentence in view."""

import re

import pytest
from playwright.sync_api import expect

from companion.models import GameNight, Match, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_empty_night_title_is_refused_in_german_at_the_field(german_logged_in):
    page = german_logged_in
    before = GameNight.objects.count()
    title = page.get_by_role("textbox", name="Titel")
    title.fill("")
    page.get_by_role("button", name="Abend beginnen").click()
    expect(page.get_by_text("Ein Spielabend braucht einen Titel.")).to_be_visible()
    expect(page.get_by_role("textbox", name="Titel")).to_have_attribute("aria-invalid", "true")
    assert GameNight.objects.count() == before


def test_an_empty_player_name_is_refused_in_german_at_the_field(german_logged_in):
    page = german_logged_in
    page.goto("/players/")
    page.get_by_role("button", name="Spieler hinzufügen").click()
    expect(page.get_by_text("Ein Spieler braucht einen Namen.")).to_be_visible()
    assert not Player.objects.exists()


def test_a_house_rule_of_0_in_a_closed_section_is_said_with_the_section_open(logged_in, night):
    page = logged_in
    page.goto(f"/nights/{night.pk}/matches/new/")
    for seat, name in enumerate(["Anna", "Beat", "Cla", "Dora"], start=1):
        page.get_by_label(re.compile(rf"^Seat {seat}\b")).fill(name)
    rules = page.locator("details.house-rules")
    rules.locator("summary").click()
    page.get_by_role("spinbutton", name=re.compile("^Deals")).fill("0")
    rules.locator("summary").click()  # closed again, the 0 out of sight
    expect(page.get_by_role("spinbutton", name=re.compile("^Deals"))).to_be_hidden()
    page.get_by_role("button", name="Start match").click()

    expect(page.get_by_role("alert")).to_contain_text("The match was not started.")
    deals = page.get_by_role("spinbutton", name=re.compile("^Deals"))
    expect(deals).to_be_visible()
    expect(deals).to_have_attribute("aria-invalid", "true")
    sentence = page.locator("details.house-rules .invalid-feedback").first
    expect(sentence).to_be_visible()
    sentence.scroll_into_view_if_needed()
    expect(sentence).to_be_in_viewport()
    assert not Match.objects.exists()
