"""Sharing from a phone: the first link is announced without talking of an earlier one, and a phone on
its side shows every player's card of a shared scoreboard in its first screen."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from companion.sharing.services import create_link
from tests.factories import MatchFactory, play_match, quick_murlan

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEAL = {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}


@pytest.fixture
def phone_on_its_side(browser, live_server):
    context = browser.new_context(
        viewport={"width": 844, "height": 390}, base_url=live_server.url, has_touch=True
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_the_first_link_says_nothing_of_an_earlier_one_and_a_new_link_does(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, names=["Anna", "Beat", "Cla", "Dora"])
    page.goto(reverse("match_share", args=[match.pk]))
    page.get_by_role("button", name="Create a share link").click()
    expect(page.get_by_text("The scoreboard is shared.", exact=True)).to_be_visible()
    expect(page.get_by_text("An earlier link no longer works")).to_have_count(0)

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="New link (the old one stops working)").click()
    expect(page.get_by_text("The scoreboard is shared. An earlier link no longer works.")).to_be_visible()


def test_the_first_night_link_says_nothing_of_an_earlier_one(logged_in, night):
    page = logged_in
    page.goto(reverse("night_share", args=[night.pk]))
    page.get_by_role("button", name="Create a share link").click()
    expect(page.get_by_text("The night is shared.", exact=True)).to_be_visible()
    expect(page.get_by_text("An earlier link no longer works")).to_have_count(0)


@pytest.mark.parametrize("players", [4, 6])
def test_a_phone_on_its_side_shows_every_players_card(phone_on_its_side, night, owner, players):
    if players == 4:
        match = play_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], [DEAL] * 3)
    else:
        match = quick_murlan(night, ("Anna", "Beat", "Cla", "Dora", "Edi", "Fränzi"), finished=False)
    page = phone_on_its_side
    page.goto(reverse("shared", args=[create_link(match=match, user=owner).token]))
    cards = page.locator(".shared-standings .standing")
    expect(cards).to_have_count(players)
    for card in cards.all():
        expect(card).to_be_in_viewport(ratio=1)
