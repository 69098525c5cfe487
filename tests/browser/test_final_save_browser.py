"""The save that ends a match, on a phone (390x844): the winner is on screen, and no break is offered.

The long forms are the ones that push the top of the scoreboard off the screen: Anrufen with its
less common inputs open, Elfer raus! with the bonus cards open.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def expect_the_winner_in_view_and_no_break(page):
    banner = page.locator(".winner-banner")
    expect(banner).to_be_in_viewport()
    expect(page.get_by_role("heading", name=re.compile("🏆"))).to_be_focused()
    expect(page.get_by_role("button", name="Pause for a break")).to_have_count(0)
    expect(page.locator("#match-clock")).to_have_count(1)
    expect(page.locator("#match-clock")).to_contain_text("Took")


def scrolled_to_save(page, label):
    """As a thumb leaves it: Save in reach at the bottom, the standings above the screen."""
    save = page.get_by_role("button", name=label)
    save.scroll_into_view_if_needed()
    expect(page.get_by_role("button", name="Pause for a break")).to_have_count(1)
    return save


def test_the_last_deal_of_anrufen_with_its_disclosure_open_shows_the_winner(logged_in, night):
    page = logged_in
    match = MatchFactory(
        night=night, game="anrufen", names=["Anna", "Beat", "Cla", "Dora"], options={"rounds": 1}
    )
    page.goto(match.get_absolute_url())
    group = lambda name: page.get_by_role("group", name=name, exact=True)  # noqa: E731
    group("Bidder").get_by_text("Beat", exact=True).click()
    group("Contract (stake)").get_by_text("Hundred (2)", exact=True).click()
    page.get_by_text("Raise, contra, marriages, redeal", exact=True).click()
    group("Partner").get_by_text("Anna", exact=True).click()
    group("Raised by the partner to").get_by_text("All tricks + 100 (3)", exact=True).click()
    page.get_by_label("Card points of the bidder's side").fill("90")
    page.get_by_label("Tricks of the bidder's side").fill("6")
    group("Bidder's side").get_by_text("Trump (40)", exact=True).click()
    scrolled_to_save(page, "Save round").click()
    expect_the_winner_in_view_and_no_break(page)


def test_the_last_game_of_elfer_with_the_bonus_cards_open_shows_the_winner(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="elfer", names=["Anna", "Beat", "Cla"], options={"rounds": 1})
    page.goto(match.get_absolute_url())
    page.get_by_label("Beat went out").check()
    page.get_by_text("Bonus cards and jokers", exact=True).click()
    page.get_by_role("button", name="One bonus card more for Beat").click()
    page.get_by_role("button", name="One bonus card more for Beat").click()
    page.get_by_label("Cards left in Anna's hand").fill("21")
    page.get_by_label("Cards left in Cla's hand").fill("1, 2")
    scrolled_to_save(page, "Save game").click()
    expect_the_winner_in_view_and_no_break(page)
