"""After Save or Undo the next round is on the phone's screen: Save stays under the thumb, the
standings and the first field of the next round are in view, and Undo leaves that field ready.

The less common inputs (Anrufen's raise, contra and marriages; Elfer raus!'s bonus cards) open
below the common ones and close for the next round, so the page gets shorter under a thumb
that had scrolled down to them. Molotow's tally grows above Save from deal to deal.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]
# The first field of a new round, as a person sees it: a choice drawn as a button is its label.
FIRST_FIELD = """() => {
  const field = document.activeElement;
  const seen = (field.type === "radio" || field.type === "checkbox") && field.labels[0] ? field.labels[0] : field;
  const box = seen.getBoundingClientRect();
  return {form: !!field.closest("form.entry-form"), top: box.top, bottom: box.bottom, height: innerHeight};
}"""


def thumb_at_the_bottom_of_the_form(page):
    """Scrolled down as far as the opened inputs go, as a thumb does to reach the last of them."""
    page.evaluate(
        "document.querySelector('form.entry-form').scrollIntoView({block: 'end', behavior: 'instant'})"
    )
    assert page.evaluate("scrollY") > 300


def assert_next_round_on_screen(page):
    expect(page.get_by_role("group", name="Standings")).to_be_in_viewport(ratio=1)
    first = page.evaluate(FIRST_FIELD)
    assert first["form"], "the first field of the next round is not focused"
    assert first["top"] >= 0 and first["bottom"] <= first["height"], first


def test_after_an_anrufen_deal_with_raise_contra_and_marriages_the_next_deal_is_on_screen(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="anrufen", names=ABCD)
    page.goto(match.get_absolute_url())
    page.get_by_role("group", name="Bidder", exact=True).get_by_text("Beat", exact=True).click()
    page.get_by_role("group", name="Contract (stake)", exact=True).get_by_text(
        "Normal (1)", exact=True
    ).click()
    page.get_by_role("group", name="Partner", exact=True).get_by_text("Anna", exact=True).click()
    page.get_by_text("Raise, contra, marriages, redeal", exact=True).click()
    page.get_by_role("group", name="Raised by the partner to", exact=True).get_by_text(
        "Hundred (2)", exact=True
    ).click()
    page.get_by_text("Contra", exact=True).click()
    page.get_by_role("group", name="Bidder's side", exact=True).get_by_text("Trump (40)", exact=True).click()
    page.get_by_label("Card points of the bidder's side").fill("80")
    expect(page.locator(".preview-outcome")).to_contain_text("✓ made")
    thumb_at_the_bottom_of_the_form(page)
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", name=re.compile("Enter: Round 2"))).to_be_attached()
    expect(page.get_by_text("Contra", exact=True)).to_be_hidden()  # closed for the next deal
    page.wait_for_function("() => document.activeElement.closest('form.entry-form') !== null")
    assert_next_round_on_screen(page)
    page.screenshot(path="/tmp/anrufen-after-save.png")


def test_after_an_elfer_game_with_bonus_cards_the_next_game_is_on_screen(logged_in, night):
    page = logged_in
    six = [*ABCD, "Eva", "Fritz"]
    match = MatchFactory(night=night, game="elfer", names=six)
    page.goto(match.get_absolute_url())
    page.get_by_label("Beat went out").check()
    for seat, name in enumerate(six):
        if name != "Beat":
            page.get_by_label(f"Cards left in {name}'s hand").fill(str(seat + 2))
    page.get_by_text("Bonus cards and jokers", exact=True).click()
    page.get_by_role("button", name="One bonus card more for Beat").click()
    page.get_by_role("button", name="One bonus card more for Fritz").click()
    thumb_at_the_bottom_of_the_form(page)
    page.get_by_role("button", name="Save game").click()
    expect(page.get_by_role("heading", name=re.compile("Enter: Game 2"))).to_be_attached()
    page.wait_for_function("() => document.activeElement.closest('form.entry-form') !== null")
    assert_next_round_on_screen(page)
    page.screenshot(path="/tmp/elfer-after-save.png")


MOLOTOW_DEALS = [
    {"Anna": 90, "Beat": 9, "Cla": 34},
    {"Anna": 20, "Beat": 100, "Cla": 20},
    {"Anna": 60, "Beat": 40, "Cla": 30},
    {"Anna": 0, "Beat": 0, "Cla": 120},
    {"Anna": 57, "Beat": 50, "Cla": 0},
    {"Anna": 100, "Beat": 0, "Cla": 10},
]


def type_deal(page, deal):
    for name, points in deal.items():
        page.get_by_role("textbox", name=name, exact=True).fill(str(points))


def test_molotows_save_stays_under_the_thumb_as_the_tally_grows(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="molotow", names=ABCD)
    page.goto(match.get_absolute_url())
    save = page.get_by_role("button", name="Save round")
    marks, places = [], []
    for number, deal in enumerate(MOLOTOW_DEALS, start=1):
        type_deal(page, deal)
        places.append(save.bounding_box()["y"])
        save.click()
        expect(page.get_by_role("heading", name=f"Enter: Round {number + 1} of 12")).to_be_attached()
        page.wait_for_function("() => document.activeElement.closest('form.entry-form') !== null")
        marks.append(page.locator(".standings .tally-group").count())
        assert abs(save.bounding_box()["y"] - places[-1]) < 1, (number, places, save.bounding_box())
        assert_next_round_on_screen(page)
    assert marks[-1] > marks[0], marks  # the tally did grow above Save


def test_after_molotows_undo_the_first_field_is_focused_and_the_page_did_not_jump(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="molotow", names=ABCD)
    page.goto(match.get_absolute_url())
    for number, deal in enumerate(MOLOTOW_DEALS[:3], start=1):
        type_deal(page, deal)
        page.get_by_role("button", name="Save round").click()
        expect(page.get_by_role("heading", name=f"Enter: Round {number + 1} of 12")).to_be_attached()
    undo = page.get_by_role("button", name="Undo round 3")
    undo.scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    undo.click()
    expect(page.get_by_role("button", name="Restore round 3")).to_be_in_viewport()
    page.wait_for_function("() => document.activeElement.closest('form.entry-form') !== null")
    expect(page.get_by_role("textbox", name="Anna", exact=True)).to_be_focused()
    assert_next_round_on_screen(page)
    expect(page.get_by_text("Round 3 was undone.")).to_be_in_viewport()
    assert page.evaluate("scrollY") <= before  # never further down than the thumb was
    page.screenshot(path="/tmp/molotow-after-undo.png")
