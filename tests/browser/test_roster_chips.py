"""The roster's chips on the "start a match" page: every chip whole, the table's regulars first."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import MatchFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OTHERS = [
    f"{first} {last}" for first in ("Anna", "Beat", "Cla", "Dora") for last in ("Muster", "Keller", "Huber")
]


def test_every_chip_shows_whole_and_the_regulars_come_first(logged_in, night, owner):
    page = logged_in
    for name in OTHERS:
        PlayerFactory(owner=owner, name=name)
    # Zora sat at three matches and Yann at two, long ago; Anna Muster at one, last night.
    long_ago = timezone.now() - datetime.timedelta(days=300)
    for names in (["Zora", "Yann"], ["Zora", "Yann"], ["Zora", "Cla Huber"]):
        MatchFactory(night=night, names=names, started_at=long_ago)
    MatchFactory(night=night, names=["Anna Muster", "Beat Keller"], started_at=timezone.now())
    page.goto(f"/nights/{night.pk}/matches/new/")

    chips = page.get_by_role("group", name="Tap a player to seat them").get_by_role("button")
    expect(chips).to_have_count(len(OTHERS) + 2)
    assert chips.all_inner_texts()[:5] == ["Zora", "Yann", "Anna Muster", "Beat Keller", "Cla Huber"]
    box = page.locator(".roster-chips")
    # Nothing is scrolled out of sight or cut: the box is as tall as its chips, each chip inside it.
    assert box.evaluate("element => element.scrollHeight <= element.clientHeight")
    outer = box.bounding_box()
    for chip in chips.all():
        inner = chip.bounding_box()
        assert outer["y"] <= inner["y"] and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
        assert inner["x"] >= 0 and inner["x"] + inner["width"] <= 390
