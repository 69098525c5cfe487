"""A phone set to Swiss German (de-CH): a round of each of the five games and the main pages, no English on them.

Every page is checked as the browser shows it, scripts' words included, against the English of the
catalogue (tests/german.py). The switch in the menu changes the language and back.
"""

import re

import pytest
from playwright.sync_api import expect

from companion.models import GameNight, Match
from tests.factories import MatchFactory, PlayerFactory
from tests.german import english_on_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOUR = ["Anna", "Beat", "Cla", "Dora"]


def german_throughout(page):
    """The page as shown now: German <html lang>, and no English sentence or word of the interface."""
    assert page.locator("html").get_attribute("lang") == "de", page.url
    assert english_on_page(page.content()) == [], page.url


def saved(page, heading):
    expect(page.get_by_role("heading", name=re.compile(re.escape(heading)))).to_be_visible()
    german_throughout(page)


def play_molotow(page):
    expect(page.locator(".round-line")).to_contain_text("Runde 1 von 12 · Anna gibt · Dora spielt aus")
    page.get_by_role("textbox", name="Anna", exact=True).fill("90")
    page.get_by_role("textbox", name="Beat", exact=True).fill("9")
    page.get_by_role("textbox", name="Cla", exact=True).press_sequentially("34")
    expect(page.locator("[data-sum]")).to_have_text("Summe 157 / 157 · ✓ geht auf")
    german_throughout(page)
    page.get_by_role("button", name="Runde speichern").click()
    saved(page, "Eintragen: Runde 2 von 12")


def play_anrufen(page):
    expect(page.get_by_text("Alle haben mit 10 Jetons begonnen")).to_be_visible()
    page.get_by_role("group", name="Ansager", exact=True).get_by_text("Anna", exact=True).click()
    page.get_by_role("group", name="Partner", exact=True).get_by_text("Cla", exact=True).click()
    for _tap in range(5):
        page.get_by_role("button", name="10 Punkte mehr").click()
    preview = page.get_by_role("status").filter(has=page.locator(".preview-outcome"))
    expect(preview).to_contain_text("✓ gewonnen · Einsatz 1")
    german_throughout(page)
    page.get_by_role("button", name="Runde speichern").click()
    saved(page, "Eintragen: Runde 2")


def play_elfer(page):
    expect(page.get_by_text("Noch 7 Bonuskarten")).to_be_visible()
    page.get_by_text("Bonustafel", exact=True).click()
    page.get_by_role("button", name="Rot 1\u201311", exact=True).click()
    page.get_by_role("group", name="Wer hat Rot 1\u201311 fertig gelegt?").get_by_role(
        "button", name="Beat", exact=True
    ).click()
    expect(page.get_by_text("Noch 6 Bonuskarten")).to_be_visible()
    page.get_by_label("Anna ist raus").check()
    page.get_by_label("Karten in der Hand von Beat").fill("3 17")
    page.get_by_label("Karten in der Hand von Cla").fill("21")
    page.get_by_label("Karten in der Hand von Dora").fill("12")
    german_throughout(page)
    page.get_by_role("button", name="Spiel speichern").click()
    saved(page, "Eintragen: Spiel 2")


def play_murlan(page):
    expect(page.get_by_text("Wer die Pik 3 (3♠) hat, beginnt")).to_be_visible()
    for name in ["Beat", "Anna", "Dora"]:  # the last place fills itself in
        page.get_by_role("button", name=name, exact=True).click()
    german_throughout(page)
    page.get_by_role("button", name="Runde speichern").click()
    saved(page, "Eintragen: Runde 2")


PLAY = {"molotow": play_molotow, "anrufen": play_anrufen, "elfer": play_elfer, "murlan": play_murlan}


