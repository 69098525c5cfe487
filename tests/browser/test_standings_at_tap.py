"""Save shows the new standings at the tap, from the live preview, before the save's answer comes.

The save's own answer is held back here (as on a slow network), so what the page shows in the
meantime is the preview's doing alone. A save that is lost puts the standings from before back.
"""

import re

import pytest
from playwright.sync_api import expect

from companion.games.anrufen.tests.test_anrufen_browser import four_at_the_table, open_more, tap
from companion.games.anrufen.tests.test_anrufen_browser import preview as anrufen_preview
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora"]


def totals_on_screen(page):
    return {name: page.locator(f'.standing-total[data-player="{name}"]').inner_text() for name in NAMES}


def hold_saves(page):
    """Keep each save's request from the server until the test lets it go: the held requests."""
    held = []
    page.route(
        "**/rounds/",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    return held


def wait_held(page, held):
    """The save's request has reached the route that holds it (it may come a moment after the tap's paint)."""
    for _ in range(250):
        if held:
            return
        page.wait_for_timeout(20)
    raise AssertionError("the save was never sent")


def type_deal(page):
    for name, points in [("Anna", "90"), ("Beat", "9"), ("Cla", "34")]:
        page.get_by_role("textbox", name=name, exact=True).fill(points)
    # The engine's verdict has come: the preview knows the standings after this deal.
    expect(page.locator("[data-sum]")).to_have_text("Sum 157 / 157 · ✓ adds up")


def save_first_deal_held(page, night):
    """A new Molotow match: its first deal typed and Save tapped, the save's request held back."""
    match = MatchFactory(night=night, game="molotow", names=NAMES)
    page.goto(match.get_absolute_url())
    held = hold_saves(page)
    type_deal(page)
    page.get_by_role("button", name="Save round").tap()
    return held


def test_the_new_standings_show_before_the_saves_answer(logged_in, night):
    page = logged_in
    held = save_first_deal_held(page, night)

    standings = page.get_by_role("group", name="Standings")
    expect(standings.locator('.standing-total[data-player="Anna"]')).to_have_text("1")
    assert totals_on_screen(page) == {"Anna": "1", "Beat": "1", "Cla": "-1", "Dora": "-1"}
    # Still the deal being saved: the save has not been answered yet.
    wait_held(page, held)
    assert len(held) == 1
    expect(page.locator(".round-line")).to_contain_text("Round 1 of 12")
    expect(page.get_by_role("button", name="Save round")).to_be_disabled()
    # Dora now deals (the badge in her card), and the changed totals light up.
    expect(standings.locator(".standing.is-dealer")).to_contain_text("Dora")
    expect(standings.locator(".standing-total.changed")).to_have_count(4)

    held[0].continue_()
    expect(page.locator(".round-line")).to_contain_text("Round 2 of 12")
    assert totals_on_screen(page) == {"Anna": "1", "Beat": "1", "Cla": "-1", "Dora": "-1"}
    expect(page.get_by_role("textbox", name="Anna", exact=True)).to_have_value("")


def test_a_save_lost_to_the_network_puts_the_standings_back(logged_in, night):
    page = logged_in
    held = save_first_deal_held(page, night)
    expect(page.locator('.standing-total[data-player="Anna"]')).to_have_text("1")
    wait_held(page, held)
    held[0].abort("internetdisconnected")
    expect(page.locator('.standing-total[data-player="Anna"]')).to_have_text("0")
    assert totals_on_screen(page) == dict.fromkeys(NAMES, "0")
    # What was typed is still there, and the page says what happened.
    expect(page.get_by_role("textbox", name="Anna", exact=True)).to_have_value("90")
    expect(page.get_by_role("alert").filter(has_text=re.compile(r"\S"))).to_be_visible()


def free_scoring_round(page):
    for name, points in [("Anna", "12"), ("Beat", "5"), ("Cla", "3"), ("Dora", "0")]:
        page.get_by_label(name, exact=True).fill(points)
    return "Save round"


def murlan_hand(page):
    for name in ["Beat", "Anna", "Dora"]:  # Cla, last, fills herself in
        page.get_by_role("button", name=name, exact=True).click()
    return "Save hand"


def elfer_game(page):
    page.get_by_label("Anna went out").check()
    page.get_by_label("Cards left in Beat's hand").fill("4")
    page.get_by_label("Cards left in Cla's hand").fill("6 12")
    page.get_by_label("Cards left in Dora's hand").fill("1")
    return "Save game"


@pytest.mark.parametrize(
    ("game", "enter"), [("counter", free_scoring_round), ("murlan", murlan_hand), ("elfer", elfer_game)]
)
def test_every_game_shows_its_new_standings_at_the_tap(logged_in, night, game, enter):
    page = logged_in
    match = MatchFactory(night=night, game=game, names=NAMES)
    page.goto(match.get_absolute_url())
    held = hold_saves(page)
    before = totals_on_screen(page)
    save = enter(page)
    # Only to wait: the live preview has answered this very entry (these games show no verdict).
    page.wait_for_function(
        """() => {
          const form = document.querySelector("form.entry-form");
          const state = form && form.companionPreview;
          return state && state.answer && state.answer.answer && state.answer.answer.ok;
        }"""
    )
    page.get_by_role("button", name=save).tap()

    expect(page.locator(".standing-total.changed").first).to_be_visible()
    shown = totals_on_screen(page)
    wait_held(page, held)
    assert shown != before and len(held) == 1
    held[0].continue_()
    expect(page.get_by_role("button", name=save)).to_be_enabled()
    expect(page.locator(".round-line")).to_contain_text("2")
    assert totals_on_screen(page) == shown


def test_redeal_shows_no_standings_of_the_deal_typed_before_it(logged_in, night):
    """Anrufen's "Redeal" sends the same form with another button: the preview was for a played deal."""
    page = logged_in
    match = four_at_the_table(page, night)
    held = hold_saves(page)
    before = totals_on_screen(page)
    tap(page, "Bidder", "Beat")
    tap(page, "Partner", "Dora")
    page.get_by_label("Card points of the bidder's side").fill("60")
    expect(anrufen_preview(page)).to_contain_text("✓ made · stake 1")
    open_more(page)
    page.get_by_role("button", name="Redeal (everybody passed)").tap()
    expect(page.get_by_role("button", name="Save round")).to_be_disabled()
    page.wait_for_timeout(300)  # what a person would see meanwhile: nothing moved
    wait_held(page, held)
    assert totals_on_screen(page) == before and len(held) == 1
    held[0].continue_()
    expect(page.get_by_role("button", name="Save round")).to_be_enabled()
    assert totals_on_screen(page) == before
    assert match.rounds.get().entry.get("redeal")
