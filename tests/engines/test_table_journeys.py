"""A match of each game entered at a phone (390x844) in WebKit and in Firefox: the totals a person sees."""

import pytest

from companion.models import Match
from companion.standings import standings
from tests.engines.phones import shots_folder
from tests.factories import MatchFactory

pytestmark = [pytest.mark.engines, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]


def open_match(phone, match):
    phone.goto(phone.base + match.get_absolute_url())
    phone.heading("Enter:")


def engine_totals(match):
    return standings(Match.objects.with_standings().get(pk=match.pk)).totals


def shot(phone, game):
    folder = shots_folder()
    if folder:
        folder.mkdir(parents=True, exist_ok=True)
        # The top of the page, as a person opening it sees it (after htmx's own scroll has settled).
        phone.call("() => new Promise((done) => setTimeout(done, 500))")
        phone.call("() => window.scrollTo({top: 0, behavior: 'instant'})")
        phone.call("() => new Promise((done) => setTimeout(done, 300))")
        phone.screenshot(folder / f"{phone.engine.lower()}-{game}.png")


def test_a_molotow_match_shows_the_totals_of_two_deals(signed_in, night):
    phone = signed_in
    match = MatchFactory(night=night, game="molotow", names=ABCD)
    open_match(phone, match)
    phone.sees("Round 1 of 12 · Anna deals · Dora leads")
    phone.type(phone.field("Anna"), "90")
    phone.type(phone.field("Beat"), "9")
    phone.type(phone.field("Cla"), "34")
    assert phone.value(phone.field("Dora")) == "24"  # the rest, filled in
    phone.sees("Sum 157 / 157 · ✓ adds up")
    phone.tap(phone.button("Save round"))
    phone.heading("Enter: Round 2 of 12")
    phone.shows_totals({"Anna": 1, "Beat": 1, "Cla": -1, "Dora": -1})

    phone.type(phone.field("Anna"), "20")
    phone.type(phone.field("Beat"), "100")
    phone.type(phone.field("Cla"), "20")
    phone.tap(phone.button("Save round"))
    phone.heading("Enter: Round 3 of 12")
    phone.shows_totals(engine_totals(match))
    assert match.rounds.count() == 2
    # Beat's three potatoes: three whole rings. WebKit cut the last tile of a repeated background
    # ("○○C"), so each ring is a layer of its own that the group's width shows or not.
    rings = phone.call(
        "() => { const card = document.querySelector('.standing-total[data-player=\"Beat\"]').closest('.standing');"
        " const group = card.querySelector('.tally-potatoes .tally-group');"
        " const style = getComputedStyle(group);"
        " return {repeat: style.backgroundRepeat, width: group.getBoundingClientRect().width,"
        " ring: parseFloat(style.fontSize) * 0.7}; }"
    )
    assert set(rings["repeat"].split(", ")) == {"no-repeat"}
    assert round(rings["width"] / rings["ring"]) == 3
    shot(phone, "molotow")


def tap_in_group(phone, group, choice):
    """Tap a toggle (a radio or checkbox styled as a button) by its label, inside a labelled group."""
    phone.tap(phone.find("text", choice, within=phone.find("group", group)))


def test_an_anrufen_match_shows_the_tokens_after_two_deals(signed_in, night):
    phone = signed_in
    match = MatchFactory(night=night, game="anrufen", names=ABCD, options={"rounds": 4})
    open_match(phone, match)
    phone.sees("Everybody started with 10 tokens")
    tap_in_group(phone, "Bidder", "Anna")
    tap_in_group(phone, "Partner", "Cla")
    for _tap in range(5):
        phone.tap(phone.button("10 points more"))
    assert phone.value(phone.field("Card points of the bidder's side")) == "50"
    phone.sees("✓ made · stake 1")
    phone.tap(phone.button("Save round"))
    phone.heading("Enter: Round 2")
    phone.shows_totals({"Anna": 11, "Beat": 9, "Cla": 11, "Dora": 9})

    # Dora alone, No tricks, and she takes none: the partner and the points go, the tricks come.
    tap_in_group(phone, "Bidder", "Dora")
    tap_in_group(phone, "Contract (stake)", "No tricks (2)")
    phone.type(phone.field("Tricks of the bidder's side"), "0")
    phone.sees("✓ made · stake 2")
    phone.tap(phone.button("Save round"))
    phone.heading("Enter: Round 3")
    phone.shows_totals({"Anna": 9, "Beat": 7, "Cla": 9, "Dora": 15})
    assert engine_totals(match) == phone.totals()
    shot(phone, "anrufen")


