"""The live channel in two browsers: a phone saves, a shared screen shows it within 2 s by itself.

The screen's clock is stopped once it has loaded (Playwright's fake timers), so its poll every
3 s never comes: what it shows, it heard through its event stream.
"""

import datetime

import pytest
from playwright.sync_api import expect

from companion.sharing import services as sharing
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]
LOADED_AT = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)


@pytest.fixture
def screen(browser, live_server):
    """A second browser with no account, landscape like a TV, whose timers run only until it is told."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=live_server.url)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install(time=LOADED_AT)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the shared page: {errors}"


def stop_the_clock(page):
    """From now on no timer of the page fires: no poll, no retry; only what the network brings."""
    page.clock.pause_at(LOADED_AT + datetime.timedelta(minutes=1))


def save_a_hand(phone, match):
    phone.goto(match.get_absolute_url())
    for name in ("Cla", "Anna", "Beat"):  # Dora, the last, fills herself in
        phone.get_by_role("button", name=name, exact=True).click()
    phone.get_by_role("button", name="Save hand").click()
    # The standings change at the tap (the live preview's); the next hand's heading is the save's
    # answer: the hand is stored, and the screen's two seconds start from there.
    expect(phone.get_by_role("heading", name="Enter: Hand 2", exact=True)).to_be_attached()
    expect(phone.locator('.standing-total[data-player="Cla"]')).to_have_text("3")


def test_a_shared_screen_shows_the_phones_save_within_two_seconds_without_polling(
    logged_in, screen, night, owner
):
    match = MatchFactory(night=night, game="murlan", names=ABCD)
    link = sharing.create_link(match=match, user=owner)
    asked = []
    screen.on("request", lambda request: asked.append(request.url) if "/live/" in request.url else None)
    screen.goto(f"/s/{link.token}/")
    expect(screen.locator('.standing-total[data-player="Cla"]')).to_have_text("0")
    stop_the_clock(screen)
    screen.evaluate("window.notReloaded = true")
    asked.clear()

    save_a_hand(logged_in, match)

    expect(screen.locator('.standing-total[data-player="Cla"]')).to_have_text("3", timeout=2_000)
    expect(screen.locator('.standing-total[data-player="Anna"]')).to_have_text("2")
    assert screen.evaluate("window.notReloaded") is True
    assert len(asked) == 1, asked  # the one answer to the stream's news, no poll


def test_a_revoked_link_empties_the_screen_within_two_seconds(logged_in, screen, night, owner):
    match = MatchFactory(night=night, game="murlan", names=ABCD)
    link = sharing.create_link(match=match, user=owner)
    screen.goto(f"/s/{link.token}/")
    expect(screen.locator('.standing-total[data-player="Cla"]')).to_have_text("0")
    stop_the_clock(screen)

    logged_in.goto(f"/matches/{match.pk}/share/")
    logged_in.once("dialog", lambda dialog: dialog.accept())
    logged_in.get_by_role("button", name="Stop sharing").click()
    expect(logged_in.get_by_text("Sharing stopped")).to_be_visible()

    expect(screen.get_by_role("heading", name="Sharing was stopped")).to_be_visible(timeout=2_000)
    expect(screen.locator(".standing-total")).to_have_count(0)


def test_a_match_page_whose_stream_is_refused_asks_for_the_scoreboard_every_few_seconds(logged_in, night):
    """Issue 36: beyond a cap the server answers a stream 429; the page then polls instead of going stale."""
    match = MatchFactory(night=night, game="murlan", names=ABCD)
    refused = []

    def too_many(route):
        refused.append(route.request.url)
        route.fulfill(status=429, headers={"Retry-After": "5"}, body="")

    logged_in.route("**/events/**", too_many)
    logged_in.goto(match.get_absolute_url())
    expect(logged_in.locator('.standing-total[data-player="Cla"]')).to_have_text("0")

    other_phone = logged_in.context.new_page()
    save_a_hand(other_phone, match)

    expect(logged_in.locator('.standing-total[data-player="Cla"]')).to_have_text("3", timeout=10_000)
    assert refused  # it was the poll, not a stream, that brought it
