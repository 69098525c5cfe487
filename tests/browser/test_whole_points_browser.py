"""Points that are not a whole number, or beyond the table's limit, are refused in the table's words:
never silently shortened ("90.5" stored as 90), never Django's generic sentence."""

import pytest
from playwright.sync_api import expect

from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora"]


def test_molotow_refuses_90_5_as_typed_and_says_points_are_whole_numbers(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="molotow", names=NAMES)
    page.goto(match.get_absolute_url())
    anna = page.get_by_role("textbox", name="Anna", exact=True)
    anna.press_sequentially("90.5")
    expect(anna).to_have_value("90.5")
    for name, points in (("Beat", "9"), ("Cla", "34"), ("Dora", "24")):
        page.get_by_role("textbox", name=name, exact=True).fill(points)
    expect(page.locator("[data-sum]")).to_contain_text("Points are whole numbers, like 90.")
    page.get_by_role("button", name="Save round").click()
    expect(page.locator("#entry-error")).to_have_text(
        "Please check the entry: Anna: Points are whole numbers, like 90."
    )
    assert not match.rounds.exists()


def test_free_scoring_names_the_limit_for_100001(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="counter", names=NAMES)
    page.goto(match.get_absolute_url())
    page.get_by_role("textbox", name="Anna", exact=True).fill("100001")
    page.get_by_role("button", name="Save round").click()
    expect(page.locator("#entry-error")).to_have_text(
        "Round 1: 'Anna' has 100001 points, but a round gives at most 100,000 either way"
    )
    expect(page.get_by_text("Ensure this value")).to_have_count(0)
    assert not match.rounds.exists()
