"""Saving round after round on a phone: the rounds table the page keeps is the one a reload shows.

After a save the server sends only the new round's rows and the page keeps its own
(tests/play/test_save_keeps_rows.py). Here a person looks: the rows, their order and totals,
after saves in a row, after another phone changed an earlier round, and offline.
"""

import re

import pytest
from playwright.sync_api import expect

from companion.access import Viewer
from companion.play import rounds as round_service
from tests.browser.test_offline_browser import open_match, ready_for_offline, wait_for_the_copy
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora"]
DEALS = [
    {"Anna": 90, "Beat": 9, "Cla": 34},
    {"Anna": 20, "Beat": 100, "Cla": 20},
    {"Anna": 60, "Beat": 40, "Cla": 30},
    {"Anna": 75, "Beat": 35, "Cla": 35},
]


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=NAMES)


def enter(page, deal, number):
    for name, points in deal.items():
        page.get_by_role("textbox", name=name, exact=True).fill(str(points))
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", name=f"Enter: Round {number + 1} of 12")).to_be_attached()


def rounds_table(page):
    """The rounds table as a person reads it: each row's text, top to bottom."""
    return page.get_by_role("region", name="Rounds").get_by_role("row").all_inner_texts()


def test_rounds_saved_one_after_another_read_as_after_a_reload(logged_in, molotow):
    page = logged_in
    open_match(page, molotow)
    for number, deal in enumerate(DEALS, start=1):
        enter(page, deal, number)
    seen = rounds_table(page)
    assert [row.split()[0] for row in seen[1::2]] == ["4", "3", "2", "1"]  # newest first, under the names
    page.reload()
    assert rounds_table(page) == seen
    # The kept rows still work: round 2's Edit opens round 2.
    page.get_by_role("link", name="Edit round 2").click()
    expect(page).to_have_url(re.compile(r"/rounds/2/edit/$"))


def test_a_page_behind_another_phones_edit_shows_it_after_its_next_save(logged_in, molotow, owner):
    page = logged_in
    open_match(page, molotow)
    enter(page, DEALS[0], 1)
    enter(page, DEALS[1], 2)
    # Another phone changes round 1 meanwhile: Anna's 90 becomes 40 (the rest made up by Cla).
    round_service.edit_entry(
        Viewer(owner), molotow.pk, 1, {"points": {"Anna": 40, "Beat": 9, "Cla": 84, "Dora": 24}}
    )
    enter(page, DEALS[2], 3)
    shown = rounds_table(page)
    page.reload()
    assert rounds_table(page) == shown
    assert any(re.search(r"\b84\b", row) for row in shown), shown  # the other phone's change is there


def test_the_copy_opened_offline_has_every_round_after_saves_in_a_row(logged_in, molotow):
    page = logged_in
    open_match(page, molotow)
    ready_for_offline(page)
    enter(page, DEALS[0], 1)
    enter(page, DEALS[1], 2)
    enter(page, DEALS[2], 3)
    online = rounds_table(page)
    wait_for_the_copy(page, 3)
    page.context.set_offline(True)
    page.reload()  # the service worker's copy
    expect(page.get_by_role("status").filter(has_text=re.compile("Offline"))).to_be_visible()
    assert rounds_table(page) == online


def test_a_save_from_a_scrolled_page_keeps_the_view_without_gliding(logged_in, molotow):
    page = logged_in
    open_match(page, molotow)
    for number, deal in enumerate(DEALS[:3], start=1):
        enter(page, deal, number)
    # Undone: a notice above the standings, which the next save takes away (the page above the
    # view gets shorter, and what is in view stays where it was: Save under the thumb).
    page.get_by_role("button", name="Undo round 3").click()
    expect(page.get_by_role("button", name="Restore round 3")).to_be_visible()
    for name, points in DEALS[3].items():
        page.get_by_role("textbox", name=name, exact=True).fill(str(points))
    page.evaluate("window.scrollTo({top: 150, behavior: 'instant'})")
    save_at = page.get_by_role("button", name="Save round").bounding_box()["y"]
    page.evaluate("window.__ys = []; addEventListener('scroll', () => window.__ys.push(Math.round(scrollY)))")
    # Sent as a thumb's tap does, without the driver scrolling the button into view first.
    page.evaluate("document.querySelector('form.entry-form').requestSubmit()")
    expect(page.get_by_role("heading", name="Enter: Round 4 of 12")).to_be_attached()
    page.wait_for_timeout(600)
    assert abs(page.get_by_role("button", name="Save round").bounding_box()["y"] - save_at) < 1
    # The way there is one step, in the frame that shows the new scoreboard, not a glide.
    assert len(set(page.evaluate("window.__ys")) - {150}) <= 1, page.evaluate("window.__ys")


def test_a_match_page_opened_first_on_a_phone_opens_offline_with_its_rounds(
    browser, live_server, molotow, owner
):
    """As from a QR code: the match page is the first page this phone opens (logged in already)."""
    from django.test import Client

    client = Client()
    client.force_login(owner)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=live_server.url, has_touch=True
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    try:
        open_match(page, molotow)
        enter(page, DEALS[0], 1)
        enter(page, DEALS[1], 2)
        online = rounds_table(page)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        page.wait_for_timeout(1000)  # the page's own copy is written once the worker is ready
        context.set_offline(True)
        page.reload()
        expect(page.get_by_role("status").filter(has_text=re.compile("Offline"))).to_be_visible()
        assert rounds_table(page) == online
    finally:
        context.close()


def test_an_elfer_game_waiting_offline_reads_as_a_person_would_say_it(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="elfer", names=["Anna", "Beat", "Cla"])
    page.goto(match.get_absolute_url())
    ready_for_offline(page)
    page.get_by_label("Anna went out").check()
    page.get_by_label("Cards left in Beat's hand").fill("3 17")
    # The scores are the engine's (the live preview): said before the connection goes.
    expect(page.locator('.elfer-score[data-score-for="1"]')).to_have_text("= \u221220")
    page.context.set_offline(True)
    # The page learns of it in a task of its own: on a busy machine a tap can come first, and
    # is then a save lost to the network (said by Save), not a round put in the outbox.
    page.wait_for_function("() => !navigator.onLine")
    page.get_by_role("button", name="Save game").click()
    waiting = page.locator("tr.outbox-row")
    expect(waiting).to_have_count(1)
    text = waiting.inner_text()
    assert "Anna went out" in text and "Anna: Anna" not in text
    # The game's scores, as its stored row will show them, rather than every count field with its
    # zero ("Anna's bonus cards 0"), and never a label read twice ("Bonus cardsAnna's bonus cards").
    assert "Bonus cardsAnna" not in text and "bonus cards 0" not in text
    assert "Anna 0 · Beat \u221220" in text
    assert page.evaluate("document.documentElement.scrollWidth") == 390
