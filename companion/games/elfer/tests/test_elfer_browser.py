"""Elfer raus! Master on a phone: the bonus board during a game, the end-of-game form, undo and edit."""

import os
import re

import pytest
from playwright.sync_api import expect

from companion.models import Match
from companion.standings import standings
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla"]
SHOTS = os.environ.get("ELFER_SHOTS")  # a folder: save screenshots there while working on the layout


def shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def totals_on_screen(page):
    return {name: int(page.locator(f'.standing-total[data-player="{name}"]').inner_text()) for name in NAMES}


def complete_side(page, side, name):
    """Tap a side of the board, then the player who laid its last card."""
    page.get_by_role("button", name=side, exact=True).click()
    page.get_by_role("group", name=f"Who completed {side}?").get_by_role(
        "button", name=name, exact=True
    ).click()


def open_board(page):
    """The bonus board opens in place under its summary line, and stays open across its own taps."""
    page.get_by_text("Bonus board", exact=True).click()
    expect(page.get_by_role("button", name="Red 1\u201311", exact=True)).to_be_visible()


def open_counts(page):
    """Bonus cards and jokers open in place under their summary line."""
    page.get_by_text("Bonus cards and jokers", exact=True).click()


def tap_cards(page, name, *values):
    page.get_by_role("button", name=f"Tap the cards of {name}").click()
    keypad = page.get_by_role("group", name=f"Cards for {name}")
    for value in values:
        keypad.get_by_role("button", name=str(value), exact=True).click()
    return keypad


def test_an_elfer_match_with_the_bonus_board_from_first_game_to_winner(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="elfer", names=NAMES, options={"rounds": 2})
    page.goto(match.get_absolute_url())
    expect(page.get_by_text("7 bonus cards left")).to_be_visible()
    shot(page, "1-start")

    # During the game: Beat completes red 1-11; a mis-tap on blue is taken back.
    open_board(page)
    complete_side(page, "Red 1\u201311", "Beat")
    expect(page.get_by_text("6 bonus cards left")).to_be_visible()
    expect(page.locator(".side-holder")).to_have_text(["✓ Beat"])
    complete_side(page, "Blue 11\u201321", "Cla")
    expect(page.get_by_text("5 bonus cards left")).to_be_visible()
    page.get_by_role("button", name="Undo Blue 11\u201321 (Cla)").click()
    expect(page.get_by_text("6 bonus cards left")).to_be_visible()
    open_counts(page)
    expect(page.get_by_label("Beat's bonus cards")).to_have_value("1")

    # A hand typed before a late tap on the board is still there after it.
    page.get_by_label("Cards left in Cla's hand").fill("5")
    complete_side(page, "Yellow 1\u201311", "Anna")
    expect(page.get_by_label("Anna's bonus cards")).to_have_value("1")
    expect(page.get_by_label("Cards left in Cla's hand")).to_have_value("5")
    shot(page, "2-board")

    # The end of game 1: Anna went out; her hand empties and locks.
    page.get_by_label("Cards left in Anna's hand").fill("9")
    page.get_by_label("Anna went out").check()
    expect(page.get_by_label("Cards left in Anna's hand")).to_have_value("")
    expect(page.get_by_label("Cards left in Anna's hand")).to_be_disabled()
    # Beat holds 3, 17 (a 20 tapped by mistake is taken back) and a joker: 11 - 20 - 11.
    keypad = tap_cards(page, "Beat", 3, 17, 20)
    keypad.get_by_role("button", name="Take back the last card of Beat").click()
    expect(page.get_by_label("Cards left in Beat's hand")).to_have_value("3 17")
    open_counts(page)
    page.get_by_role("button", name="One joker more for Beat").click()
    expect(page.get_by_label("Beat's jokers")).to_have_value("1")
    expect(page.locator('.elfer-score[data-score-for="1"]')).to_have_text("= \u221220")
    shot(page, "3-entry")
    page.get_by_role("button", name="Save game").click()
    expect(page.get_by_role("heading", name="Enter: Game 2 of 2")).to_be_visible()
    assert totals_on_screen(page) == {"Anna": 11, "Beat": -20, "Cla": -5}
    expect(page.get_by_text("7 bonus cards left")).to_be_visible()  # a new game, a new board
    expect(page.locator(".went-out-note")).to_have_text("Anna went out")

    # A wrong game 2 is saved, then undone.
    page.get_by_label("Anna went out").check()
    page.get_by_label("Cards left in Beat's hand").fill("4")
    page.get_by_label("Cards left in Cla's hand").fill("6")
    page.get_by_role("button", name="Save game").click()
    expect(page.get_by_role("heading", name="🏆 Anna wins!")).to_be_visible()
    page.get_by_role("button", name=re.compile("Undo game 2")).click()
    expect(page.get_by_role("heading", name="Enter: Game 2 of 2")).to_be_visible()

    # The real game 2: Beat went out with two bonus cards; Anna holds 21, Cla 1 and 2.
    page.get_by_label("Beat went out").check()
    open_counts(page)
    page.get_by_role("button", name="One bonus card more for Beat").click()
    page.get_by_role("button", name="One bonus card more for Beat").click()
    page.get_by_label("Cards left in Anna's hand").fill("21")
    page.get_by_label("Cards left in Cla's hand").fill("1, 2")
    page.get_by_role("button", name="Save game").click()
    expect(page.get_by_role("heading", name="🏆 Beat wins!")).to_be_visible()
    assert totals_on_screen(page) == {"Anna": -10, "Beat": 2, "Cla": -8}
    shot(page, "4-finished")

    # Edit game 1 (not the last, so it asks first): Cla held a 6 as well.
    page.get_by_role("link", name="Edit game 1").click()
    expect(page.get_by_label("Anna went out")).to_be_checked()
    expect(page.get_by_label("Cards left in Beat's hand")).to_have_value("3 17")
    page.get_by_label("Cards left in Cla's hand").fill("5 6")
    shot(page, "5-edit")
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_role("heading", name="Change game 1?")).to_be_visible()
    page.get_by_role("button", name="Yes, change game 1").click()
    # Back on the scoreboard after the change (the confirmation page has no winner) before the database is read.
    expect(page.get_by_role("heading", name="🏆 Beat wins!")).to_be_visible()

    expected = standings(Match.objects.get(pk=match.pk))
    assert expected.finished and expected.winners == ("Beat",)
    assert totals_on_screen(page) == expected.totals == {"Anna": -10, "Beat": 2, "Cla": -14}


def test_a_hand_that_is_not_numbers_is_refused_next_to_the_field(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="elfer", names=NAMES)
    page.goto(match.get_absolute_url())
    page.get_by_label("Anna went out").check()
    page.get_by_label("Cards left in Beat's hand").fill("3 J")
    expect(page.locator('.elfer-score[data-score-for="1"]')).to_have_text("= ?")
    page.get_by_label("Cards left in Cla's hand").fill("4")
    page.get_by_role("button", name="Save game").click()
    expect(page.get_by_text("Enter the card values as numbers, e.g. 3,17,21", exact=True)).to_be_visible()
    # By Save too, with the field it is about (the field may be out of sight).
    expect(page.get_by_role("alert")).to_contain_text(
        "Cards left in Beat's hand: Enter the card values as numbers"
    )
    expect(page.get_by_label("Cards left in Cla's hand")).to_have_value("4")
    assert not Match.objects.get(pk=match.pk).rounds.exists()
