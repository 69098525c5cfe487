"""A club night on the organiser's phone at 390x844: eight players check in, the first sitting is
drawn, a second phone opens table 1's link without an account and enters a round, and the
organiser's screen shows that round live, without a reload."""

import pytest
from playwright.sync_api import expect

from companion.clubs import services
from companion.models import Round
from tests.browser.fixtures import phone_page
from tests.factories import enter_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora", "Eva", "Fritz", "Gian", "Hanna"]
LIVE_MS = 3000


@pytest.fixture
def table_phone(browser, live_server):
    """A phone at a table: no account, only the table's link."""
    yield from phone_page(browser, live_server, "en-US")


def test_the_organiser_checks_in_draws_and_sees_a_table_phones_round_live(logged_in, table_phone, night):
    organiser = logged_in
    services.create_club(night, game="counter", options={"rounds": 3}, table_size=4)
    organiser.goto(f"/nights/{night.pk}/club/")
    organiser.get_by_label("New players (one name per line or separated by commas)").fill(", ".join(NAMES))
    organiser.get_by_role("button", name="Check in").click()
    expect(organiser.get_by_role("heading", name="8 players present")).to_be_visible()

    organiser.get_by_role("button", name="Draw sitting 1").click()
    expect(organiser.get_by_role("heading", name="Sitting 1")).to_be_visible()
    expect(organiser.get_by_role("link", name="Table 1", exact=True)).to_be_visible()
    expect(organiser.get_by_role("link", name="Table 2", exact=True)).to_be_visible()
    organiser.get_by_text("Table link and QR code").first.click()
    link = organiser.get_by_role("textbox", name="Link of table 1").input_value()
    table_one = organiser.locator(".club-table").first
    expect(table_one.locator(".club-rounds")).to_have_text("0 rounds")
    with organiser.expect_response(lambda response: "/club/events/" in response.url):
        organiser.reload()

    table_phone.goto(link)
    sitting = night.club.sittings.get()
    match = sitting.tables.get(number=1).match
    expect(table_phone).to_have_url(
        f"{table_phone.context.pages[0].url.split('/matches/')[0]}/matches/{match.pk}/"
    )
    seated = [seat.player.name for seat in match.seats.order_by("position")]
    for points, name in zip((10, 20, 30, 40), seated, strict=True):
        table_phone.get_by_role("textbox", name=name, exact=True).fill(str(points))
    with table_phone.expect_response(lambda r: r.url.endswith("/rounds/") and r.request.method == "POST"):
        table_phone.get_by_role("button", name="Save round").click()
    assert Round.objects.filter(match=match).count() == 1
    assert Round.objects.get(match=match).entered_by is None

    expect(organiser.locator(".club-table").first.locator(".club-rounds")).to_have_text(
        "1 round", timeout=LIVE_MS
    )
    expect(organiser.get_by_text("Provisional standings")).to_be_visible()
    assert organiser.viewport_size == {"width": 390, "height": 844}


def test_a_tables_qr_code_the_organiser_opened_stays_open_when_another_table_saves(logged_in, night):
    organiser = logged_in
    club = services.create_club(night, game="counter", options={"rounds": 3}, table_size=4)
    services.check_in(club, names=NAMES)
    sitting = services.draw_sitting(club, number=1)
    organiser.goto(f"/nights/{night.pk}/club/")
    organiser.get_by_text("Table link and QR code").nth(1).click()
    qr_of_table_two = organiser.get_by_role("textbox", name="Link of table 2")
    expect(qr_of_table_two).to_be_visible()

    table_one = sitting.tables.get(number=1).match
    seated = [seat.player.name for seat in table_one.seats.order_by("position")]
    enter_round(table_one, {"points": dict(zip(seated, (10, 20, 30, 40), strict=True))})
    expect(organiser.locator(".club-table").first.locator(".club-rounds")).to_have_text(
        "1 round", timeout=LIVE_MS
    )
    expect(qr_of_table_two).to_be_visible()
    expect(organiser.get_by_role("textbox", name="Link of table 1")).to_be_hidden()
