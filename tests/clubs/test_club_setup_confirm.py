"""Starting a match with somebody who plays at another running table of the night asks first."""

import html
import re

import pytest
from django.urls import reverse

from companion.models import Match
from tests.clubs.helpers import club_night, draw
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def setup_post(names, **extra):
    data = {
        "game": "murlan",
        "setup_game": "murlan",
        "first_dealer": "0",
        "opt_target": "10",
        "opt_step": "10",
        "opt_max_target": "10",
    }
    data.update({f"seat_{index}": name for index, name in enumerate(names)})
    return data | extra


def test_a_player_at_a_club_table_is_named_with_the_table_before_a_match_starts(client, owner, night):
    club = club_night(night)
    sitting = draw(club)
    table = sitting.tables.get(number=2)
    name = table.match.seats.get(position=0).player.name
    client.force_login(owner)
    count = Match.objects.count()
    response = client.post(reverse("match_create", args=[night.pk]), setup_post([name, "Zora"]))
    assert response.status_code == 200
    assert f"{name} is playing at table 2 of sitting 1 right now." in text_of(response)
    assert Match.objects.count() == count
    confirmed = client.post(
        reverse("match_create", args=[night.pk]), setup_post([name, "Zora"], confirmed="yes")
    )
    assert confirmed.status_code == 302
    assert Match.objects.count() == count + 1


def test_a_player_in_another_running_match_of_the_night_is_asked_about(client, owner, night):
    MatchFactory(night=night, game="molotow", names=["Anna", "Beat", "Cla", "Dora"])
    client.force_login(owner)
    response = client.post(reverse("match_create", args=[night.pk]), setup_post(["anna", "Zora"]))
    assert "Anna is playing another match of Molotow Jass right now." in text_of(response)


def test_players_at_no_running_table_start_at_once(client, owner, night):
    client.force_login(owner)
    response = client.post(reverse("match_create", args=[night.pk]), setup_post(["Anna", "Zora"]))
    assert response.status_code == 302
