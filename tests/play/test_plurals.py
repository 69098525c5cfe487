"""A count beside a unit word takes the word's singular for one, in English and in German:
"1 stick", "1 Kartoffel", "Match over after 1 round"."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from companion.games import registry
from tests.factories import play_match

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-CH,de;q=0.9"}
# Anna highest and Beat lowest: a stick each; Cla and Dora in the middle: a potato each.
ONE_DEAL = [{"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}]


@pytest.mark.parametrize(
    ("headers", "stick", "potato"),
    [
        ({}, "1 stick, 0 potatoes", "0 sticks, 1 potato"),
        (GERMAN, "1 Strich, 0 Kartoffeln", "0 Striche, 1 Kartoffel"),
    ],
)
def test_the_night_report_counts_one_stick_and_one_potato_in_the_singular(
    persona_client, night, headers, stick, potato
):
    play_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], ONE_DEAL)
    html = persona_client("owner").get(reverse("night_report", args=[night.pk]), **headers).content.decode()
    assert stick in html
    assert potato in html
    assert "1 potatoes" not in html
    assert "1 Kartoffeln" not in html


@pytest.mark.parametrize(
    ("language", "game", "said"),
    [
        ("en", "counter", "Match over after 1 round"),
        ("en", "elfer", "Match over after 1 game"),
        ("en", "murlan", "Match over after 1 hand"),
        ("de", "counter", "Partie vorbei nach 1 Runde"),
        ("de", "elfer", "Partie vorbei nach 1 Spiel"),
        ("de", "murlan", "Partie vorbei nach 1 Runde"),
    ],
)
def test_a_match_over_after_one_round_says_round_in_the_singular(language, game, said):
    with translation.override(language):
        assert registry.get(game).words.over_after % {"count": 1} == said


@pytest.mark.parametrize(
    ("headers", "said"),
    [({}, "1 won of 1 match played"), (GERMAN, "1 von 1 gespielten Partie gewonnen")],
)
def test_the_results_chart_of_a_single_match_says_match(persona_client, night, headers, said):
    from companion.models import Player

    play_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], ONE_DEAL * 12)
    anna = Player.objects.get(name="Anna")
    html = persona_client("owner").get(reverse("player_detail", args=[anna.pk]), **headers).content.decode()
    assert said in html
