"""With the phone's keyboard open (a screen 544 pixels tall stands in for it), the field being typed
into comes to rest above the sticky Save bar, never behind it: its label and its box stay in sight.
In every game, for the entry's last field, however the browser brings it into view."""

import pytest

from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEYBOARD_OPEN = {"width": 390, "height": 544}
FOUR = ["Anna", "Beat", "Cla", "Dora"]

# Each game's last field of a round, as a person finds it (Murlan's are taps: its last player).
LAST_FIELD = {
    "anrufen": lambda page: page.get_by_label("Card points of the bidder's side"),
    "counter": lambda page: page.get_by_role("textbox", name="Dora", exact=True),
    "molotow": lambda page: page.get_by_role("textbox", name="Dora", exact=True),
    "elfer": lambda page: page.get_by_label("Cards left in Dora's hand"),
    "murlan": lambda page: page.get_by_role("button", name="Dora", exact=True),
}

# How the browser brings a focused field into view: as focus() does on a tap or the keyboard's Next,
# and as scrolling it to the nearest edge does when the keyboard opens under it (at once, not smoothly,
# so that the test measures where it comes to rest).
BRING_INTO_VIEW = {
    "focus": "el => el.focus()",
    "keyboard": "el => { el.focus({preventScroll: true}); el.scrollIntoView({block: 'nearest', behavior: 'instant'}); }",
}

# Waits until the page has stopped scrolling (a game's script may scroll on focus, smoothly).
AT_REST = """async () => {
  const frame = () => new Promise(resolve => requestAnimationFrame(resolve));
  let still = 0, last = scrollY;
  while (still < 10) { await frame(); still = scrollY === last ? still + 1 : 0; last = scrollY; }
}"""

# Where the field's label and box are, and where the Save bar begins.
BOXES = """el => {
  const bar = document.querySelector('.save-bar').getBoundingClientRect();
  const label = el.labels && el.labels.length ? el.labels[0].getBoundingClientRect() : el.getBoundingClientRect();
  const box = el.getBoundingClientRect();
  return {top: Math.min(label.top, box.top), bottom: box.bottom, bar: bar.top};
}"""


@pytest.mark.parametrize("how", sorted(BRING_INTO_VIEW))
@pytest.mark.parametrize("game", sorted(LAST_FIELD))
def test_the_last_field_comes_to_rest_above_the_save_bar(logged_in, night, game, how):
    page = logged_in
    page.set_viewport_size(KEYBOARD_OPEN)
    match = MatchFactory(night=night, game=game, names=FOUR)
    page.goto(match.get_absolute_url())
    page.wait_for_load_state("networkidle")  # the game's script has laid out its entry
    field = LAST_FIELD[game](page)
    field.evaluate(BRING_INTO_VIEW[how])
    page.evaluate(AT_REST)
    seen = field.evaluate(BOXES)
    assert seen["top"] >= 0, seen
    assert seen["bottom"] <= seen["bar"], seen
