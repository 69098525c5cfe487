"""The frame that shows a save's new standings does only what the person sees (issue 17).

A save's new row goes on top of the rounds table and moves every row, so the frame that
showed the new standings also laid out and repainted the whole table, even where the table
was below the screen (a phone on its side, more players). Rows wholly below the screen now
wait for the next frame (static/js/match.js, drawRowsLater); rows on the screen never do. And Save changes at
once, with no colour transition animating while the server answers.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.test_offline_browser import open_match
from tests.browser.test_save_keeps_rows_browser import DEALS, enter, rounds_table
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every class the rounds table's part is given, in order, from now on.
WATCH = """
window.__drawn = [];
new MutationObserver(() => {
  window.__drawn.push(document.querySelector("#match-more .rounds-part").className);
}).observe(document.querySelector("#match-more .rounds-part"), {attributes: true, attributeFilter: ["class"]});
"""


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=["Anna", "Beat", "Cla", "Dora"])


def rounds_top(page):
    return page.evaluate("document.querySelector('#match-more .rounds-part').getBoundingClientRect().top")


def test_rows_below_the_screen_are_drawn_in_the_frame_after_the_new_standings(logged_in, molotow):
    page = logged_in
    page.set_viewport_size({"width": 844, "height": 390})  # the phone on its side
    open_match(page, molotow)
    enter(page, DEALS[0], 1)  # the first round brings the whole table; later saves update it
    assert rounds_top(page) >= 390, "the rounds table starts below the screen"
    page.evaluate(WATCH)
    scrolled = page.evaluate("window.scrollY")
    enter(page, DEALS[1], 2)
    expect(page.locator("#match-more .rounds-part.drawn-later")).to_have_count(0)
    assert page.evaluate("window.__drawn") == ["rounds-part drawn-later", "rounds-part"]
    assert page.evaluate("window.scrollY") == scrolled
    page.get_by_role("region", name="Rounds").scroll_into_view_if_needed()
    assert [row.split()[0] for row in rounds_table(page)[1::2]] == ["2", "1"]


def test_rows_on_the_screen_are_never_hidden_by_a_save(logged_in, molotow):
    page = logged_in
    open_match(page, molotow)
    enter(page, DEALS[0], 1)
    assert rounds_top(page) < 844, "at 390x844 with four players the first rows are on the screen"
    page.evaluate(WATCH)
    enter(page, DEALS[1], 2)
    assert page.evaluate("window.__drawn") == []
    assert [row.split()[0] for row in rounds_table(page)[1::2]] == ["2", "1"]


def test_save_changes_at_once_when_tapped_and_while_saving(logged_in, molotow):
    page = logged_in
    open_match(page, molotow)
    save = page.get_by_role("button", name="Save round")
    assert save.evaluate("button => getComputedStyle(button).transitionDuration") == "0s"
    assert (
        save.evaluate(
            "button => { button.disabled = true; return getComputedStyle(button).transitionDuration; }"
        )
        == "0s"
    )
