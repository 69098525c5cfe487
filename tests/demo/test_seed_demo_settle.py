"""The demo data shows settling up and the match clock: nights with prices, matches with breaks and notes."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from companion.games import registry
from companion.models import GameNight, Match
from companion.play.clock import played

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeded(owner):
    call_command("seed_demo", "--nights", "40", "--owner", "owner", "--seed", "3", stdout=io.StringIO())
    return owner


def test_some_demo_nights_play_for_money_and_their_page_says_who_pays_whom(seeded, client):
    priced = GameNight.objects.exclude(prices={})
    assert 0 < priced.count() < GameNight.objects.count()
    client.force_login(seeded)
    night = next(
        night for night in priced if night.matches.filter(finished_at__isnull=False, game__in=night.prices)
    )
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Settle up" in page
    assert " pays " in page or "Everybody is even" in page


def test_some_demo_matches_had_a_break_that_their_clock_leaves_out(seeded):
    paused = list(Match.objects.filter(paused_seconds__gt=0, round_count__gt=0))
    assert paused
    for match in paused:
        minutes = registry.get(match.game).demo.minutes_per_round
        assert played(match) == datetime.timedelta(minutes=minutes * match.round_count)


def test_some_demo_matches_carry_notes(seeded):
    assert Match.objects.exclude(notes="").exists()
