"""The review tables line up on a phone: the leaderboard's figure (Murlan's average place) sits in its column
under its heading, and a night's standings put place, name and total on one line, row by row."""

import pytest

from tests.factories import play_match, quick_murlan

DEAL = {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_place_column_lines_up_under_its_heading(logged_in, night):
    page = logged_in
    for names in [
        ("Anna", "Beat", "Cla"),
        ("Beat", "Anna", "Cla"),
        ("Anna", "Cla", "Beat"),
        ("Dora", "Anna"),
    ]:
        quick_murlan(night, names)
    page.goto("/leaderboards/?game=murlan&period=all")
    table = page.get_by_role("table")
    heading = table.get_by_role("columnheader", name="Place").bounding_box()
    rows = table.locator("tbody tr")
    assert rows.count() == 4
    for row in rows.all():
        place = row.locator("td.figure-value").bounding_box()
        line = row.bounding_box()
        # The same column as its heading, and as tall as its row (a cell, not a block inside one).
        assert abs(place["x"] - heading["x"]) < 1 and abs(place["width"] - heading["width"]) < 1
        assert abs(place["height"] - line["height"]) < 1


# The middle of a cell's text, from the box of its text itself (not of the cell, which the row stretches).
TEXT_MIDDLE = """cell => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const box = range.getBoundingClientRect();
  return box.top + box.height / 2;
}"""


def test_the_nights_standings_put_place_name_and_total_on_one_line(logged_in, night):
    page = logged_in
    play_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], [DEAL])
    page.goto(night.get_absolute_url())
    rows = page.locator("table.night-standings tbody tr")
    assert rows.count() == 4
    for row in rows.all():
        place, name, total = (row.locator("> *").nth(index).evaluate(TEXT_MIDDLE) for index in range(3))
        assert abs(place - name) < 2 and abs(total - name) < 2
