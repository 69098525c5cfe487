"""German as a Swiss player reads it: a whole sentence after a colon starts with a capital, the hints say
"du", the draw for the deal is "Geber auslosen", an open house rule says once what empty means, and a
match still being played is never under "Schlussstand"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import MatchFactory, play_match

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-CH,de;q=0.9"}
DEAL = {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}


def test_a_refused_round_continues_after_the_colon_with_a_capital(persona_client, night):
    match = MatchFactory(night=night, game="counter", names=["Anna", "Beat"])
    page = (
        persona_client("owner")
        .post(reverse("round_add", args=[match.pk]), {"number": 1, "points_0": "", "points_1": ""}, **GERMAN)
        .content.decode()
    )
    assert "Runde 1: Die Runde nennt keinen Spieler: Gib mindestens eine Punktzahl an" in page
    assert not match.rounds.exists()


def test_the_english_keeps_its_lower_case_after_the_colon(persona_client, night):
    match = MatchFactory(night=night, game="counter", names=["Anna", "Beat"])
    data = {"number": 1, "points_0": "", "points_1": ""}
    page = persona_client("owner").post(reverse("round_add", args=[match.pk]), data).content.decode()
    assert "Round 1: the round names no player: give at least one score" in page


def test_the_new_match_page_says_du_and_geber_auslosen(persona_client, night):
    page = persona_client("owner").get(reverse("match_create", args=[night.pk]), **GERMAN).content.decode()
    assert "Geber auslosen" in page
    assert "Um das Geben ziehen" not in page
    assert "Im Uhrzeigersinn, in der Sitzordnung am Tisch." in page
    assert " ihr " not in page


def test_an_open_house_rule_says_once_what_empty_means(persona_client, night):
    url = reverse("match_create", args=[night.pk]) + "?game=anrufen"
    page = persona_client("owner").get(url, **GERMAN).content.decode()
    assert "leer: Der Tisch beendet die Partie." in page
    assert "Leer lassen für eine offene Partie." not in page
    english = persona_client("owner").get(url).content.decode()
    assert "empty: the table ends the match." in english
    assert "Leave it empty for an open match." not in english


def test_the_night_report_calls_the_standings_of_a_match_in_play_zwischenstand(persona_client, night):
    play_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], [DEAL])
    page = persona_client("owner").get(reverse("night_report", args=[night.pk]), **GERMAN).content.decode()
    assert "Zwischenstand" in page
    assert "Schlussstand" not in page


@pytest.mark.parametrize(
    ("language", "negative", "wordy", "too_many"),
    [
        (
            "en",
            "A count is never below 0.",
            "Enter a whole number, like 2.",
            "A deck holds at most 3 plain marriages.",
        ),
        (
            "de",
            "Eine Anzahl ist nie kleiner als 0.",
            "Gib eine ganze Zahl ein, z. B. 2.",
            "Ein Kartenspiel hat höchstens 3 Mariagen in Nebenfarben.",
        ),
    ],
)
def test_counts_are_refused_in_the_tables_words_not_djangos(language, negative, wordy, too_many):
    from django.utils import translation

    from companion.games.anrufen.entry import AnrufenEntryForm
    from companion.games.elfer.entry import ElferEntryForm

    names = ["Anna", "Beat", "Cla", "Dora"]
    with translation.override(language):
        elfer = ElferEntryForm({"number": 1, "bonus_0": "-1", "jokers_1": "x"}, players=names, options={})
        assert elfer.errors["bonus_0"] == [negative]
        assert elfer.errors["jokers_1"] == [wordy]
        anrufen = AnrufenEntryForm(
            {"number": 1, "bidder_plain": "9", "opponents_plain": "-1", "tricks": "2.5"},
            players=names,
            options={"contra": "add"},
        )
        assert anrufen.errors["bidder_plain"] == [too_many]
        assert anrufen.errors["opponents_plain"] == [negative]
        assert anrufen.errors["tricks"] == [wordy]
