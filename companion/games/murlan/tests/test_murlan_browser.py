"""Murlan on a phone: a whole match through the real forms, with undo and edit."""

import re

import pytest
from playwright.sync_api import expect

from companion.models import Match
from companion.standings import standings
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap_order(page, *names):
    for name in names:
        page.get_by_role("button", name=name, exact=True).click()


def totals_on_screen(page, names):
    return {name: int(page.locator(f'.standing-total[data-player="{name}"]').inner_text()) for name in names}


def test_a_murlan_match_from_first_hand_to_winner(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="murlan", names=["Anna", "Beat", "Cla", "Dora"])
    page.goto(match.get_absolute_url())
    expect(page.get_by_text("Whoever holds the 3♠ starts")).to_be_visible()

    # A wrong tap is taken back with "Undo tap".
    tap_order(page, "Anna", "Cla")
    page.get_by_role("button", name="Undo the last tap").click()
    expect(page.get_by_label("2nd place")).to_have_value("")
    # Undo after the last place filled itself in takes back that tap and the filled-in place.
    tap_order(page, "Beat", "Cla")
    expect(page.get_by_label("4th place", exact=True)).to_have_value("3")
    page.get_by_role("button", name="Undo the last tap").click()
    expect(page.get_by_label("3rd place")).to_have_value("")
    expect(page.get_by_label("4th place", exact=True)).to_have_value("")
    page.get_by_role("button", name="Undo the last tap").click()
    tap_order(page, "Beat", "Cla")
    # The last place fills itself in: one player left is last.
    expect(page.get_by_label("4th place", exact=True)).to_have_value("3")
    expect(page.get_by_role("button", name="Dora 4", exact=True)).to_be_disabled()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator('.standing-total[data-player="Anna"]')).to_have_text("3")
    expect(page.get_by_text("Dora gives the highest card to Anna")).to_be_visible()

    # Undo the hand, then play Beat to 21 (seven hands at 3 points).
    page.get_by_role("button", name=re.compile("Undo hand 1")).click()
    expect(page.locator('.standing-total[data-player="Anna"]')).to_have_text("0")
    for hand in range(1, 8):
        tap_order(page, "Beat", "Anna", "Cla")
        page.get_by_role("button", name="Save hand").click()
        if hand < 7:  # the next hand's form is the save's answer: the taps go into it
            expect(
                page.get_by_role("heading", name=re.compile(rf"^Enter: Hand {hand + 1}\b"))
            ).to_be_visible()
    expect(page.get_by_role("heading", name="🏆 Beat wins!")).to_be_visible()
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)

    # Edit hand 3 (not the last, so it asks first): Anna first there instead.
    page.get_by_role("link", name="Edit hand 3").click()
    page.get_by_label("1st place").select_option(label="Anna")
    page.get_by_label("2nd place").select_option(label="Beat")
    page.get_by_role("button", name="Save hand 3").click()
    expect(page.get_by_role("heading", name="Change hand 3?")).to_be_visible()
    page.get_by_role("button", name="Yes, change hand 3").click()
    # Back on the scoreboard after the change (the confirmation page has no entry) before the database is read.
    expect(page.get_by_role("heading", name="Enter: Hand 8", exact=True)).to_be_attached()

    # Anna 14 + 1, Beat 21 - 1 = 20 after seven hands: the match goes on, and the page agrees with the engine.
    names = ["Anna", "Beat", "Cla", "Dora"]
    expected = standings(Match.objects.get(pk=match.pk))
    assert not expected.finished
    assert totals_on_screen(page, names) == expected.totals == {"Anna": 15, "Beat": 20, "Cla": 7, "Dora": 0}
    expect(page.get_by_role("button", name="Save hand")).to_be_visible()