def start_and_play_counter(page, night):
    """Free scoring, set up through the real (German) form: seats, house rules, then a round."""
    page.goto(f"/nights/{night.pk}/matches/new/")
    german_throughout(page)
    page.get_by_text("Freie Wertung", exact=True).click()
    expect(page.get_by_role("combobox", name=re.compile(r"^Platz 1\b"))).to_be_visible()
    page.wait_for_load_state("networkidle")  # the seats of the chosen game are in
    for name in FOUR:
        page.get_by_role("button", name=name, exact=True).click()
    page.get_by_text(re.compile("^Hausregeln")).first.click()
    page.get_by_label("Ziel").fill("100")
    page.get_by_label("Tiefste Summe gewinnt").check()
    german_throughout(page)
    page.get_by_role("button", name="Partie beginnen").click()
    # The four still play the Molotow match of the night: the page asks first, in German too.
    expect(
        page.get_by_role("alert").get_by_text("Anna spielt gerade eine andere Partie Molotow-Jass.")
    ).to_be_visible()
    page.get_by_role("button", name="Partie trotzdem starten").click()
    expect(page.get_by_role("heading", name="Freie Wertung")).to_be_visible()
    german_throughout(page)
    page.get_by_label("Beat", exact=True).fill("5")
    page.get_by_role("button", name="Minus für Beat").click()
    page.get_by_label("Anna", exact=True).fill("13")
    page.get_by_role("button", name="Runde speichern").click()
    # The standings change at the tap (the live preview's); the next round's heading is the save's answer.
    saved(page, "Eintragen: Runde 2")
    expect(page.locator('.standing-total[data-player="Beat"]')).to_have_text("-5")


def test_a_swiss_german_phone_plays_a_round_of_each_game_in_german(german_logged_in, owner):
    page = german_logged_in
    for name in FOUR:
        PlayerFactory(owner=owner, name=name)
    german_throughout(page)
    page.get_by_label("Titel").fill("Jassabend im Rössli")
    page.get_by_role("button", name="Abend beginnen").click()
    expect(page.get_by_role("heading", name="Jassabend im Rössli")).to_be_visible()
    german_throughout(page)
    night = GameNight.objects.get(title="Jassabend im Rössli")
    for game, play in PLAY.items():
        match = MatchFactory(night=night, game=game, names=FOUR)
        page.goto(match.get_absolute_url())
        german_throughout(page)
        play(page)
    start_and_play_counter(page, night)
    assert [match.round_count for match in Match.objects.filter(night=night)] == [1, 1, 1, 1, 1]


def test_the_main_pages_are_german_on_a_swiss_german_phone(german_logged_in, night):
    page = german_logged_in
    match = MatchFactory(night=night, game="murlan", names=FOUR)
    pages = [
        "/",
        "/nights/",
        f"/nights/{night.pk}/",
        f"/nights/{night.pk}/members/",
        f"/nights/{night.pk}/share/",
        f"/nights/{night.pk}/report/",
        f"/nights/{night.pk}/matches/new/",
        "/nights/import/",
        "/players/",
        "/leaderboards/",
        "/rules/",
        f"/matches/{match.pk}/",
        f"/matches/{match.pk}/history/",
        f"/matches/{match.pk}/share/",
        f"/matches/{match.pk}/rules/",
    ]
    for url in pages:
        page.goto(url)
        german_throughout(page)


def test_the_menus_switch_changes_the_language_and_back(german_logged_in):
    page = german_logged_in
    page.goto("/players/")
    page.get_by_role("button", name="Sprache: English").click()
    expect(page.get_by_role("heading", name="Players", exact=True)).to_be_visible()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.url.endswith("/players/")
    page.get_by_role("button", name="Language: Deutsch").click()
    expect(page.get_by_role("heading", name="Spieler", exact=True)).to_be_visible()
    german_throughout(page)


def test_the_elfer_keypad_buttons_are_named_in_german_word_order(german_logged_in, night):
    """The button by a hand's field is read out as one German phrase, the verb last."""
    page = german_logged_in
    match = MatchFactory(night=night, game="elfer", names=FOUR)
    page.goto(match.get_absolute_url())
    for name in FOUR:
        button = page.get_by_role("button", name=f"Karten von {name} antippen", exact=True)
        expect(button).to_be_visible()
        expect(button).to_have_text("Tippen")
    expect(page.get_by_role("button", name=re.compile("^Tippen die Karten"))).to_have_count(0)
