"""The club night's pages in English and German: making one, checking in, drawing, the tables, the history."""

import html
import re

import pytest
from django.conf import settings
from django.urls import reverse

from companion.clubs.models import ClubNight, ClubTable, Entrant, Sitting
from tests.clubs.helpers import NAMES, club_night, draw, play_round
from tests.factories import PlayerFactory
from tests.german import english_on_page

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


@pytest.fixture
def organiser(client, owner):
    client.force_login(owner)
    return client


def speak(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def test_the_owner_makes_a_night_a_club_night_with_house_rules(organiser, night):
    response = organiser.post(
        reverse("club_create", args=[night.pk]),
        {
            "game": "counter",
            "shown_game": "counter",
            "table_size": "3",
            "smaller_tables": "",
            "ranking": "results",
            "drop_worst": "1",
            "planned_sittings": "",
            "opt_rounds": "8",
            "opt_target": "",
        },
    )
    assert response.status_code == 302
    club = ClubNight.objects.get(night=night)
    assert (club.game, club.table_size, club.smaller_tables, club.ranking, club.drop_worst) == (
        "counter",
        3,
        False,
        "results",
        1,
    )
    assert club.options["rounds"] == 8
    assert "first_dealer" not in club.options
    assert club.planned_sittings is None


def test_a_table_size_the_game_does_not_allow_is_refused_in_one_sentence(organiser, night):
    response = organiser.post(
        reverse("club_create", args=[night.pk]),
        {
            "game": "molotow",
            "shown_game": "molotow",
            "table_size": "5",
            "ranking": "table_points",
            "drop_worst": "0",
        },
    )
    assert response.status_code == 200
    assert not ClubNight.objects.exists()


def test_choosing_another_game_shows_its_table_sizes_and_rules(organiser, night):
    response = organiser.post(
        reverse("club_create", args=[night.pk]), {"game": "elfer", "shown_game": "counter"}
    )
    assert response.status_code == 200
    assert not ClubNight.objects.exists()
    assert 'name="table_size"' in response.content.decode()


def test_checking_in_roster_players_and_new_names_at_once(organiser, night):
    club_night(night, [])
    anna = PlayerFactory(owner=night.owner, name="Anna")
    response = organiser.post(
        reverse("club_check_in", args=[night.pk]),
        {"player": [anna.pk], "names": "Beat, Cla\nDora"},
        follow=True,
    )
    assert sorted(Entrant.objects.values_list("player__name", flat=True)) == ["Anna", "Beat", "Cla", "Dora"]
    assert "checked in." in text_of(response)


def test_a_player_checked_in_twice_is_said_once_and_nothing_changes(organiser, night):
    club_night(night, ["Anna"])
    response = organiser.post(reverse("club_check_in", args=[night.pk]), {"names": "Beat\nAnna"}, follow=True)
    assert "Anna is already checked in." in text_of(response)
    assert list(Entrant.objects.values_list("player__name", flat=True)) == ["Anna"]


def test_drawing_shows_the_tables_their_links_and_the_seed(organiser, night):
    club_night(night)
    response = organiser.post(
        reverse("club_draw", args=[night.pk]), {"number": "1", "mode": "balanced"}, follow=True
    )
    sitting = Sitting.objects.get()
    page = text_of(response)
    assert f"Sitting 1 is drawn (seed {sitting.seed})." in page
    assert "Table 1" in page and "Table 2" in page
    assert "Provisional standings" in page
    for table in ClubTable.objects.all():
        assert reverse("club_table_link", args=[table.token]) in response.content.decode()
    assert response.content.decode().count('role="img"') == 2  # a QR code per table


def test_a_second_draw_of_the_same_sitting_is_said_in_one_sentence(organiser, night):
    club_night(night)
    organiser.post(reverse("club_draw", args=[night.pk]), {"number": "1"})
    response = organiser.post(reverse("club_draw", args=[night.pk]), {"number": "1"}, follow=True)
    assert "Sitting 1 was already drawn, perhaps from another phone." in text_of(response)
    assert Sitting.objects.count() == 1


def test_too_few_players_to_draw_is_said_and_nothing_drawn(organiser, night):
    club_night(night, ["Anna"])
    response = organiser.post(reverse("club_draw", args=[night.pk]), {"number": "1"}, follow=True)
    assert "Only 1 player is present: a table needs 4." in text_of(response)
    assert not Sitting.objects.exists()


def test_a_redraw_keeps_the_number_and_shows_the_new_seed(organiser, night):
    club = club_night(night)
    draw(club, seed=7)
    response = organiser.post(reverse("club_redraw", args=[night.pk]), {"number": "1"}, follow=True)
    sitting = Sitting.objects.get()
    assert f"Sitting 1 is drawn again (seed {sitting.seed})." in text_of(response)


def test_the_organiser_ends_a_table_by_hand_and_closes_the_sitting(organiser, night):

    club = club_night(night, rounds=5)
    sitting = draw(club)
    for table in sitting.tables.all():
        play_round(table.match)
        organiser.post(reverse("club_end_table", args=[night.pk, table.pk]))
    response = organiser.post(reverse("club_close_sitting", args=[night.pk]), {"number": "1"}, follow=True)
    assert "Sitting 1 is closed." in text_of(response)
    assert "Club standings" in text_of(response)
    assert "Draw sitting 2" in text_of(response)


def test_the_organisers_screen_answers_an_unchanged_version_with_nothing(organiser, night):
    club = club_night(night)
    draw(club)
    page = organiser.get(reverse("club_manage", args=[night.pk])).content.decode()
    version = re.search(r'data-version="([^"]+)"', page)[1]
    url = reverse("club_manage", args=[night.pk])
    assert organiser.get(f"{url}?v={version}", HTTP_HX_REQUEST="true").status_code == 204
    ClubTable.objects.first()

    table = ClubTable.objects.first()
    play_round(table.match)
    changed = organiser.get(f"{url}?v={version}", HTTP_HX_REQUEST="true")
    assert changed.status_code == 200
    assert "1 round" in text_of(changed)


def test_the_night_page_shows_the_club_standings_and_every_sittings_tables(organiser, night):
    club = club_night(night)
    sitting = draw(club)
    response = organiser.get(night.get_absolute_url())
    page = response.content.decode()
    assert "Club night" in text_of(response)
    for table in sitting.tables.all():
        assert table.match.get_absolute_url() in page
    assert all(name in text_of(response) for name in NAMES)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_club_pages_speak_the_language_of_the_reader(organiser, night, language):
    speak(organiser, language)
    club = club_night(night)
    draw(club)
    pages = [
        organiser.get(reverse("club_manage", args=[night.pk])),
        organiser.get(night.get_absolute_url()),
    ]
    if language == "de":
        for response in pages:
            assert english_on_page(response.content.decode(), allowed=(night.title, *NAMES)) == []
        assert "Durchgang 1" in text_of(pages[0])
        assert "Provisorische Rangliste" in text_of(pages[0])
    else:
        assert "Sitting 1" in text_of(pages[0])


@pytest.mark.parametrize(
    "language, sentence",
    [
        ("en", "Sitting 1 was already drawn, perhaps from another phone."),
        ("de", "Durchgang 1 wurde schon ausgelost, vielleicht von einem anderen Telefon."),
    ],
)
def test_a_refusal_is_said_in_the_readers_language(organiser, night, language, sentence):
    speak(organiser, language)
    club_night(night)
    organiser.post(reverse("club_draw", args=[night.pk]), {"number": "1"})
    response = organiser.post(reverse("club_draw", args=[night.pk]), {"number": "1"}, follow=True)
    assert sentence in text_of(response)


@pytest.mark.parametrize(
    "language, sentence",
    [
        ("en", "Sitting 1 is over: this table link no longer works."),
        ("de", "Durchgang 1 ist vorbei: Dieser Tisch-Link funktioniert nicht mehr."),
    ],
)
def test_a_closed_sittings_table_link_says_so_in_the_readers_language(client, night, language, sentence):
    from companion.clubs import services

    club = club_night(night)
    sitting = draw(club)
    table = sitting.tables.first()

    for each in sitting.tables.all():
        play_round(each.match)
    services.close_sitting(club, number=1)
    speak(client, language)
    response = client.get(reverse("club_table_link", args=[table.token]))
    assert response.status_code == 410
    assert sentence in text_of(response)


def test_the_create_page_speaks_german(organiser, night):
    speak(organiser, "de")
    response = organiser.get(reverse("club_create", args=[night.pk]) + "?game=counter")
    assert response.status_code == 200
    assert english_on_page(response.content.decode(), allowed=(night.title,)) == []
