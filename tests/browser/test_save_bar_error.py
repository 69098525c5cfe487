"""A refused save says why in the sticky bar by Save, and that sentence never hides a field: a field
taken in turn (tapped, or reached with the keyboard's Next) comes to rest above the bar, and Save
stays on screen. Six players of Elfer raus!, the tallest entry, on a phone upright and on its side."""

import pytest
from playwright.sync_api import expect

from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Anna", "Beat", "Cla", "Dora", "Ernst", "Gion"]

# Whether a person sees the element: the topmost thing at its centre is it (or inside it).
UNCOVERED = """el => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top !== null && (top === el || el.contains(top));
}"""
ON_SCREEN = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"


def refuse_an_empty_round(page, save):
    page.get_by_role("button", name=save).click()
    expect(page.locator("#entry-error")).to_be_visible()


def hidden_fields(page):
    """The fields of the players' lines that the bar hides once each is focused in turn."""
    hidden = []
    fields = page.locator(".elfer-line input:visible")
    for index in range(fields.count()):
        field = fields.nth(index)
        # As the browser brings a focused field into view (e.g. with the keyboard's Next); at once,
        # not smoothly, so that the test measures where it comes to rest.
        field.evaluate(
            "el => { el.scrollIntoView({block: 'nearest', behavior: 'instant'}); el.focus({preventScroll: true}); }"
        )
        if not field.evaluate(UNCOVERED):
            hidden.append(field.get_attribute("id"))
        assert page.locator(".save-round").evaluate(ON_SCREEN)
    return hidden


@pytest.mark.parametrize("size", [{"width": 844, "height": 390}, {"width": 390, "height": 844}])
def test_the_error_by_save_hides_no_field(logged_in, night, size):
    page = logged_in
    page.set_viewport_size(size)
    match = MatchFactory(night=night, game="elfer", names=SIX)
    page.goto(match.get_absolute_url())
    refuse_an_empty_round(page, "Save game")
    assert page.locator(".elfer-line input:visible").count() == 12
    assert hidden_fields(page) == []


@pytest.mark.parametrize("size", [{"width": 844, "height": 390}, {"width": 390, "height": 844}])
def test_the_german_error_by_save_hides_no_field(german_logged_in, night, size):
    page = german_logged_in
    page.set_viewport_size(size)
    match = MatchFactory(night=night, game="elfer", names=SIX)
    page.goto(match.get_absolute_url())
    refuse_an_empty_round(page, "Spiel speichern")
    assert hidden_fields(page) == []


ENGINE_REFUSALS = {
    "en": (
        "logged_in",
        "{name} went out",
        "Cards left in {name}'s hand",
        "Save game",
        "the 5 is held 5 times",
    ),
    "de": (
        "german_logged_in",
        "{name} ist raus",
        "Karten in der Hand von {name}",
        "Spiel speichern",
        "Die 5",
    ),
}


@pytest.mark.parametrize("size", [{"width": 844, "height": 390}, {"width": 390, "height": 844}])
@pytest.mark.parametrize("language", list(ENGINE_REFUSALS))
def test_the_engines_refusal_by_save_leaves_every_row_in_sight(request, night, size, language):
    """Six hands where five 5s are held: the engine refuses the game. On a phone on its side the
    sentence made the sticky bar taller and it lay over the last rows until the person scrolled."""
    phone, went_out, hand, save, sentence = ENGINE_REFUSALS[language]
    page = request.getfixturevalue(phone)
    page.set_viewport_size(size)
    match = MatchFactory(night=night, game="elfer", names=SIX)
    page.goto(match.get_absolute_url())
    page.get_by_label(went_out.format(name="Anna")).check()
    for name in SIX[1:]:
        page.get_by_label(hand.format(name=name)).fill("5 3" if name == "Gion" else "5")
    page.get_by_role("button", name=save).click()
    error = page.locator("#entry-error")
    expect(error).to_contain_text(sentence, ignore_case=True)
    page.wait_for_timeout(300)  # as a person looks at it, after the page has settled
    page.screenshot(path=f"/tmp/polish-refusal-{language}-{size['width']}.png")
    assert error.evaluate(ON_SCREEN) and error.evaluate(UNCOVERED)
    assert page.locator(".save-round").evaluate(ON_SCREEN)
    # The rows the sentence is about (Beat's to Gion's hands) are on screen, none under the bar.
    for name in SIX[1:]:
        field = page.get_by_label(hand.format(name=name))
        assert field.evaluate(ON_SCREEN), name
        assert field.evaluate(UNCOVERED), name
    assert match.rounds.count() == 0
