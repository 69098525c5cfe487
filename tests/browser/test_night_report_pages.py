"""A six-match night's report, printed to PDF by Chromium, fits on two A4 pages."""

import datetime
import random

import pytest

from companion.demo.generate import DemoNight, demo_match
from companion.demo.store import group_roster, store_batch
from companion.models import GameNight
from tests.browser.test_printing_pdf import print_to_pdf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = [
    ("molotow", 4),
    ("anrufen", 4),
    ("elfer", 6),
    ("murlan", 5),
    ("counter", 6),
    ("molotow", 4),
]


def six_match_night(owner):
    rng = random.Random(37)
    roster = group_roster(owner)
    names = list(roster)
    skill = dict.fromkeys(names, 1.0)
    plan = DemoNight(
        title="Six matches",
        date=datetime.date(2026, 12, 3),
        place="Bern",
        notes="",
        matches=tuple(demo_match(rng, game, names[:players], skill) for game, players in SIX),
    )
    store_batch(owner, roster, [plan])
    return GameNight.objects.get(owner=owner, title="Six matches")


def test_a_six_match_night_report_prints_on_two_a4_pages(logged_in, owner, tmp_path):
    night = six_match_night(owner)
    pages, _size, text = print_to_pdf(logged_in, f"/nights/{night.pk}/report/", tmp_path)
    assert "6. Molotow" in text.replace("  ", " ") or "6. Molotow Jass" in text
    assert pages <= 2
