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
