"""No page is wider than a phone: at 390 px every main page of every game fits, and the rounds
table shows each round's "Edit" whole, without scrolling sideways."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.chromium import PHONE
from tests.factories import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOUR = ["Anna", "Beat", "Cla", "Dora"]
SIX = [*FOUR, "Eva", "Fritz"]
ROUNDS = {
    "molotow": (FOUR, [{"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}] * 5),
    "anrufen": (
        FOUR,
        [
            {"bidder": "Anna", "bid": "normal", "partner": "Cla", "points": 50},
            {"bidder": "Beat", "bid": "hundred", "partner": "Dora", "points": 30, "contra": True},
            {"bidder": "Dora", "bid": "no_tricks", "tricks": 0, "contra": True},
        ]
        * 3,
    ),
    "elfer": (SIX, [{"cards": {name: [11 + seat, 12 + seat] for seat, name in enumerate(SIX) if seat}}] * 4),
    "murlan": (SIX, [{"order": SIX}, {"order": list(reversed(SIX))}]),
    "counter": (FOUR, [{"points": {"Anna": -1200, "Beat": 3450, "Cla": 99, "Dora": -5}}] * 4),
}
# The page's width; the rounds table's, and where each "Edit" ends, against the table's own box.
MEASURE = """() => {
  const region = document.querySelector(".rounds-scroll");
  const edits = [...document.querySelectorAll(".rounds-table a")].filter((a) => a.textContent.trim().startsWith("Edit"));
  return {
    page: document.documentElement.scrollWidth,
    table: region ? {scroll: region.scrollWidth, width: region.clientWidth, right: region.getBoundingClientRect().right} : null,
    edits: edits.map((a) => a.getBoundingClientRect().right),
  };
}"""


def pages(match):
    return [
        match.get_absolute_url(),
        reverse("round_edit", args=[match.pk, 1]),
        reverse("match_history", args=[match.pk]),
        reverse("match_rules", args=[match.pk]),
        reverse("match_share", args=[match.pk]),
        reverse("rules_game", args=[match.game]),
        reverse("score_sheet", args=[match.game]),
        reverse("match_create", args=[match.night.pk]),
        reverse("night_detail", args=[match.night.pk]),
        reverse("night_report", args=[match.night.pk]),
    ]


@pytest.mark.parametrize("game", ROUNDS)
def test_every_main_page_of_a_game_fits_a_phone_and_edit_is_whole(logged_in, night, game):
    page = logged_in
    names, rounds = ROUNDS[game]
    match = play_match(night, game, names, rounds)
    for url in pages(match):
        page.goto(url)
        seen = page.evaluate(MEASURE)
        assert seen["page"] <= PHONE["width"], (url, seen)
    page.goto(match.get_absolute_url())
    page.get_by_role("region", name=re.compile("Rounds|Games|Hands")).scroll_into_view_if_needed()
    seen = page.evaluate(MEASURE)
    assert seen["table"]["scroll"] <= seen["table"]["width"], seen  # no scrolling sideways
    assert len(seen["edits"]) == len(rounds)
    assert all(right <= seen["table"]["right"] for right in seen["edits"]), seen
    expect(page.get_by_role("link", name=re.compile(r"^Edit \w+ 1$"))).to_be_in_viewport(ratio=1)
    page.locator(".rounds-part").screenshot(path=f"/tmp/rounds-{game}.png")
