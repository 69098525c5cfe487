"""Two people, one phone (one browser profile): nothing Olga's phone kept passes to Mia.

Olga logs in and plays; her session ends without "Log out" (it expires, or the cookies are
cleared); then Mia uses the same browser. The service worker's copies of Olga's pages and
the rounds she saved offline stay hers (companion/offline/account.py, static/js/sw.js).
"""

import re

import pytest
from django.contrib.sessions.models import Session
from playwright.sync_api import expect

from companion.invites import services as invites
from companion.models import Round, RoundChange
from tests.browser.fixtures import log_in
from tests.browser.test_offline_browser import (
    DEALS,
    go_offline,
    open_match,
    ready_for_offline,
    save,
    type_deal,
    waiting_rows,
)
from tests.factories import GameNightFactory, MatchFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora"]


@pytest.fixture
def olga(db):
    return UserFactory(username="olga")


@pytest.fixture
def mia(db):
    return UserFactory(username="mia")


@pytest.fixture
def olgas_match(olga):
    night = GameNightFactory(owner=olga, title="Olga's secret night")
    return MatchFactory(night=night, game="molotow", names=NAMES)


@pytest.mark.parametrize("ending", ["expired", "cookies cleared"])
def test_after_olgas_session_ends_the_phone_offline_shows_none_of_her_pages(page, olga, olgas_match, ending):
    log_in(page, olga)
    open_match(page, olgas_match)
    ready_for_offline(page)  # the worker keeps Olga's scoreboard from now on
    invite = invites.create(olgas_match.night, user=olga, hours=24, single_use=False)
    page.goto(f"/nights/{olgas_match.night.pk}/invites/")
    expect(page.get_by_role("textbox", name=re.compile("send this address"))).to_have_value(
        re.compile(invite.token)
    )
    page.goto("/account/")

    if ending == "expired":
        Session.objects.all().delete()
        page.context.clear_cookies(name="sessionid")
        page.context.clear_cookies(name="companion_account")  # both end together
    else:
        page.context.clear_cookies()

    page.context.set_offline(True)
    for address in (olgas_match.get_absolute_url(), f"/nights/{olgas_match.night.pk}/invites/", "/account/"):
        page.goto(address)
        expect(page.get_by_role("heading", name="No connection")).to_be_visible()
        expect(page.get_by_text("Olga's secret night")).to_have_count(0)
        expect(page.get_by_text(invite.token)).to_have_count(0)
    page.screenshot(path="/tmp/shared-phone-offline.png")


def test_mia_signing_up_through_an_invite_on_olgas_phone_never_sees_olgas_kept_pages(page, olga, olgas_match):
    log_in(page, olga)
    open_match(page, olgas_match)
    ready_for_offline(page)
    Session.objects.all().delete()  # Olga's session expires; she never taps "Log out"

    # Mia arrives with an invite to another night and signs up: she never passes the login page.
    other = GameNightFactory(owner=UserFactory(username="host"), title="Mia's table")
    invite = invites.create(other, user=other.owner, hours=24, single_use=False)
    page.goto(f"/i/{invite.token}/")
    page.get_by_label("Username").fill("mia")
    page.get_by_label("Password").first.fill("mia-has-a-long-password-7")
    page.get_by_label("Password confirmation").fill("mia-has-a-long-password-7")
    page.get_by_role("button", name="Make my account").click()
    expect(page.get_by_role("button", name="Join")).to_be_visible()

    page.context.set_offline(True)
    page.goto(olgas_match.get_absolute_url())
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    expect(page.get_by_text("Olga's secret night")).to_have_count(0)


def test_a_round_olga_saved_offline_is_never_sent_as_mias(page, olga, mia, olgas_match):
    olgas_match.night.members.add(mia)
    log_in(page, olga)
    open_match(page, olgas_match)
    go_offline(page)
    type_deal(page, DEALS[0])
    save(page)
    expect(waiting_rows(page)).to_have_count(1)

    # Olga's session ends without "Log out"; Mia logs in on the same phone and opens the match.
    Session.objects.all().delete()
    page.context.clear_cookies()
    page.context.set_offline(False)
    log_in(page, mia)
    open_match(page, olgas_match)
    expect(waiting_rows(page)).to_have_count(0)  # not Mia's to see or send
    page.wait_for_load_state("networkidle")
    assert not Round.objects.filter(match=olgas_match).exists()

    # Olga logs in again: her round is still on the phone, and is sent as hers.
    page.context.clear_cookies()
    log_in(page, olga)
    open_match(page, olgas_match)
    expect(page.get_by_role("heading", name=re.compile("Enter: Round 2 of 12"))).to_be_visible()
    expect(waiting_rows(page)).to_have_count(0)
    assert RoundChange.objects.get(match=olgas_match).user == olga


def test_a_page_left_open_by_olga_does_not_send_her_round_in_mias_session_and_says_so(
    page, olga, mia, olgas_match
):
    olgas_match.night.members.add(mia)
    log_in(page, olga)
    open_match(page, olgas_match)
    go_offline(page)
    type_deal(page, DEALS[0])
    save(page)
    expect(waiting_rows(page)).to_have_count(1)

    # Olga's tab stays without a connection; meanwhile, in another tab of the same browser,
    # her session ends and Mia logs in.
    page.route("**/*", lambda route: route.abort())
    page.context.set_offline(False)
    Session.objects.all().delete()
    other = page.context.new_page()
    log_in(other, mia)
    other.close()

    # Olga's tab gets its connection back: it tries to send the round, in Mia's session. Mia's
    # login gave the browser a new form token, so the server refuses it; the phone keeps the
    # round and says so.
    page.unroute("**/*")
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(page.get_by_text("This page was open too long — reload it and try again.")).to_be_visible()
    expect(waiting_rows(page)).to_have_count(1)
    page.screenshot(path="/tmp/shared-phone-refused.png")
    # Reloaded, the page is Mia's: Olga's round is neither shown nor sent.
    page.reload()
    expect(page.get_by_role("heading", name=re.compile("Enter: Round 1 of 12"))).to_be_visible()
    page.wait_for_load_state("networkidle")
    expect(waiting_rows(page)).to_have_count(0)
    assert not Round.objects.filter(match=olgas_match).exists()
    kept = page.evaluate(
        """() => new Promise((resolve) => {
          const open = indexedDB.open("companion", 1);
          open.onsuccess = () => {
            const all = open.result.transaction("outbox").objectStore("outbox").getAll();
            all.onsuccess = () => resolve(all.result.length);
          };
        })"""
    )
    assert kept == 1  # still on the page, for Olga
