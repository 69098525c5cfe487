"""The club night's TV page in a browser: at 1920x1080 fifteen tables and sixty players fit one screen without
scrolling; at 390x844 (a phone) nothing is wider than the screen; and a round saved at a table, by a phone that
opened the table's link, shows on both TV pages without a reload: the table's totals and the provisional
club standings."""

import pytest
from playwright.sync_api import expect

from companion.models import Round
from companion.sharing.services import create_link
from tests.clubs.show_factories import NAMES, club_24, make_club, play, play_sitting, rotation, seat_sitting

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
LIVE_MS = 2000


@pytest.fixture
def screens(browser, live_server):
    """Opens a browser without an account at a given size; every one is closed and checked for script errors."""
    opened = []

    def open_screen(viewport, locale="en-US"):
        context = browser.new_context(
            viewport=viewport, base_url=live_server.url, locale=locale, has_touch=True
        )
        context.set_default_timeout(10_000)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        opened.append((context, errors))
        return page

    yield open_screen
    for context, errors in opened:
        context.close()
        assert not errors, f"JavaScript errors on the page: {errors}"


def fits(page):
    return page.evaluate(
        "() => [document.documentElement.scrollWidth <= innerWidth, document.documentElement.scrollHeight <= innerHeight]"
    )


def test_fifteen_tables_and_sixty_players_fit_one_tv_screen(screens, night, owner):
    club = make_club(night, 60)
    play_sitting(seat_sitting(club, 1, rotation(NAMES[:60], 1)))
    sitting = seat_sitting(club, 2, rotation(NAMES[:60], 2))
    for table in sitting.tables.select_related("match")[:10]:
        play(table.match, 3)
    tv = screens(TV)
    tv.goto(f"/s/{create_link(night=night, user=owner).token}/")
    expect(tv.get_by_role("heading", name="Provisional standings")).to_be_visible()
    assert fits(tv) == [True, True]
    # Every table and every player is on the screen, none cut off.
    for number in (1, 15):
        expect(tv.locator(f'.club-tv-table[data-table="{number}"]')).to_be_in_viewport(ratio=1)
    for name in ("Anna", "Jana", "Gina"):
        expect(tv.locator(f'.club-tv-board tr[data-player="{name}"]')).to_be_in_viewport(ratio=1)
    size = tv.evaluate("parseFloat(getComputedStyle(document.querySelector('.club-tv-card')).fontSize)")
    assert size >= 22  # px: readable from across a room


def test_a_save_at_a_table_shows_on_the_tv_and_on_a_phone_without_reload(screens, night, owner):
    club = club_24(night, sittings_played=1)
    table = club.sittings.get(number=2).tables.select_related("match").get(number=3)
    names = [seat.player.name for seat in table.match.seats.order_by("position").select_related("player")]
    url = f"/s/{create_link(night=night, user=owner).token}/"

    tv, small = screens(TV), screens(PHONE)
    for page in (tv, small):
        with page.expect_response(lambda response: "/events/" in response.url):
            page.goto(url)
        expect(page.get_by_role("heading", name="Club standings")).to_be_visible()
        expect(page.get_by_text("Find your seat")).to_be_visible()
        page.evaluate("window.notReloaded = true")
    assert fits(tv) == [True, True]
    assert fits(small)[0]  # a phone scrolls down, never sideways

    # A phone at table 3 opens the table's link (the QR code) and saves a deal, without an account.
    phone = screens(PHONE)
    phone.goto(f"/t/{table.token}/")
    for name, points in zip(names[:3], (90, 40, 20), strict=True):
        phone.get_by_role("textbox", name=name, exact=True).fill(str(points))
    with phone.expect_response(lambda response: response.url.endswith("/rounds/")):
        phone.get_by_role("button", name="Save round").click()
    assert Round.objects.filter(match=table.match).count() == 1
    table.match.refresh_from_db()
    totals = {seat.player.name: seat.total for seat in table.match.seats.select_related("player")}

    for page in (tv, small):
        card = page.locator('.club-tv-table[data-table="3"]')
        expect(card.get_by_text("1 round")).to_be_visible(timeout=LIVE_MS)
        for name in names:
            expect(card.locator(f'.club-tv-total[data-player="{name}"]')).to_have_text(str(totals[name]))
        expect(page.get_by_role("heading", name="Provisional standings")).to_be_visible()
        assert page.evaluate("window.notReloaded") is True


def test_the_tv_page_in_german(screens, night, owner):
    club_24(night, sittings_played=2, drawn_next=False)
    tv = screens(TV, locale="de-CH")
    tv.goto(f"/s/{create_link(night=night, user=owner).token}/")
    expect(tv.get_by_role("heading", name="Rangliste des Clubabends")).to_be_visible()
    expect(tv.get_by_text("Alle Tische fertig")).to_be_visible()
    expect(tv.get_by_role("heading", name="Tisch 6 beendet")).to_be_visible()
