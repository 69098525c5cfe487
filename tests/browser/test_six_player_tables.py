"""Six players' columns on a 390x844 phone (issue 37): the rounds table's Edit link stays whole."""

import pytest
from playwright.sync_api import expect

from tests.factories import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Anna", "Beat", "Cla", "Dora", "Ernst", "Fränzi"]


@pytest.mark.parametrize(("phone", "edit"), [("logged_in", "Edit"), ("german_logged_in", "Bearbeiten")])
def test_the_edit_link_of_a_six_player_free_scoring_round_is_whole_on_the_phone(request, night, phone, edit):
    page = request.getfixturevalue(phone)
    points = dict(zip(SIX, [120, -85, 47, 300, -12, 9], strict=True))
    match = play_match(night, "counter", SIX, [{"points": points}] * 3)
    page.goto(match.get_absolute_url() + "#rounds-heading")
    link = page.locator("#rounds-body .round-actions a").first
    expect(link).to_contain_text(edit)
    page.locator(
        ".rounds-scroll"
    ).scroll_into_view_if_needed()  # the table as it opens, not scrolled sideways
    region = page.locator(".rounds-scroll").bounding_box()
    box = link.bounding_box()
    assert box["x"] >= region["x"] and box["x"] + box["width"] <= region["x"] + region["width"] + 0.5
    assert box["x"] + box["width"] <= 390


@pytest.mark.parametrize("phone", ["logged_in", "german_logged_in"])
def test_six_and_seven_character_totals_fit_their_cards(request, night, phone):
    # Issue 37: 100010 overflowed its card and -100000 was clipped.
    page = request.getfixturevalue(phone)
    names = SIX[:4]
    match = play_match(
        night,
        "counter",
        names,
        [
            {"points": {"Anna": 100000, "Beat": -100000, "Cla": 5, "Dora": 0}},
            {"points": {"Anna": 10, "Beat": 0, "Cla": 5, "Dora": 0}},
        ],
    )
    page.goto(match.get_absolute_url())
    for name in names:
        total = page.locator(f'.standings-compact .standing-total[data-player="{name}"]')
        expect(total).to_be_visible()
        fits = total.evaluate(
            "(el) => { const card = el.closest('.standing').getBoundingClientRect();"
            " const box = el.getBoundingClientRect();"
            " return el.scrollWidth <= el.clientWidth + 1 && box.left >= card.left && box.right <= card.right; }"
        )
        assert fits, name
