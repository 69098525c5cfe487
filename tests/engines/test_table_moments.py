"""The moments around a deal in WebKit and Firefox: undo and restore, a live update from another phone,
the German pages."""

import pytest
from playwright.sync_api import expect

from companion.models import Match
from companion.standings import standings
from tests.factories import MatchFactory, play_match

pytestmark = [pytest.mark.engines, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]
DEALS = [
    {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
    {"points": {"Anna": 20, "Beat": 100, "Cla": 20, "Dora": 17}},
]


def open_match(phone, match):
    phone.goto(phone.base + match.get_absolute_url())
    phone.heading("Enter:")


def test_a_round_undone_and_restored_takes_its_points_away_and_back(signed_in, night):
    phone = signed_in
    match = play_match(night, "molotow", ABCD, DEALS)
    open_match(phone, match)
    two_rounds = standings(Match.objects.with_standings().get(pk=match.pk)).totals
    phone.shows_totals(two_rounds)

    phone.tap(phone.button("Undo round 2", exact=False))
    phone.sees("Round 2 was undone.")
    phone.heading("Enter: Round 2 of 12")
    phone.shows_totals({"Anna": 1, "Beat": 1, "Cla": -1, "Dora": -1})
    assert standings(Match.objects.with_standings().get(pk=match.pk)).totals == phone.totals()

    phone.tap(phone.button("Restore round 2", exact=False))
    phone.heading("Enter: Round 3 of 12")
    phone.shows_totals(two_rounds)
    phone.button("Undo round 2", exact=False)
    assert standings(Match.objects.with_standings().get(pk=match.pk)).totals == two_rounds


def test_a_hand_saved_on_a_chromium_phone_reaches_the_page_within_two_seconds(signed_in, logged_in, night):
    phone, chromium = signed_in, logged_in
    match = MatchFactory(night=night, game="murlan", names=ABCD)
    open_match(phone, match)
    phone.shows_totals(dict.fromkeys(ABCD, 0))
    phone.call("() => { window.notReloaded = true; }")
    # Its event stream is open (live.js marks the page): the news comes by it, not by the poll.
    phone.wait("() => document.documentElement.classList.contains('is-live')", what="the stream open")

    chromium.goto(match.get_absolute_url())
    for name in ("Cla", "Anna", "Beat"):  # Dora, the last, fills herself in
        chromium.get_by_role("button", name=name, exact=True).click()
    chromium.get_by_role("button", name="Save hand").click()
    # The next hand's heading is the save's answer: the hand is stored, the two seconds start here.
    expect(chromium.get_by_role("heading", name="Enter: Hand 2", exact=True)).to_be_attached()

    phone.shows_totals({"Anna": 2, "Beat": 1, "Cla": 3, "Dora": 0}, timeout=2)
    phone.heading("Enter: Hand 2")
    assert phone.call("() => window.notReloaded") is True  # brought by the page, not a reload


def test_the_language_switch_gives_the_match_page_in_german(signed_in, night):
    phone = signed_in
    match = MatchFactory(night=night, game="molotow", names=ABCD)
    open_match(phone, match)
    phone.tap(phone.button("Language: Deutsch"))
    phone.heading("Eintragen: Runde 1 von 12")
    assert phone.call("() => document.documentElement.lang") == "de"
    phone.sees("Runde 1 von 12 · Anna gibt · Dora spielt aus")
    phone.type(phone.field("Anna"), "90")
    phone.type(phone.field("Beat"), "9")
    phone.type(phone.field("Cla"), "34")
    phone.sees("Summe 157 / 157 · ✓ geht auf")  # the script's words too
    phone.tap(phone.button("Runde speichern"))
    phone.heading("Eintragen: Runde 2 von 12")
    phone.shows_totals({"Anna": 1, "Beat": 1, "Cla": -1, "Dora": -1})
    phone.sees("Dora gibt · Cla spielt aus")
