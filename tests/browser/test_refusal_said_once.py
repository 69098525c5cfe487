"""A refusal is said once, where the eye is: by Save (an alert) for the entry Save sent, in the live
line (aria-live) while the entry is being changed; never in both places at once."""

import pytest
from playwright.sync_api import expect

from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora"]
TIE = "Round 1: Anna, Beat and Cla tied on 40 points: say who drew the highest card"


def test_molotows_tie_is_said_by_save_and_then_in_the_sum_line_once_the_entry_changes(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="molotow", names=NAMES)
    page.goto(match.get_absolute_url())
    for name in NAMES[:3]:
        page.get_by_role("textbox", name=name, exact=True).fill("40")
    sum_line = page.locator("[data-sum]")
    expect(sum_line).to_have_text(f"Sum 157 / 157 · {TIE}")  # while typing: the live line says it
    page.get_by_role("button", name="Save round").click()

    alert = page.get_by_role("alert").filter(has_text=TIE)
    expect(alert).to_be_visible()
    page.wait_for_timeout(500)  # the live line would have had its answer by now
    expect(sum_line).to_have_text("Sum 157 / 157")
    expect(page.get_by_text(TIE).locator("visible=true")).to_have_count(1)
    assert sum_line.get_attribute("aria-live") == "polite"

    # The entry changes: the sentence by Save was about the old one, the live line speaks again.
    page.get_by_role("textbox", name="Cla", exact=True).fill("39")
    expect(sum_line).to_have_text("Sum 156 / 157 · 1 missing")
    expect(alert).to_be_hidden()
    page.get_by_role("textbox", name="Cla", exact=True).fill("40")
    expect(sum_line).to_have_text(f"Sum 157 / 157 · {TIE}")
    expect(page.get_by_text(TIE).locator("visible=true")).to_have_count(1)
    assert not match.rounds.exists()


def test_anrufens_refusal_by_save_is_not_repeated_in_the_preview(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="anrufen", names=NAMES)
    page.goto(match.get_absolute_url())
    page.get_by_role("group", name="Bidder", exact=True).get_by_text("Anna", exact=True).click()
    page.get_by_role("group", name="Contract (stake)", exact=True).get_by_text("All tricks (2)").click()
    page.get_by_role("group", name="Partner", exact=True).get_by_text("Cla", exact=True).click()
    page.get_by_label("Tricks of the bidder's side").fill("5")
    preview = page.get_by_role("status").filter(has=page.locator(".preview-outcome"))
    expect(preview).to_contain_text("✗ failed · stake 2")
    page.get_by_label("Tricks of the bidder's side").fill("9")
    expect(preview).to_contain_text("Round 1: ")
    sentence = preview.locator(".preview-outcome").inner_text()
    page.get_by_role("button", name="Save round").click()

    expect(page.get_by_role("alert").filter(has_text=sentence)).to_be_visible()
    page.wait_for_timeout(500)
    expect(page.get_by_text(sentence).locator("visible=true")).to_have_count(1)
    page.get_by_label("Tricks of the bidder's side").fill("6")
    expect(preview).to_contain_text("✓ made · stake 2")
    expect(page.locator("#entry-error")).to_be_hidden()
    assert not match.rounds.exists()


@pytest.mark.parametrize(
    ("game", "save", "sentence"),
    [
        ("molotow", "Save round", "Enter each player's card points: 157 in all."),
        ("murlan", "Save hand", None),
    ],
)
def test_save_with_nothing_entered_says_why_once(logged_in, night, game, save, sentence):
    page = logged_in
    match = MatchFactory(night=night, game=game, names=NAMES)
    page.goto(match.get_absolute_url())
    page.get_by_role("button", name=save).click()
    alert = page.locator("#entry-error")
    expect(alert).to_be_visible()
    said = alert.inner_text().strip()
    if sentence is not None:
        assert said == sentence
    expect(page.get_by_text(said, exact=True).locator("visible=true")).to_have_count(1)
    assert not match.rounds.exists()
