"""On a phone at the table, Elfer raus! speaks of games and Murlan of hands, in English and German:
Save, Undo, Restore and the heading of the table below say the game's own word."""

import pytest
from playwright.sync_api import expect

from tests.factories import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]
ELFER_GAME = {"cards": {"Beat": [3], "Cla": [5], "Dora": [7]}}  # Anna went out
IN_VIEW = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"

CASES = {
    "elfer-en": (
        "logged_in",
        "elfer",
        ELFER_GAME,
        ["Save game", "Undo game 2", "Game 2 was undone.", "Restore game 2", "Games"],
    ),
    "elfer-de": (
        "german_logged_in",
        "elfer",
        ELFER_GAME,
        [
            "Spiel speichern",
            "Spiel 2 rückgängig machen",
            "Spiel 2 wurde rückgängig gemacht.",
            "Spiel 2 wiederherstellen",
            "Spiele",
        ],
    ),
    "murlan-en": (
        "logged_in",
        "murlan",
        {"order": ABCD},
        ["Save hand", "Undo hand 2", "Hand 2 was undone.", "Restore hand 2", "Hands"],
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_undo_and_restore_say_the_games_word_for_a_round(request, night, case):
    phone, game, entry, (save, undo, undone, restore, heading) = CASES[case]
    page = request.getfixturevalue(phone)
    match = play_match(night, game, ABCD, [entry, entry])
    page.goto(match.get_absolute_url())
    expect(page.get_by_role("button", name=save, exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_attached()
    page.get_by_role("button", name=undo).click()
    button = page.get_by_role("button", name=restore)
    expect(button).to_be_visible()
    page.wait_for_timeout(300)  # htmx scrolls to the top of the scoreboard once the swap has settled
    notice = page.get_by_role("status").filter(has_text=undone)
    expect(notice).to_be_visible()
    assert button.evaluate(IN_VIEW) and notice.evaluate(IN_VIEW)
    page.screenshot(path=f"/tmp/polish-round-words-{case}.png")
    button.click()
    expect(page.get_by_role("button", name=undo)).to_be_attached()
    assert match.rounds.count() == 2
