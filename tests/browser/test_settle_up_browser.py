"""Settling up on a phone: the host sets prices on the night's edit page and reads who pays whom."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.factories import GameNightFactory, play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Where the screenshots of the new parts go, to look at them (not compared by the test).
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp/companion-screenshots"))


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def night_of_cards(owner):
    night = GameNightFactory(owner=owner, title="Friday cards")
    play_match(
        night,
        "counter",
        ["Anna", "Beat", "Cla", "Dora"],
        [{"points": {"Anna": 3, "Beat": 1, "Cla": -1, "Dora": -3}}],
        closed=True,
    )
    return night


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / name, full_page=True)


def test_the_host_sets_a_price_and_reads_the_payments_on_the_phone(logged_in, owner):
    page = logged_in
    night = night_of_cards(owner)
    page.goto(f"/nights/{night.pk}/edit/")
    page.get_by_label("Free scoring: CHF per point").fill("0.20")
    shot(page, "night-edit-prices.png")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/nights/{night.pk}/")
    settle = page.get_by_role("region", name="Settle up")
    first = settle.get_by_text("Dora pays Anna CHF\u00a02.40.")
    first.scroll_into_view_if_needed()
    expect(first).to_be_in_viewport()
    expect(settle.get_by_text("Cla pays Beat CHF\u00a00.80.")).to_be_visible()
    expect(settle.get_by_role("row", name="Dora \u2212CHF\u00a02.40")).to_be_visible()
    assert fits_the_phone(page)
    shot(page, "night-settle-up.png")


def test_a_bad_price_is_one_sentence_beside_its_field_on_the_phone(logged_in, owner):
    page = logged_in
    night = night_of_cards(owner)
    page.goto(f"/nights/{night.pk}/edit/")
    page.get_by_label("Free scoring: CHF per point").fill("-5")
    page.get_by_role("button", name="Save").click()
    error = page.get_by_text("A price cannot be below 0.")
    expect(error).to_have_count(1)
    expect(error).to_be_visible()
    assert fits_the_phone(page)


def test_a_swiss_german_table_reads_the_payments_in_francs(german_logged_in, owner):
    page = german_logged_in
    night = night_of_cards(owner)
    page.goto(f"/nights/{night.pk}/edit/")
    page.get_by_label("Freie Wertung: CHF pro Punkt").fill("0,20")
    page.get_by_role("button", name="Speichern").click()
    page.wait_for_url(f"**/nights/{night.pk}/")
    settle = page.get_by_role("region", name="Abrechnen")
    first = settle.get_by_text("Dora zahlt Anna 2,40\u00a0CHF.")
    first.scroll_into_view_if_needed()
    expect(first).to_be_in_viewport()
    expect(settle.get_by_text("Cla zahlt Beat 0,80\u00a0CHF.")).to_be_visible()
    assert fits_the_phone(page)
    shot(page, "night-settle-up-de.png")


def test_a_share_link_shows_the_payments_on_a_phone(page, owner):
    from companion.sharing.services import create_link

    night = night_of_cards(owner)
    night.prices = {"counter": 20}
    night.save()
    link = create_link(night=night, user=owner)
    page.goto(f"/s/{link.token}/")
    payment = page.get_by_role("region", name="Settle up").get_by_text("Dora pays Anna CHF\u00a02.40.")
    payment.scroll_into_view_if_needed()
    expect(payment).to_be_in_viewport()
    assert fits_the_phone(page)
    shot(page, "shared-night-settle-up.png")
