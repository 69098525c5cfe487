"""Bringing a phone in (issue 14): the owner shows an invite, a friend's phone opens it, signs up,
joins, and enters a hand in the owner's match; every new page fits a 390x844 phone."""

import re

import pytest
from playwright.sync_api import expect

from companion.invites import services as invites
from companion.models import Invite, Membership, Round
from tests.browser.chromium import PHONE
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]
FRIEND_PASSWORD = "tarot-and-jass-2026"


@pytest.fixture
def friend_phone(browser, live_server):
    """A second phone: its own browser context, no account, no cookies."""
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, has_touch=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the friend's phone: {errors}"


def small_tap_targets(page) -> list[str]:
    """Visible buttons, links and fields in the main part smaller than 44 px in either direction."""
    return page.evaluate(
        """() => [...document.querySelectorAll('main a, main button, main input:not([type=hidden]), main select')]
            .filter(el => el.offsetParent !== null && !el.closest('p, li small, figcaption, .alert'))
            // A checkbox is tapped with its label: the row around both counts.
            .map(el => [el, (el.closest('.form-check') || el).getBoundingClientRect()])
            .filter(([el, box]) => box.height < 44 || box.width < 44)
            .map(([el, box]) => `${el.tagName} ${el.textContent.trim() || el.name} ${box.width}x${box.height}`)"""
    )


def test_a_friend_joins_by_invite_and_enters_a_hand(logged_in, friend_phone, night, live_server):
    phone = logged_in
    match = MatchFactory(night=night, game="murlan", names=ABCD)

    # The owner makes an invite: a link and its QR code.
    phone.goto(f"/nights/{night.pk}/")
    phone.get_by_role("link", name="Invite (link, QR code)").click()
    phone.get_by_label("Works for").select_option(label="1 day")
    phone.get_by_role("button", name="Make an invite").click()
    expect(phone.get_by_role("img", name=re.compile("QR code of the invite"))).to_be_visible()
    url = phone.get_by_label("Show the QR code at the table, or send this address:").input_value()
    assert url == f"{live_server.url}/i/{Invite.objects.get().token}/"
    assert phone.evaluate("document.documentElement.scrollWidth") == 390
    assert small_tap_targets(phone) == []

    # The friend "scans" it: sees the night and who invites, and makes an account.
    friend = friend_phone
    friend.goto(url)
    expect(friend.get_by_role("heading", name="Friday cards")).to_be_visible()
    expect(friend.get_by_text("owner invites you to enter scores in")).to_be_visible()
    assert friend.evaluate("document.documentElement.scrollWidth") == 390
    assert small_tap_targets(friend) == []
    friend.get_by_label("Username").fill("claudia")
    friend.get_by_label("Password").first.fill(FRIEND_PASSWORD)
    friend.get_by_label("Password confirmation").fill(FRIEND_PASSWORD)
    friend.get_by_role("button", name="Make my account").click()

    # An account now, but no member until the tap on Join.
    expect(friend.get_by_role("button", name="Join")).to_be_visible()
    assert not Membership.objects.filter(user__username="claudia").exists()
    join = friend.get_by_role("button", name="Join").bounding_box()
    assert join["y"] + join["height"] <= PHONE["height"]  # within reach without scrolling
    friend.get_by_role("button", name="Join").click()
    expect(friend.get_by_text("You joined “Friday cards”")).to_be_visible()
    assert Membership.objects.get(user__username="claudia").via == Membership.Via.INVITE

    # The friend enters a hand in the owner's match.
    friend.get_by_role("link", name="Murlan").first.click()
    for name in ("Cla", "Anna", "Beat"):  # Dora, the last, fills herself in
        friend.get_by_role("button", name=name, exact=True).click()
    friend.get_by_role("button", name="Save hand").click()
    expect(friend.locator('.standing-total[data-player="Cla"]')).to_have_text("3")
    expect(friend.locator(".save-round:disabled")).to_have_count(
        0
    )  # the save's answer is in, not only the preview's standings
    assert Round.objects.get(match=match).entered_by.username == "claudia"

    # The owner sees the new member, joined by invite.
    phone.goto(f"/nights/{night.pk}/members/")
    expect(phone.get_by_text("claudia")).to_be_visible()
    expect(phone.get_by_text(re.compile("accepted an invite"))).to_be_visible()


def test_a_withdrawn_invite_shows_one_clear_page(friend_phone, night):
    invite = invites.create(night, user=night.owner, hours=1, single_use=True)
    invites.revoke(night, invite.pk)
    friend_phone.goto(f"/i/{invite.token}/")
    expect(friend_phone.get_by_role("heading", name="This invite does not work")).to_be_visible()
    expect(friend_phone.get_by_text("This invite was withdrawn by the night's owner.")).to_be_visible()
    expect(friend_phone.locator("main form, main input")).to_have_count(0)


def test_the_new_pages_fit_the_phone(logged_in, night, owner):
    page = logged_in
    invites.create(night, user=owner, hours=24, single_use=False)
    urls = [
        f"/nights/{night.pk}/invites/",
        f"/nights/{night.pk}/members/",
        f"/nights/{night.pk}/history/",
        "/account/",
        "/account/password/",
        "/me/",
        "/players/",
    ]
    for url in urls:
        page.goto(url)
        assert page.evaluate("document.documentElement.scrollWidth") == 390, url
        assert small_tap_targets(page) == [], url
    page.goto(f"/nights/{night.pk}/invites/")
    page.screenshot(path="/tmp/invites-phone.png", full_page=True)
