"""The match clock (started, ended, breaks, duration) and a match's notes."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from companion.models import Match
from companion.play import clock
from tests.factories import MatchFactory, play_match

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)


def at(minutes):
    return START + datetime.timedelta(minutes=minutes)


def finished_counter(night, **fields):
    match = play_match(night, "counter", ["Anna", "Beat"], [{"points": {"Anna": 3}}], closed=True)
    Match.objects.filter(pk=match.pk).update(**fields)
    match.refresh_from_db()
    return match


def test_a_match_played_without_a_break_took_from_start_to_end(night):
    match = Match(night=night, started_at=START, finished_at=at(75))
    assert clock.played(match) == datetime.timedelta(minutes=75)
    assert clock.clock(match).played_text == "1 h 15 min"


def test_breaks_taken_do_not_count(night):
    match = Match(night=night, started_at=START, finished_at=at(75), paused_seconds=600)
    assert clock.played(match) == datetime.timedelta(minutes=65)


def test_a_break_going_on_stops_the_clock(night):
    match = Match(night=night, started_at=START, paused_at=at(30), paused_seconds=300)
    assert clock.played(match, now=at(50)) == datetime.timedelta(minutes=25)
    assert clock.clock(match, now=at(50)).paused_since == at(30)


def test_a_match_that_ended_on_a_break_counts_the_break_up_to_its_end(night):
    match = Match(night=night, started_at=START, finished_at=at(60), paused_at=at(40))
    assert clock.played(match, now=at(500)) == datetime.timedelta(minutes=40)


def test_short_durations_are_in_minutes(night):
    assert clock.duration_text(datetime.timedelta(minutes=42, seconds=59)) == "42 min"


def test_pause_then_resume_adds_the_break(persona_client, night):
    match = MatchFactory(night=night, started_at=START)
    client = persona_client("member")
    response = client.post(reverse("match_pause", args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"].endswith(f"/matches/{match.pk}/#match-clock")
    match.refresh_from_db()
    assert match.paused_at is not None
    Match.objects.filter(pk=match.pk).update(paused_at=timezone.now() - datetime.timedelta(minutes=7))
    client.post(reverse("match_resume", args=[match.pk]))
    match.refresh_from_db()
    assert match.paused_at is None
    assert 7 * 60 <= match.paused_seconds < 8 * 60


def test_pausing_twice_keeps_the_first_break(persona_client, night):
    match = MatchFactory(night=night)
    client = persona_client("owner")
    client.post(reverse("match_pause", args=[match.pk]))
    first = Match.objects.get(pk=match.pk).paused_at
    client.post(reverse("match_pause", args=[match.pk]))
    assert Match.objects.get(pk=match.pk).paused_at == first


def test_a_finished_match_cannot_be_paused_and_says_so(persona_client, night):
    match = finished_counter(night)
    response = persona_client("owner").post(reverse("match_pause", args=[match.pk]), follow=True)
    assert "The match is over: there is no clock to pause." in response.content.decode()
    assert Match.objects.get(pk=match.pk).paused_at is None


def test_a_pause_does_not_change_the_matchs_version(persona_client, night):
    match = MatchFactory(night=night)
    persona_client("owner").post(reverse("match_pause", args=[match.pk]))
    assert Match.objects.get(pk=match.pk).version == match.version


@pytest.mark.parametrize("name", ["match_pause", "match_resume", "match_notes"])
def test_outsiders_cannot_touch_the_clock_or_notes(persona_client, night, name):
    match = MatchFactory(night=night)
    assert persona_client("outsider").post(reverse(name, args=[match.pk])).status_code == 404


@pytest.mark.parametrize("name", ["match_pause", "match_resume"])
def test_pause_and_resume_need_a_post(persona_client, night, name):
    match = MatchFactory(night=night)
    assert persona_client("owner").get(reverse(name, args=[match.pk])).status_code == 405


def test_the_match_page_shows_the_clock_and_offers_a_pause(persona_client, night):
    match = MatchFactory(night=night)
    page = persona_client("owner").get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "Played so far: 0 min" in page
    assert "Pause for a break" in page


def test_the_match_page_of_a_paused_match_offers_resume(persona_client, night):
    match = MatchFactory(night=night, paused_at=timezone.now())
    page = persona_client("owner").get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "the clock is stopped" in page
    assert "Pause for a break" not in page


def test_a_finished_match_shows_how_long_it_took(persona_client, night):
    match = finished_counter(night, started_at=START, finished_at=at(95), paused_seconds=600)
    page = persona_client("owner").get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "Took 1 h 25 min" in page
    assert "(breaks of 10 min not counted)" in page
    assert "Pause for a break" not in page


def test_the_night_report_shows_each_matchs_clock_and_notes(persona_client, night):
    finished_counter(night, started_at=START, finished_at=at(42), notes="Dora dealt twice.\nNobody minded.")
    page = persona_client("member").get(reverse("night_report", args=[night.pk])).content.decode()
    assert "Took 42 min" in page
    assert "Dora dealt twice.<br>Nobody minded." in page


# --- notes ---------------------------------------------------------------------------------


def test_notes_are_saved_and_shown_on_the_match_page(persona_client, night):
    match = MatchFactory(night=night)
    client = persona_client("member")
    response = client.post(
        reverse("match_notes", args=[match.pk]), {"notes": "  Hearts, no moon.\r\nTea break at 9.  "}
    )
    assert response.status_code == 302
    assert Match.objects.get(pk=match.pk).notes == "Hearts, no moon.\nTea break at 9."
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "Hearts, no moon.<br>Tea break at 9." in page
    assert "Edit the notes" in page


def test_notes_keep_the_matchs_version(persona_client, night):
    match = MatchFactory(night=night)
    persona_client("owner").post(reverse("match_notes", args=[match.pk]), {"notes": "x"})
    assert Match.objects.get(pk=match.pk).version == match.version


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("x" * 1001, "Notes hold at most 1,000 characters; these have 1001."),
        (
            "turn \u202eme around",
            "Notes cannot hold control characters or characters that change the text direction.",
        ),
        ("bell \u0007", "Notes cannot hold control characters or characters that change the text direction."),
    ],
)
def test_bad_notes_get_one_sentence_and_change_nothing(persona_client, night, text, sentence):
    match = MatchFactory(night=night, notes="Before")
    response = persona_client("owner").post(reverse("match_notes", args=[match.pk]), {"notes": text})
    assert response.status_code == 200
    assert response.content.decode().count(sentence) == 1
    assert Match.objects.get(pk=match.pk).notes == "Before"


def test_the_notes_page_asks_the_browser_not_to_check_the_form(persona_client, night):
    match = MatchFactory(night=night)
    page = persona_client("owner").get(reverse("match_notes", args=[match.pk])).content.decode()
    assert "novalidate" in page


def test_the_match_file_carries_the_clock_and_notes(persona_client, night):
    match = finished_counter(night, started_at=START, finished_at=at(42), paused_seconds=60, notes="Tea.")
    document = persona_client("owner").get(reverse("match_export_json", args=[match.pk])).json()
    assert document["started_at"] == "2026-11-27T21:00:00+01:00"
    assert document["ended_at"] == "2026-11-27T21:42:00+01:00"
    assert document["paused_seconds"] == 60
    assert document["notes"] == "Tea."


def test_a_break_shorter_than_a_minute_is_not_mentioned(persona_client, night):
    match = MatchFactory(night=night, paused_at=timezone.now())
    page = persona_client("owner").get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "breaks of" not in page


def test_the_save_that_ends_a_match_brings_the_stopped_clock_and_its_undo_the_running_one(
    persona_client, night
):
    """The clock is outside the cached scoreboard: a save's answer brings it along (out of band)."""
    match = MatchFactory(night=night, game="counter", names=["Anna", "Beat"], options={"rounds": 1})
    client = persona_client("owner")
    version = Match.objects.get(pk=match.pk).version
    saved = client.post(
        reverse("round_add", args=[match.pk]),
        {"number": "1", "points_0": "3", "points_1": "1", "seen": version},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    clock_part = saved[saved.index('<section id="match-clock"') :]
    assert 'hx-swap-oob="true"' in clock_part.split(">")[0]
    assert "Took" in clock_part and "Pause for a break" not in saved
    undone = client.post(reverse("round_undo", args=[match.pk]), {"number": "1"}, HTTP_HX_REQUEST="true")
    assert "Pause for a break" in undone.content.decode()
