"""Molotow's sum line counts the points still missing in the language's singular for one."""

import pytest
from playwright.sync_api import expect

from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("phone", "one", "two"),
    [
        ("logged_in", "Sum 156 / 157 · 1 missing", "Sum 155 / 157 · 2 missing"),
        ("german_logged_in", "Summe 156 / 157 · 1 fehlt", "Summe 155 / 157 · 2 fehlen"),
    ],
)
def test_one_point_missing_is_said_in_the_singular(request, night, phone, one, two):
    page = request.getfixturevalue(phone)
    match = MatchFactory(night=night, game="molotow", names=["Anna", "Beat", "Cla", "Dora"])
    page.goto(match.get_absolute_url())
    for name, points in (("Anna", "90"), ("Beat", "9"), ("Cla", "34"), ("Dora", "23")):
        page.get_by_role("textbox", name=name, exact=True).fill(points)
    expect(page.locator("[data-sum]")).to_have_text(one)
    page.get_by_role("textbox", name="Dora", exact=True).fill("22")
    expect(page.locator("[data-sum]")).to_have_text(two)
