"""A Free-scoring match the lowest total wins, played to its end: every screen ranks it by the engine's places.

Target 100, lowest wins: Eva 83, Fritz 101, Anna 45, Beat 57. Fritz reaches the target and
ends the match; Anna has the lowest total and wins. Places: Anna 1, Beat 2, Eva 3, Fritz 4.
"""

import html
import re

import pytest
from django.urls import reverse

from companion.models import Match, Player, Seat
from companion.review import stats
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

SEATS = ["Eva", "Fritz", "Anna", "Beat"]
ROUNDS = [(40, 50, 20, 30), (43, 51, 25, 27)]  # totals 83, 101, 45, 57
BY_PLACE = ["Anna", "Beat", "Eva", "Fritz"]
PLACES = {"Anna": 1, "Beat": 2, "Eva": 3, "Fritz": 4}


def add_round(client, match, number, points):
    data = {"number": number, **{f"points_{seat}": value for seat, value in enumerate(points)}}
    response = client.post(reverse("round_add", args=[match.pk]), data)
    assert response.status_code == 302, response.content.decode()[:500]


def players_in_order(page: str) -> list[str]:
    """The names in the order the page lists them (each listed total names its player)."""
    names = [html.unescape(name) for name in re.findall(r'data-player="([^"]*)"', page)]
    return list(dict.fromkeys(names))


def text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.fixture
def hearts(night):
    return MatchFactory(
        night=night, game="counter", names=SEATS, options={"target": 100, "lowest_wins": True}
    )


@pytest.fixture
def played(persona_client, hearts):
    client = persona_client("owner")
    for number, points in enumerate(ROUNDS, start=1):
        add_round(client, hearts, number, points)
    return client, Match.objects.get(pk=hearts.pk)


def test_mid_match_the_ahead_mark_is_on_the_lowest_total(persona_client, hearts):
    client = persona_client("owner")
    add_round(client, hearts, 1, ROUNDS[0])  # Eva 40, Fritz 50, Anna 20, Beat 30
    page = client.get(hearts.get_absolute_url()).content.decode()
    cards = re.findall(r'<li class="standing([^"]*)".*?data-player="([^"]*)"', page, re.S)
    assert [name for _classes, name in cards] == SEATS  # the cards keep the seating order
    assert [name for classes, name in cards if "is-leader" in classes] == ["Anna"]
    assert page.count("★ ahead") == 1


def test_the_stored_places_and_wins_are_the_engines(played):
    _client, match = played
    seats = {seat.player.name: seat for seat in Seat.objects.filter(match=match).select_related("player")}
    assert {name: seat.total for name, seat in seats.items()} == {
        "Eva": 83,
        "Fritz": 101,
        "Anna": 45,
        "Beat": 57,
    }
    assert {name: seat.place for name, seat in seats.items()} == PLACES
    assert [name for name, seat in seats.items() if seat.won] == ["Anna"]


def test_the_finished_match_page_names_anna_winner_and_shares_the_result_by_place(played):
    client, match = played
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Anna wins!" in page
    assert "★ ahead" not in page
    shared = html.unescape(re.search(r'data-share-text="([^"]*)"', page).group(1))
    assert shared.endswith("Anna wins — Anna 45 · Beat 57 · Eva 83 · Fritz 101")


def test_the_night_page_lists_the_match_by_place(played):
    client, match = played
    page = client.get(match.night.get_absolute_url()).content.decode()
    assert players_in_order(page) == BY_PLACE
    assert "1. Anna ★ won 45" in text_of(page)
    assert "4. Fritz 101" in text_of(page)


def test_the_printed_night_report_lists_the_match_by_place(played):
    client, match = played
    page = client.get(reverse("night_report", args=[match.night.pk])).content.decode()
    assert players_in_order(page) == BY_PLACE
    assert "1. Anna ★ winner 45" in text_of(page)


def test_the_match_chart_says_the_last_totals_by_place(played):
    client, match = played
    page = client.get(reverse("match_chart", args=[match.pk])).content.decode()
    assert "Last totals: Anna 45, Beat 57, Eva 83, Fritz 101." in text_of(page)


def shared_pages(client, match):
    """The shared night page and the shared match page of a new link to the night."""
    client.post(reverse("night_share_create", args=[match.night.pk]))
    share_page = client.get(reverse("night_share", args=[match.night.pk])).content.decode()
    token = re.search(r"/s/([\w-]+)/", share_page).group(1)
    client.logout()
    night = client.get(reverse("shared", args=[token])).content.decode()
    one = client.get(reverse("shared_match", args=[token, match.pk])).content.decode()
    return night, one


def test_the_shared_pages_rank_by_place_and_crown_anna(played):
    client, match = played
    night, one = shared_pages(client, match)
    assert players_in_order(night) == BY_PLACE
    assert "1. Anna ★ won 45" in text_of(night)
    winners = re.findall(r'<li class="standing[^"]*is-winner[^"]*".*?data-player="([^"]*)"', one, re.S)
    assert winners == ["Anna"]
    assert "Anna wins!" in one


def test_the_leaderboard_ranks_anna_first_with_average_place_one(played):
    client, _match = played
    page = client.get(reverse("leaderboard"), {"game": "counter", "period": "all"}).content.decode()
    rows = [text_of(row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page.split("<tbody>")[1], re.S)]
    assert [row.split()[1] for row in rows] == BY_PLACE
    # place, name, won, rate, average place (the rating column follows)
    assert rows[0].startswith("1 Anna 1 of 1 100 % 1.0 ")
    assert rows[-1].startswith("4 Fritz 0 of 1 0 % 4.0 ")


def test_profiles_and_head_to_head_agree_with_the_places(played):
    client, match = played
    anna = Player.objects.get(owner=match.night.owner, name="Anna")
    fritz = Player.objects.get(owner=match.night.owner, name="Fritz")
    anna_page = text_of(client.get(reverse("player_detail", args=[anna.pk])).content.decode())
    fritz_page = text_of(client.get(reverse("player_detail", args=[fritz.pk])).content.decode())
    assert "won place 1 of 4 total 45" in anna_page
    assert "place 4 of 4 total 101" in fritz_page
    assert "won place" not in fritz_page
    assert "Free scoring 1 of 1 100 % 1.0 Average place" in anna_page
    assert "Free scoring 0 of 1 0 % 4.0 Average place" in fritz_page
    # Head to head: Anna finished ahead of every rival, Fritz behind every one.
    assert {rival.name: (rival.ahead, rival.behind) for rival in stats.head_to_head(anna)} == {
        "Beat": (1, 0),
        "Eva": (1, 0),
        "Fritz": (1, 0),
    }
    assert "Fritz 1 1 0 0" in anna_page
    assert "Anna 1 0 1 0" in fritz_page
