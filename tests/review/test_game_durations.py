"""How long a game takes, on the leaderboard: average duration per match and per round, breaks left out."""

import datetime

import pytest
from django.urls import reverse

from companion.models import Match
from companion.review.durations import average_durations
from tests.factories import GameNightFactory, play_match

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 11, 27, 19, 0, tzinfo=datetime.UTC)


def timed_murlan(night, minutes, *, paused=0, hands=2):
    """A finished two-player Murlan of ``hands`` hands that took ``minutes`` with ``paused`` seconds of breaks."""
    match = play_match(
        night,
        "murlan",
        ["Anna", "Beat"],
        [{"order": ["Anna", "Beat"]}] * hands,
        options={"target": 2, "max_target": 2},
    )
    Match.objects.filter(pk=match.pk).update(
        started_at=START, finished_at=START + datetime.timedelta(minutes=minutes), paused_seconds=paused
    )
    return match


def test_the_average_match_and_round_leave_the_breaks_out(night, owner):
    timed_murlan(night, 30, paused=600)  # 20 minutes played, 2 hands
    timed_murlan(night, 40)  # 40 minutes, 2 hands
    durations = average_durations(owner, "murlan")
    assert durations.matches == 2
    assert durations.per_match == datetime.timedelta(minutes=30)
    assert durations.per_round == datetime.timedelta(minutes=15)


def test_matches_without_times_and_of_other_nights_do_not_count(night, owner, outsider):
    timed_murlan(night, 40)
    play_match(
        night,
        "murlan",
        ["Anna", "Beat"],
        [{"order": ["Anna", "Beat"]}] * 2,
        options={"target": 2, "max_target": 2},
    )
    Match.objects.filter(finished_at__isnull=False, started_at__gt=START).update(
        started_at=START, finished_at=START
    )
    timed_murlan(GameNightFactory(owner=outsider), 10)
    assert average_durations(owner, "murlan").per_match == datetime.timedelta(minutes=40)


def test_no_timed_match_says_nothing(owner):
    assert average_durations(owner, "murlan").matches == 0


def test_the_leaderboard_says_how_long_a_game_takes(persona_client, night):
    timed_murlan(night, 50)
    page = (
        persona_client("member")
        .get(reverse("leaderboard"), {"game": "murlan", "period": "all"})
        .content.decode()
    )
    assert "An average match takes 50 min, a round 25 min" in page


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "An average match takes under 1 min, a round under 1 min"), ("de", "unter 1 Min.")],
)
def test_a_match_shorter_than_a_minute_is_not_said_to_take_0_min(persona_client, night, language, said):
    # Issue 37: "an average match takes 0 min".
    timed_murlan(night, 0.5)
    page = (
        persona_client("member")
        .get(
            reverse("leaderboard"), {"game": "murlan", "period": "all"}, headers={"accept-language": language}
        )
        .content.decode()
    )
    assert said in page
    assert "0 min" not in page and "0 Min." not in page
