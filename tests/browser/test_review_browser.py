"""Looking back on a phone: the list's filters work without JavaScript, the pages fit the screen."""

import datetime

import pytest
from playwright.sync_api import expect

from companion.models import Player
from tests.factories import GameNightFactory, quick_murlan

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_filtering_the_nights_by_game_and_paging_on_a_phone(logged_in, owner):
    page = logged_in
    for day in range(22):
        night = GameNightFactory(
            owner=owner,
            title=f"Night {day + 1}",
            date=datetime.date(2026, 1, 1) + datetime.timedelta(days=day),
        )
        quick_murlan(night, ("Mara", "Beat") if day % 2 else ("Beat", "Mara"))
    GameNightFactory(owner=owner, title="Only talking", date=datetime.date(2026, 2, 1))

    page.goto("/nights/")
    expect(page.get_by_text("23 game nights")).to_be_visible()
    assert fits_the_phone(page)
    page.get_by_text("Filter", exact=True).click()
    page.get_by_label("Game").select_option("murlan")
    page.get_by_role("button", name="Show nights").click()
    expect(page.get_by_text("22 game nights match the filters")).to_be_visible()
    expect(page.get_by_role("link", name="Only talking")).to_have_count(0)
    page.get_by_role("link", name="Older").click()
    expect(page.get_by_role("link", name="Night 2", exact=True)).to_be_visible()
    assert "game=murlan" in page.url


def test_the_player_page_and_leaderboard_fit_the_phone(logged_in, owner):
    page = logged_in
    night = GameNightFactory(owner=owner, date=datetime.date(2026, 3, 6))
    for names in [("Mara", "Beat", "Cla", "Dora"), ("Beat", "Mara", "Dora", "Cla"), ("Mara", "Cla")]:
        quick_murlan(night, names)
    mara = Player.objects.get(owner=owner, name="Mara")

    page.goto(f"/players/{mara.pk}/")
    expect(page.get_by_role("img", name="Mara: matches played and won over time")).to_be_visible()
    expect(page.get_by_role("heading", name="Head to head")).to_be_visible()
    assert fits_the_phone(page)
    page.goto("/leaderboards/?game=murlan&period=all")
    expect(page.get_by_role("link", name="Mara")).to_be_visible()
    assert fits_the_phone(page)
    page.get_by_role("link", name="Mara").click()
    expect(page.get_by_role("heading", name="Mara", level=1)).to_be_visible()
