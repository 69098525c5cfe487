"""A shared scoreboard on a second screen: the owner's phone enters a hand, a TV-sized browser without an
account shows the new totals by itself, and says "Sharing was stopped" once the owner stops sharing."""

import re

import pytest
from playwright.sync_api import expect

from companion.models import ShareLink
from companion.sharing.services import create_link
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]
# Records what the Content-Security-Policy refuses (inline code, outside hosts) from the document's first moment.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => window.__violations.push(event.violatedDirective));
"""


@pytest.fixture
def screen(browser, live_server):
    """A second browser with no account, landscape like a laptop or a TV."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=live_server.url)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.add_init_script(LISTEN)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the shared page: {errors}"


def test_the_shared_screen_follows_the_phone_without_reloading(logged_in, screen, night, live_server):
    phone = logged_in
    phone.add_init_script(LISTEN)
    match = MatchFactory(night=night, game="murlan", names=ABCD)

    # The owner shares the match from its share page: the link, a copy button and the QR code.
    phone.goto(f"/matches/{match.pk}/share/")
    phone.get_by_role("button", name="Create a share link").click()
    url = phone.get_by_label("Anyone who has this address can watch:").input_value()
    token = ShareLink.objects.get(revoked_at__isnull=True).token
    assert url == f"{live_server.url}/s/{token}/"
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    phone.get_by_role("button", name="Copy").click()
    expect(phone.get_by_role("status").filter(has_text="Copied.")).to_be_visible()
    assert phone.evaluate("navigator.clipboard.readText()") == url
    expect(phone.get_by_role("img", name=re.compile("QR code of the link"))).to_be_visible()
    assert phone.evaluate("window.__violations") == []

    # The second screen opens the link without logging in.
    screen.goto(url)
    expect(screen.get_by_role("heading", name="Murlan")).to_be_visible()
    expect(screen.locator('.standing-total[data-player="Cla"]')).to_have_text("0")
    screen.evaluate("window.notReloaded = true")  # gone if the page were loaded again

    # The phone enters a hand: Cla, Anna, Beat, Dora.
    phone.goto(match.get_absolute_url())
    for name in ("Cla", "Anna", "Beat"):  # Dora, the last, fills herself in
        phone.get_by_role("button", name=name, exact=True).click()
    phone.get_by_role("button", name="Save hand").click()
    # The standings change at the tap (the live preview's); the next hand's heading is the save's
    # answer: the hand is stored before the screen's five seconds start, and before the phone leaves the page.
    expect(phone.get_by_role("heading", name="Enter: Hand 2", exact=True)).to_be_attached()
    expect(phone.locator('.standing-total[data-player="Cla"]')).to_have_text("3")

    # Within 5 seconds the screen shows it, by polling, not by reloading.
    expect(screen.locator('.standing-total[data-player="Cla"]')).to_have_text("3", timeout=5_000)
    expect(screen.locator('.standing-total[data-player="Anna"]')).to_have_text("2")
    assert screen.evaluate("window.notReloaded") is True
    expect(screen.locator("form")).to_have_count(0)
    assert screen.evaluate("window.__violations") == []

    # The owner stops sharing: the screen's next poll gets 404 and the page says so.
    phone.goto(f"/matches/{match.pk}/share/")
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Stop sharing").click()
    expect(phone.get_by_text("Sharing stopped")).to_be_visible()
    expect(screen.get_by_role("heading", name="Sharing was stopped")).to_be_visible(timeout=8_000)
    expect(screen.locator(".standing-total")).to_have_count(0)


def test_the_shared_night_fills_a_tv_and_opens_a_match_within_the_link(browser, live_server, night):
    match = MatchFactory(night=night, game="murlan", names=ABCD)
    MatchFactory(night=night, game="elfer", names=["Anna", "Beat", "Cla"])
    link = create_link(night=night, user=night.owner)
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=live_server.url)
    try:
        tv = context.new_page()
        tv.goto(f"/s/{link.token}/")
        expect(tv.get_by_role("heading", name="Friday cards")).to_be_visible()
        cards = tv.locator(".shared-night-card")
        expect(cards).to_have_count(2)
        # Two cards side by side in one row on a 1920 px screen.
        first, second = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
        assert first["y"] == second["y"] and second["x"] > first["x"] + first["width"] - 1
        tv.get_by_role("link", name="Murlan").click()
        expect(tv).to_have_url(re.compile(rf"/s/{link.token}/matches/{match.pk}/$"))
        total = tv.locator('.standing-total[data-player="Anna"]')
        expect(total).to_have_text("0")
        # Big enough to read from across the room: at least 100 px digits on a 1080 px tall screen.
        size = float(total.evaluate("element => getComputedStyle(element).fontSize").removesuffix("px"))
        assert size >= 100
        # Standings on the left, the rounds on the right (landscape layout).
        standings, rounds = (
            tv.locator(".shared-main").bounding_box(),
            tv.locator(".shared-rounds").bounding_box(),
        )
        assert rounds["x"] > standings["x"] + standings["width"] - 1
    finally:
        context.close()
