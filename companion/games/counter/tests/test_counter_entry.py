"""Free scoring: the points entry form (blanks, minus signs, typos), and what the scoreboard shows."""

import pytest
from django.urls import reverse

from companion.games import registry
from companion.games.counter.entry import CounterEntryForm
from companion.models import Match, Round
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

ABC = ["Anna", "Beat", "Cla"]


@pytest.fixture
def hearts(night):
    return MatchFactory(night=night, game="counter", names=ABC, options={"target": 100, "lowest_wins": True})


def add_round(client, match, number, *points, htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    data = {"number": number, **{f"points_{seat}": value for seat, value in enumerate(points)}}
    return client.post(reverse("round_add", args=[match.pk]), data, **headers)


def totals(match):
    return {s.player.name: s.total for s in Match.objects.get(pk=match.pk).seats.select_related("player")}


def test_the_form_is_found_by_game():
    assert registry.get("counter").entry_form is CounterEntryForm


def test_a_blank_field_leaves_the_player_out_and_counts_zero(persona_client, hearts):
    response = add_round(persona_client("owner"), hearts, 1, "20", "", "6")
    assert response.status_code == 302
    assert Round.objects.get(match=hearts, number=1).entry == {"points": {"Anna": 20, "Cla": 6}}
    assert totals(hearts) == {"Anna": 20, "Beat": 0, "Cla": 6}


@pytest.mark.parametrize("typed", ["-5", "\u22125", "\u2013 5", " -5 "])
def test_every_minus_sign_a_phone_types_is_a_minus(persona_client, hearts, typed):
    add_round(persona_client("owner"), hearts, 1, typed, "26", "")
    assert totals(hearts) == {"Anna": -5, "Beat": 26, "Cla": 0}


def test_a_member_may_enter_a_round(persona_client, hearts):
    add_round(persona_client("member"), hearts, 1, "1", "2", "3")
    assert totals(hearts) == {"Anna": 1, "Beat": 2, "Cla": 3}


def test_an_all_blank_round_says_so_in_place_and_stores_nothing(persona_client, hearts):
    response = add_round(persona_client("owner"), hearts, 1, "", "", "", htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "names no player" in html
    assert not Round.objects.filter(match=hearts).exists()


@pytest.mark.parametrize(
    ("typed", "message"),
    [("12a", "Enter a whole number"), ("1.5", "Enter a whole number"), ("100001", "100000")],
)
def test_a_typo_is_refused_with_a_sentence_and_the_typed_values_stay(persona_client, hearts, typed, message):
    response = add_round(persona_client("owner"), hearts, 1, typed, "7", "", htmx=True)
    html = response.content.decode()
    assert message in html.replace(",", "").replace("\u202f", "").replace("'", "")
    assert 'value="7"' in html
    assert not Round.objects.filter(match=hearts).exists()


def test_the_target_ends_the_match_and_the_lowest_total_wins(persona_client, hearts):
    client = persona_client("owner")
    add_round(client, hearts, 1, "20", "35", "50")
    response = add_round(client, hearts, 2, "40", "30", "55", htmx=True)
    match = Match.objects.get(pk=hearts.pk)
    assert match.is_finished
    assert [s.player.name for s in match.seats.select_related("player") if s.won] == ["Anna"]
    assert "Anna wins" in response.content.decode()


def test_the_round_line_says_the_target_and_which_way_it_is_won(persona_client, hearts):
    html = persona_client("owner").get(hearts.get_absolute_url()).content.decode()
    assert "to <strong>100</strong>" in html
    assert "lowest wins" in html


def test_editing_a_round_shows_its_points_again(persona_client, hearts):
    client = persona_client("owner")
    add_round(client, hearts, 1, "-3", "", "9")
    html = client.get(reverse("round_edit", args=[hearts.pk, 1])).content.decode()
    assert 'value="-3"' in html
    assert 'value="9"' in html
