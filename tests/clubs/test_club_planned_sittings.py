"""A club night's planned number of sittings: once they are drawn, no next sitting is offered or drawn.

The spec (club-night.md) knows no planned number (``club_draw`` on a file draws on); the organiser's
screen keeps to the plan the organiser set, and an open night draws as long as it goes on.
"""

import pytest
from django.urls import reverse

from companion.clubs import services
from companion.clubs.models import Sitting
from companion.models import Match
from tests.clubs.helpers import club_night, draw, play_round
from tests.clubs.test_club_views import speak, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client, owner):
    client.force_login(owner)
    return client


def planned(night, count):
    club = club_night(night)
    club.planned_sittings = count
    club.save(update_fields=["planned_sittings"])
    return club


def play_sitting(club, number, *, close=True):
    sitting = draw(club, number)
    for table in sitting.tables.all():
        play_round(table.match)
    if close:
        services.close_sitting(club, number=number)
    return sitting


def test_a_draw_beyond_the_planned_sittings_is_refused_and_nothing_changes(night):
    club = planned(night, 2)
    play_sitting(club, 1)
    last = play_sitting(club, 2, close=False)  # complete, not yet closed: the refusal must not close it
    matches = Match.objects.count()
    with pytest.raises(services.ClubError) as refused:
        draw(club, 3)
    assert str(refused.value) == "All 2 planned sittings are drawn: there is no next sitting."
    assert Sitting.objects.filter(club=club).count() == 2
    assert Match.objects.count() == matches
    last.refresh_from_db()
    assert last.closed_at is None


def test_a_single_planned_sitting_is_refused_in_its_own_words(night):
    club = planned(night, 1)
    play_sitting(club, 1)
    with pytest.raises(services.ClubError) as refused:
        draw(club, 2)
    assert str(refused.value) == "The only planned sitting is drawn: there is no next sitting."


def test_the_last_planned_sitting_may_still_be_drawn_again(night):
    club = planned(night, 1)
    draw(club, 1)
    again = services.redraw_sitting(club, number=1, user=night.owner)
    assert again.number == 1
    assert again.tables.count() == 2
    assert club.sittings.count() == 1


def test_the_organisers_screen_offers_no_next_sitting_once_the_planned_ones_are_played(organiser, night):
    club = planned(night, 2)
    play_sitting(club, 1)
    page = text_of(organiser.get(reverse("club_manage", args=[night.pk])))
    assert "Draw sitting 2" in page
    play_sitting(club, 2)
    page = text_of(organiser.get(reverse("club_manage", args=[night.pk])))
    assert "Draw sitting 3" not in page
    assert "All 2 planned sittings are played: the standings are final." in page
    assert "End the club night" in page


def test_the_last_planned_sitting_says_it_is_the_last_while_it_is_played(organiser, night):
    club = planned(night, 2)
    play_sitting(club, 1)
    draw(club, 2)
    page = text_of(organiser.get(reverse("club_manage", args=[night.pk])))
    assert "All 2 planned sittings are drawn: this is the last one." in page
    assert "Draw sitting 3" not in page


def test_an_open_night_keeps_offering_the_next_sitting(organiser, night):
    club = club_night(night)
    assert club.planned_sittings is None
    for number in (1, 2, 3):
        play_sitting(club, number)
    page = text_of(organiser.get(reverse("club_manage", args=[night.pk])))
    assert "Draw sitting 4" in page
    assert "planned" not in page
    organiser.post(reverse("club_draw", args=[night.pk]), {"number": "4"})
    assert club.sittings.count() == 4


@pytest.mark.parametrize(
    "language, sentence",
    [
        ("en", "All 2 planned sittings are drawn: there is no next sitting."),
        ("de", "Alle 2 geplanten Durchgänge sind ausgelost: Es gibt keinen nächsten Durchgang."),
    ],
)
def test_a_forced_draw_beyond_the_plan_gets_one_sentence_in_the_readers_language(
    organiser, night, language, sentence
):
    club = planned(night, 2)
    play_sitting(club, 1)
    play_sitting(club, 2)
    speak(organiser, language)
    response = organiser.post(reverse("club_draw", args=[night.pk]), {"number": "3"}, follow=True)
    assert response.status_code == 200
    assert sentence in text_of(response)
    assert club.sittings.count() == 2
