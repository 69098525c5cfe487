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
        phone.call("() => window.scrollTo(0, 0)")
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
    shot(phone, "molotow")
