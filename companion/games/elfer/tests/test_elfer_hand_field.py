"""The Elfer raus! hand field on a phone: "none" looks like a placeholder,
a value that is no card keeps the line inside the screen, and the small radios (went out, deals
first) have thumb-high targets."""

import pytest
from playwright.sync_api import expect

from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Anna", "Beat", "Cla", "Dora", "Ernst", "Gion"]
HEIGHT = "el => el.getBoundingClientRect().height"


@pytest.fixture
def elfer(logged_in, night):
    match = MatchFactory(night=night, game="elfer", names=SIX)
    logged_in.goto(match.get_absolute_url())
    return logged_in


def test_a_hand_of_five_cards_fits_its_field_with_six_players(elfer):
    field = elfer.get_by_label("Cards left in Anna's hand")
    field.fill("3 17 21 5 9")
    assert field.evaluate("el => [el.scrollWidth <= el.clientWidth, el.clientWidth]")[0]
    elfer.get_by_label("Anna went out").check()  # the small words under the radio still check it
    expect(elfer.get_by_label("Anna went out")).to_be_checked()


def test_a_hand_of_five_cards_fits_its_field_in_german_too(german_logged_in, night):
    match = MatchFactory(night=night, game="elfer", names=SIX)
    german_logged_in.goto(match.get_absolute_url())
    field = german_logged_in.locator(".cards-in-hand").first
    field.fill("3 17 21 5 9")
    expect(german_logged_in.locator(".elfer-score").first).to_have_text("= \N{MINUS SIGN}55")
    assert field.evaluate("el => el.scrollWidth <= el.clientWidth")


@pytest.mark.parametrize(("hand", "score"), [("3 17 21 5 9", "55"), ("20 19 18 17 16 15", "105")])
def test_the_live_score_beside_a_hand_shows_whole(elfer, hand, score):
    elfer.get_by_label("Cards left in Beat's hand").fill(hand)
    shown = elfer.locator('.elfer-score[data-score-for="1"]')
    expect(shown).to_have_text(f"= \N{MINUS SIGN}{score}")
    assert shown.evaluate("el => el.innerText") == f"\N{MINUS SIGN}{score}"  # an upright phone drops the "= "
    assert shown.evaluate("el => el.scrollWidth <= el.clientWidth"), "the score is cut off"
    assert elfer.evaluate("document.documentElement.scrollWidth") == 390


def test_none_looks_like_a_placeholder_not_a_typed_hand(elfer):
    field = elfer.get_by_label("Cards left in Anna's hand")
    assert field.get_attribute("placeholder") == "none"
    placeholder = field.evaluate("el => getComputedStyle(el, '::placeholder').fontStyle")
    typed, hint = field.evaluate(
        "el => [getComputedStyle(el).color, getComputedStyle(el, '::placeholder').color]"
    )
    assert placeholder == "italic"
    assert hint != typed


def test_a_value_that_is_no_card_keeps_the_line_on_the_screen(elfer):
    elfer.get_by_label("Cards left in Beat's hand").fill("1" * 31)
    score = elfer.locator('.elfer-score[data-score-for="1"]')
    expect(score).to_have_text("= ?")
    assert score.evaluate("el => el.getBoundingClientRect().right") <= 390
    assert elfer.evaluate("document.documentElement.scrollWidth") == 390


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 844, "height": 390}])
def test_went_out_is_a_thumb_high_target(elfer, size):
    elfer.set_viewport_size(size)
    heights = elfer.locator(".went-out-check .form-check-label").evaluate_all(f"els => els.map({HEIGHT})")
    assert len(heights) == 6 and min(heights) >= 44, heights


def test_deals_first_is_a_thumb_high_target(logged_in, night):
    logged_in.goto(f"/nights/{night.pk}/matches/new/")
    labels = logged_in.locator(".dealer-choice .form-check-label:visible")
    expect(labels.first).to_be_visible()
    heights = labels.evaluate_all(f"els => els.map({HEIGHT})")
    assert heights and min(heights) >= 44, heights


def test_six_letter_names_show_whole_beside_their_hands(german_logged_in, night):
    page = german_logged_in
    names = ["Anna", "Beat", "Cla", "Dora", "Ernst", "Fränzi"]
    match = MatchFactory(night=night, game="elfer", names=names)
    page.goto(match.get_absolute_url())
    # The text's own width (a Range), against the room its cell gives it: an ellipsis means less room.
    cut = page.locator(".elfer-player-name").evaluate_all(
        """(cells) => cells.filter((cell) => {
             const range = document.createRange();
             range.selectNodeContents(cell);
             return range.getBoundingClientRect().width > cell.getBoundingClientRect().width;
           }).map((cell) => cell.textContent.trim())"""
    )
    assert cut == []
