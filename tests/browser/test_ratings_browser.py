"""A player's rating, rivals and the records, read on a 390x844 phone."""

import datetime
import os
import re

import pytest
from playwright.sync_api import expect

from companion.models import Player
from tests.factories import GameNightFactory, quick_murlan

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("COMPANION_SCREENSHOTS")  # a folder: the pages are saved there as PNG


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def shoot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_reading_a_players_rating_chart_rivals_and_the_records_on_a_phone(logged_in, owner):
    page = logged_in
    for day in range(6):
        night = GameNightFactory(owner=owner, title=f"Night {day + 1}", date=datetime.date(2026, 3, 6 + day))
        quick_murlan(night, ("Mara", "Beat", "Cla"))
        quick_murlan(night, ("Beat", "Mara") if day == 2 else ("Mara", "Cla"))
    mara = Player.objects.get(owner=owner, name="Mara")

    page.goto(f"/players/{mara.pk}/")
    expect(page.get_by_role("heading", name="Rating")).to_be_visible()
    chart = page.get_by_role("img", name="Mara: rating over the last 12 matches")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 390
    ratings = page.locator(".rating-list")
    expect(ratings.locator("[data-game='']")).to_contain_text("All games")
    expect(ratings.locator("[data-game='murlan']")).to_contain_text("12 matches")
    expect(ratings.get_by_text("provisional")).to_have_count(0)  # twelve matches: no longer provisional
    expect(page.locator("[data-rival='favourite']")).to_contain_text("Cla")
    expect(page.get_by_text("Only players met in at least 3 finished matches count")).to_be_visible()
    assert fits_the_phone(page)
    shoot(page, "player-rating")

    page.get_by_role("link", name="Records").first.click()
    page.get_by_role("link", name="Murlan").click()
    expect(page.get_by_role("heading", name="Murlan · All time")).to_be_visible()
    streak = page.locator("[data-record='streak']")
    expect(streak).to_contain_text("Longest winning streak")
    expect(streak).to_contain_text("6 wins in a row")  # the last three nights: Beat won once on night 3
    expect(streak.get_by_role("link")).to_contain_text("Mara")
    expect(page.locator("[data-record='murlan_fastest']")).to_contain_text("2 hands")
    assert fits_the_phone(page)
    shoot(page, "records")
    streak.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    expect(page.get_by_text("Night 6").first).to_be_visible()


def test_the_leaderboard_by_rating_and_the_year_in_review_fit_the_phone(logged_in, owner):
    page = logged_in
    night = GameNightFactory(owner=owner, title="Long night", date=datetime.date(2025, 3, 6))
    for names in [("Mara", "Beat", "Cla"), ("Beat", "Mara", "Cla"), ("Mara", "Cla")]:
        quick_murlan(night, names)

    page.goto("/leaderboards/?game=murlan&period=last_year")
    page.get_by_role("link", name="By rating").click()
    expect(page.get_by_role("columnheader", name="Rating")).to_be_visible()
    expect(page.get_by_role("row").nth(1)).to_contain_text("Mara")
    assert "period=last_year" in page.url and "order=rating" in page.url
    assert fits_the_phone(page)
    shoot(page, "leaderboard-rating")

    page.goto("/years/2025/")
    expect(page.get_by_role("heading", name="2025 in review")).to_be_visible()
    expect(page.get_by_role("link", name="Long night", exact=True)).to_be_visible()
    expect(page.locator(".year-winners [data-player='Mara']")).to_contain_text("2")
    assert fits_the_phone(page)
    shoot(page, "year-in-review")


def test_the_rating_and_the_rivals_read_in_german(german_logged_in, owner):
    page = german_logged_in
    night = GameNightFactory(owner=owner, date=datetime.date(2026, 3, 6))
    for _ in range(3):
        quick_murlan(night, ("Mara", "Beat"))
    mara = Player.objects.get(owner=owner, name="Mara")

    page.goto(f"/players/{mara.pk}/")
    expect(page.get_by_role("heading", name="Wertung")).to_be_visible()
    expect(page.get_by_role("img", name="Mara: Wertung über die letzten 3 Partien")).to_be_visible()
    expect(page.locator(".rating-list").get_by_text("vorläufig").first).to_be_visible()
    expect(page.locator("[data-rival='favourite']")).to_contain_text("Beat")
    expect(page.get_by_text("Lieblingsgegner")).to_be_visible()
    assert fits_the_phone(page)
    shoot(page, "player-rating-de")
