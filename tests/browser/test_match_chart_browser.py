"""The chart of running totals on a phone: drawn when a person scrolls to it, without a jump.

At the table the chart sits far below Save, so a first look at a scoreboard and every save
leave it out (tests/play/test_match_chart.py); htmx draws it when its place comes into view.
"""

import pytest
from playwright.sync_api import expect

from companion.models import Player
from tests.factories import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora"]


@pytest.fixture
def murlan(night):
    return play_match(night, "murlan", NAMES, [{"order": NAMES}, {"order": list(reversed(NAMES))}])


def test_the_chart_is_drawn_when_it_comes_into_view_and_nothing_moves(logged_in, murlan):
    page = logged_in
    held = []
    page.route("**/chart/", lambda route: held.append(route))  # answered below, when we say
    page.goto(murlan.get_absolute_url())
    chart = page.get_by_role("img", name="Running totals, hand by hand")
    expect(page.get_by_role("button", name="Save hand")).to_be_in_viewport()
    assert held == [] and chart.count() == 0  # out of view: not asked for
    place = page.locator("#match-chart")
    place.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    assert len(held) == 1  # in view: asked for once
    before = place.bounding_box()
    rounds = page.get_by_role("region", name="Hands").bounding_box()
    held[0].continue_()
    expect(chart).to_be_visible()
    after = place.bounding_box()
    assert abs(after["height"] - before["height"]) < 1 and abs(after["y"] - before["y"]) < 1
    assert page.get_by_role("region", name="Hands").bounding_box() == rounds


def test_a_chart_in_view_is_drawn_again_after_a_save(logged_in, murlan):
    page = logged_in
    page.set_viewport_size({"width": 1024, "height": 1366})  # a tablet on the table: form and chart in view
    page.goto(murlan.get_absolute_url())
    chart = page.get_by_role("img", name="Running totals, hand by hand")
    expect(chart).to_contain_text("2 hands")
    for name in NAMES[:3]:  # the last one out is placed by itself
        page.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Enter: Hand 4")).to_be_attached()
    expect(chart).to_contain_text("3 hands")


def test_the_chart_speaks_german(german_logged_in, murlan):
    page = german_logged_in
    page.goto(murlan.get_absolute_url())
    page.locator("#match-chart").scroll_into_view_if_needed()
    expect(page.get_by_role("img", name="Laufende Summen, Runde für Runde")).to_be_visible()


def test_offline_the_chart_says_it_cannot_be_drawn_and_comes_when_the_connection_is_back(logged_in, murlan):
    page = logged_in
    page.goto(murlan.get_absolute_url())
    page.wait_for_load_state("networkidle")
    page.context.set_offline(True)
    page.locator("#match-chart").scroll_into_view_if_needed()
    expect(page.get_by_role("alert")).to_be_visible()
    page.context.set_offline(False)
    expect(page.get_by_role("img", name="Running totals, hand by hand")).to_be_visible()
    expect(page.get_by_role("alert")).to_be_hidden()


def test_each_line_and_the_name_at_its_end_wear_the_colour_of_the_players_standing_card(logged_in, night):
    # Colours of the app's palette in another order than the chart's own seat colours.
    colours = {"Anna": "#be185d", "Beat": "#047857", "Cla": "#0b5fa5", "Dora": "#a16207"}
    for name, colour in colours.items():
        Player.objects.create(owner=night.owner, name=name, colour=colour)
    match = play_match(night, "murlan", NAMES, [{"order": NAMES}, {"order": list(reversed(NAMES))}])
    page = logged_in
    page.goto(match.get_absolute_url())
    page.locator("#match-chart").scroll_into_view_if_needed()
    expect(page.get_by_role("img", name="Running totals, hand by hand")).to_be_visible()
    cards = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(".standing")].map((card) => [
          card.querySelector(".standing-total").dataset.player,
          getComputedStyle(card).getPropertyValue("--player-colour").trim(),
        ]))"""
    )
    assert cards == colours
    drawn = page.evaluate(
        """() => [...document.querySelectorAll("#match-chart svg polyline, #match-chart svg text")]
          .filter((mark) => /^chart-(line|label)/.test(mark.getAttribute("class") || ""))
          .map((mark) => [mark.tagName, mark.textContent, getComputedStyle(mark)[mark.tagName === "polyline" ? "stroke" : "fill"]])"""
    )
    lines = [colour for tag, _text, colour in drawn if tag == "polyline"]
    labels = {text.split()[0]: colour for tag, text, colour in drawn if tag == "text"}
    assert sorted(lines) == sorted(rgb(colour) for colour in colours.values())
    assert labels == {name: rgb(colour) for name, colour in colours.items()}


def rgb(colour):
    return "rgb({}, {}, {})".format(*(int(colour[i : i + 2], 16) for i in (1, 3, 5)))