def test_an_elfer_match_shows_the_points_of_two_games(signed_in, night):
    phone = signed_in
    abc = ABCD[:3]
    match = MatchFactory(night=night, game="elfer", names=abc, options={"rounds": 3})
    open_match(phone, match)
    phone.sees("7 bonus cards left")
    phone.tap(phone.field("Anna went out"))
    phone.type(phone.field("Cards left in Beat's hand"), "3 17")
    phone.type(phone.field("Cards left in Cla's hand"), "5")
    phone.tap(phone.button("Save game"))
    phone.heading("Enter: Game 2 of 3")
    phone.shows_totals(engine_totals(match))
    assert phone.totals()["Beat"] < 0

    phone.tap(phone.field("Beat went out"))
    phone.type(phone.field("Cards left in Anna's hand"), "21")
    phone.type(phone.field("Cards left in Cla's hand"), "1, 2")
    phone.tap(phone.button("Save game"))
    phone.heading("Enter: Game 3 of 3")
    phone.shows_totals(engine_totals(match))
    assert match.rounds.count() == 2
    shot(phone, "elfer")


def test_a_murlan_match_shows_the_points_of_two_hands(signed_in, night):
    phone = signed_in
    match = MatchFactory(night=night, game="murlan", names=ABCD)
    open_match(phone, match)
    phone.sees("Whoever holds the 3♠ starts")
    for name in ("Beat", "Anna", "Cla"):  # Dora, the last, fills herself in
        phone.tap(phone.button(name))
    phone.tap(phone.button("Save hand"))
    phone.heading("Enter: Hand 2")
    phone.shows_totals({"Anna": 2, "Beat": 3, "Cla": 1, "Dora": 0})

    for name in ("Anna", "Beat", "Cla"):
        phone.tap(phone.button(name))
    phone.tap(phone.button("Save hand"))
    phone.heading("Enter: Hand 3")
    phone.shows_totals({"Anna": 5, "Beat": 5, "Cla": 2, "Dora": 0})
    assert engine_totals(match) == phone.totals()
    shot(phone, "murlan")


def test_a_free_scoring_match_shows_the_sums_of_two_rounds(signed_in, night):
    phone = signed_in
    match = MatchFactory(night=night, game="counter", names=ABCD)
    open_match(phone, match)
    phone.type(phone.field("Anna"), "13")
    phone.type(phone.field("Beat"), "5")
    phone.tap(phone.button("Minus for Beat"))  # a phone's keypad has no minus
    assert phone.value(phone.field("Beat")) == "-5"
    phone.type(phone.field("Cla"), "18")
    phone.tap(phone.button("Save round"))  # Dora left blank: 0
    phone.heading("Enter: Round 2")
    phone.shows_totals({"Anna": 13, "Beat": -5, "Cla": 18, "Dora": 0})

    for name, points in zip(ABCD, ("40", "2", "90", "26"), strict=True):
        phone.type(phone.field(name), points)
    phone.tap(phone.button("Save round"))
    phone.heading("Enter: Round 3")
    phone.shows_totals({"Anna": 53, "Beat": -3, "Cla": 108, "Dora": 26})
    assert engine_totals(match) == phone.totals()
    shot(phone, "counter")
