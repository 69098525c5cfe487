"""The signed-in night page at the table (390x844): it follows the matches by itself, and the settle-up
at the bottom of a six-match night is one tap away from the top."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_night_report_pages import six_match_night
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]


def test_the_night_page_shows_a_hand_saved_on_another_phone_without_reloading(logged_in, night):
    match = MatchFactory(night=night, game="murlan", names=ABCD)
    board = logged_in
    board.goto(night.get_absolute_url())
    expect(board.locator('.night-standings .total[data-player="Cla"]')).to_have_text("0")
    board.evaluate("window.notReloaded = true")

    phone = board.context.new_page()
    phone.goto(match.get_absolute_url())
    for name in ("Cla", "Anna", "Beat"):
        phone.get_by_role("button", name=name, exact=True).click()
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_role("heading", name="Enter: Hand 2", exact=True)).to_be_attached()

    expect(board.locator('.night-standings .total[data-player="Cla"]')).to_have_text("3", timeout=5_000)
    assert board.evaluate("window.notReloaded") is True


@pytest.mark.parametrize(("phone", "link"), [("logged_in", "Settle up"), ("german_logged_in", "Abrechnen")])
def test_the_settle_up_of_a_six_match_night_is_one_tap_from_the_top(request, owner, phone, link):
    page = request.getfixturevalue(phone)
    night = six_match_night(owner)
    page.goto(night.get_absolute_url())
    jump = page.get_by_role("link", name=link, exact=True)
    expect(jump).to_be_in_viewport()
    assert jump.get_attribute("href") == "#settle-up"
    settle = page.locator("#settle-up")
    expect(settle).not_to_be_in_viewport()
    jump.click()
    expect(settle.get_by_role("heading", level=2)).to_be_in_viewport()
    assert settle.get_attribute("tabindex") == "-1"
