"""A Hearts evening on a phone (Free scoring, target 100, lowest wins): the standings mark the lowest total.

Eva, Fritz, Anna and Beat sit in that order. After round 1 (40, 50, 20, 30) Anna is ahead with
the lowest total; after round 2 Fritz has 101, the target ends the match and Anna (45) wins.
"""

import pytest
from playwright.sync_api import expect

from companion.models import Match
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ["Eva", "Fritz", "Anna", "Beat"]


def enter(page, *points):
    for name, value in zip(SEATS, points, strict=True):
        page.get_by_label(name, exact=True).fill(value)
    page.get_by_role("button", name="Save round").click()


def standings(page):
    """The standing cards as a person reads them, top to bottom and left to right: name and tags."""
    cards = page.locator("ol.standings > li")
    return [
        (
            cards.nth(index).locator(".standing-name").inner_text(),
            cards.nth(index).locator(".standing-tags").inner_text(),
        )
        for index in range(cards.count())
    ]


def in_viewport(page, locator):
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def test_the_lowest_total_is_ahead_and_wins_on_a_phone(logged_in, night, tmp_path):
    page = logged_in
    match = MatchFactory(
        night=night, game="counter", names=SEATS, options={"target": 100, "lowest_wins": True}
    )
    page.goto(f"/matches/{match.pk}/")
    enter(page, "40", "50", "20", "30")
    anna = page.locator("ol.standings > li", has_text="Anna")
    expect(anna.get_by_text("ahead")).to_be_visible()
    # The cards change at the tap (the live preview's); the next round's heading is the save's answer.
    expect(page.get_by_role("heading", name="Enter: Round 2")).to_be_visible()
    read = standings(page)
    assert [name for name, _tags in read] == SEATS  # the cards keep the seating order
    assert [name for name, tags in read if "ahead" in tags] == ["Anna"]
    assert in_viewport(page, anna.get_by_text("ahead"))
    page.screenshot(path=str(tmp_path / "lowest-wins-ahead.png"))

    enter(page, "43", "51", "25", "27")
    expect(page.get_by_role("heading", name="Anna wins!")).to_be_visible()
    read = standings(page)
    assert [name for name, tags in read if "winner" in tags] == ["Anna"]
    assert not [name for name, tags in read if "ahead" in tags]
    page.screenshot(path=str(tmp_path / "lowest-wins-winner.png"), full_page=True)
    seats = Match.objects.get(pk=match.pk).seats.select_related("player")
    assert {seat.player.name: seat.place for seat in seats} == {"Anna": 1, "Beat": 2, "Eva": 3, "Fritz": 4}
