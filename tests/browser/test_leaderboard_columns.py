"""The leaderboard's columns line up on a phone: the game's figure (Murlan's average place) sits in its
column under its heading, row by row, like every other column."""

import pytest

from tests.factories import quick_murlan

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
        place = row.locator("td").last.bounding_box()
        line = row.bounding_box()
        # The same column as its heading, and as tall as its row (a cell, not a block inside one).
        assert abs(place["x"] - heading["x"]) < 1 and abs(place["width"] - heading["width"]) < 1
        assert abs(place["height"] - line["height"]) < 1
