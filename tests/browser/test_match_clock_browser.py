"""The match clock and notes on a phone: a break at the table, and a note the table wants to keep."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.factories import GameNightFactory, play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp/companion-screenshots"))


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_break_stops_the_clock_and_a_note_stays_with_the_match(logged_in, owner):
    page = logged_in
    night = GameNightFactory(owner=owner)
    match = play_match(night, "counter", ["Anna", "Beat", "Cla"], [{"points": {"Anna": 5}}])
    page.goto(f"/matches/{match.pk}/")
    clock = page.get_by_role("region", name="Time")
    expect(clock.get_by_text("Played so far: 0 min")).to_be_attached()
    clock.get_by_role("button", name="Pause for a break").click()
    stopped = page.get_by_role("region", name="Time").get_by_text("the clock is stopped")
    expect(stopped).to_be_in_viewport()
    assert fits_the_phone(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / "match-clock-paused.png", full_page=True)
    page.get_by_role("button", name="Resume").click()
    expect(
        page.get_by_role("region", name="Time").get_by_role("button", name="Pause for a break")
    ).to_be_visible()

    page.get_by_role("link", name="Add notes").click()
    page.get_by_label("Notes").fill("Hearts: no shooting the moon.\nTea at nine.")
    page.get_by_role("button", name="Save").click()
    notes = page.get_by_role("region", name="Notes")
    expect(notes.get_by_text("Hearts: no shooting the moon.")).to_be_in_viewport()
    expect(notes.get_by_text("Tea at nine.")).to_be_visible()
    assert fits_the_phone(page)
    page.screenshot(path=SHOTS / "match-notes.png", full_page=True)


def test_notes_too_long_are_one_sentence_on_the_phone(logged_in, owner):
    page = logged_in
    night = GameNightFactory(owner=owner)
    match = play_match(night, "counter", ["Anna", "Beat"], [{"points": {"Anna": 5}}])
    page.goto(f"/matches/{match.pk}/notes/")
    page.get_by_label("Notes").fill("x" * 1001)
    page.get_by_role("button", name="Save").click()
    error = page.get_by_text("Notes hold at most 1,000 characters; these have 1001.")
    expect(error).to_have_count(1)
    expect(error).to_be_visible()
    assert fits_the_phone(page)
