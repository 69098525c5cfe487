"""A player's total in the compact standings stays on one line on a 390x844 phone, up to five
characters ("-9999"), for four to six players, in English and German: no sideways scrolling, and
Save still on the first screen."""

import pytest
from playwright.sync_api import expect

from tests.factories import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora", "Emil", "Fritz"]
EVERY_CARD = [value for value in range(1, 22) if value != 11]  # the 11s start on the table
SAVE = {"en": "Save", "de": "speichern"}  # "Save round", "Runde speichern"


def elfer_games(count, games=14):
    """Anna goes out with all seven bonus cards; Beat and Cla hold two of every card but the 1s
    (Beat the jokers too), the others a 1 each: after 14 games 1078, -6748, -6132, -14 (-14)."""
    hand = [value for value in EVERY_CARD if value != 1] * 2
    game = {
        "bonus": {"Anna": 7},
        "cards": {"Beat": hand, "Cla": hand, **{name: [1] for name in NAMES[3:count]}},
        "jokers": {"Beat": 4},
    }
    return [game] * games


FREE_POINTS = [-9999, 9999, -1234, -120, 1234, 0]


def free_scoring_round(count):
    return [{"points": dict(zip(NAMES[:count], FREE_POINTS, strict=False))}]


MATCHES = {
    "elfer": (elfer_games, {}),
    "counter": (free_scoring_round, {}),
}


def totals_on_screen(page):
    """Each total's text, how high its box is, its line height (px), and whether its text is wider than its card."""
    return page.locator(".standings-compact .standing-total").evaluate_all(
        """(totals) => totals.map((total) => [
          total.textContent.trim(),
          total.getBoundingClientRect().height,
          parseFloat(getComputedStyle(total).lineHeight),
          total.scrollWidth > total.clientWidth,
        ])"""
    )


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", sorted(MATCHES))
@pytest.mark.parametrize("count", [4, 5, 6])
def test_each_total_is_one_line_high_with_save_on_the_first_screen(request, night, game, count, language):
    page = request.getfixturevalue("logged_in" if language == "en" else "german_logged_in")
    rounds, options = MATCHES[game]
    match = play_match(night, game, NAMES[:count], rounds(count), options=options)
    page.goto(match.get_absolute_url())
    page.screenshot(path=f"/tmp/standing-totals-{game}-{count}-{language}.png")

    totals = totals_on_screen(page)
    assert len(totals) == count
    assert max(len(text) for text, *_ in totals) >= 5  # the widest totals the tiles must hold
    for text, height, line, too_wide in totals:
        assert height < 1.5 * line, f"{text} takes {height:.0f}px, more than one line of {line:.0f}px"
        assert not too_wide, f"{text} is wider than its card"
    assert page.evaluate("document.documentElement.scrollWidth") == 390
    save = page.locator(".save-round")
    expect(save).to_contain_text(SAVE[language])
    expect(save).to_be_in_viewport(ratio=1)
