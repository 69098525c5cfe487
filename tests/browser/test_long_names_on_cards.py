"""Long names on the standing cards of a 390x844 phone (issue 37: they were cut to five letters).

A name of up to 15 letters ("Jean-Christophe") is read whole on its card, on two lines or smaller,
with four Molotow players (a row of four cards) and six Free scoring players (two rows of three),
and the totals beside them still fit. A longer name ends in an ellipsis; its card's title has it whole.
"""

import os

import pytest
from playwright.sync_api import expect

from tests.factories import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOUR = ["Alexandra", "Bartholomäus", "Jean-Christophe", "Dora"]
SIX = [*FOUR, "Maximiliane", "Ursula"]

# The name's whole text inside its box: not cut on the right, not hidden below a clamp.
SHOWN_WHOLE = """el => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1"""
TOTAL_FITS = """el => { const card = el.closest('.standing').getBoundingClientRect();
  const box = el.getBoundingClientRect();
  return el.scrollWidth <= el.clientWidth + 1 && box.left >= card.left - 0.5 && box.right <= card.right + 0.5; }"""


def molotow(night):
    points = dict(zip(FOUR, (90, 9, 34, 24), strict=True))
    return play_match(night, "molotow", FOUR, [{"points": points}], options={"rounds": 12})


def free_scoring(night):
    first = [100000, -100000, 5, 0, 42, -7]
    second = [10, 0, 0, 0, 0, 0]  # 100010 and -100000: the longest totals the cards hold
    rounds = [{"points": dict(zip(SIX, points, strict=True))} for points in (first, second)]
    return play_match(night, "counter", SIX, rounds)


def look(page, name):
    """A screenshot for a person to look at, when SCREENSHOTS names a folder."""
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"))


@pytest.mark.parametrize("phone", ["logged_in", "german_logged_in"])
@pytest.mark.parametrize(
    ("game", "names"), [(molotow, FOUR), (free_scoring, SIX)], ids=["molotow", "counter"]
)
def test_long_names_are_read_whole_on_the_cards_and_the_totals_still_fit(request, night, phone, game, names):
    page = request.getfixturevalue(phone)
    match = game(night)
    page.goto(match.get_absolute_url())
    look(page, f"cards-{game.__name__}-{phone}")
    for name in names:
        card = page.locator(".standings-compact .standing").filter(
            has=page.locator(f'.standing-total[data-player="{name}"]')
        )
        label = card.locator(".standing-name")
        expect(label).to_have_text(name)
        expect(label).to_have_attribute("title", name)
        assert label.evaluate(SHOWN_WHOLE), f"{name} is cut on its card"
        assert card.locator(".standing-total").evaluate(TOTAL_FITS), f"{name}'s total overflows its card"


def test_the_shared_scoreboard_shows_long_names_whole_and_long_totals_on_one_line(logged_in, night, owner):
    from companion.sharing.services import create_link

    page = logged_in
    match = free_scoring(night)
    page.goto(f"/s/{create_link(match=match, user=owner).token}/")
    look(page, "shared-free_scoring")
    for name in SIX:
        card = page.locator(".shared-standings .standing").filter(
            has=page.locator(f'.standing-total[data-player="{name}"]')
        )
        assert card.locator(".standing-name").evaluate(SHOWN_WHOLE), f"{name} is cut on its card"
        total = card.locator(".standing-total")
        assert total.evaluate(TOTAL_FITS), f"{name}'s total overflows its card"
        height, line = total.evaluate(
            "el => [el.getBoundingClientRect().height, parseFloat(getComputedStyle(el).lineHeight)]"
        )
        assert height < 1.5 * line, f"{name}'s total breaks over two lines"
