"""The history of changes and the scoreboard speak the table's words: entries as sentences, no code keys."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from companion.access import Viewer
from companion.games import registry
from companion.games.parts import Game
from companion.play.history import entry_words
from companion.play.rounds import edit_entry, undo_last
from companion.play.setup import create_match
from tests.factories import enter_round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english():
    """The sentences below are the English ones (another test may have left German active)."""
    with translation.override("en"):
        yield


ABCD = ["Anna", "Beat", "Cla", "Dora"]
# Keys and values of the match file a person must never read.
CODE_WORDS = re.compile(
    r"draw_loser|'normal'|\bnormal\b|all_tricks|no_tricks|raised_to|marriages|opponents'|\{|\}|\[|\]|"
    r"\bbonus\b\"|\"points\"|\border\b\"|\btrump\b'|\bplain\b|True|False|redeal\""
)


def history_of(client, match) -> str:
    return client.get(reverse("match_history", args=[match.pk])).content.decode()


def test_a_molotow_deal_reads_as_points_and_who_drew_the_highest_card():
    entry = {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Anna"}
    assert (
        entry_words("molotow", entry, ABCD)
        == "Anna 40 · Beat 40 · Cla 40 · Dora 37; Anna drew the highest card"
    )


def test_an_anrufen_deal_reads_with_the_call_the_raise_contra_and_the_marriages():
    entry = {
        "bidder": "Anna",
        "bid": "normal",
        "partner": "Cla",
        "raised_to": "hundred",
        "contra": True,
        "points": 62,
        "tricks": 5,
        "marriages": {"bidder": ["plain"], "opponents": ["trump"]},
    }
    words = entry_words("anrufen", entry, ABCD)
    assert words == (
        "Anna bid Normal and called Cla, who raised to Hundred, contra, Anna+Cla 5 tricks, "
        "Anna+Cla 62 card points + marriage 20, opponents: trump marriage 40"
    )
    assert entry_words("anrufen", {"bidder": "Beat", "bid": "no_tricks", "tricks": 0}, ABCD) == (
        "Beat bid No tricks, alone, Beat no trick"
    )
    assert entry_words("anrufen", {"redeal": True}, ABCD) == "everybody passed twice: redeal"


def test_an_elfer_game_murlan_hand_and_free_round_read_per_player():
    elfer = {"bonus": {"Anna": 2}, "cards": {"Beat": [3, 17]}, "jokers": {"Beat": 1}}
    assert (
        entry_words("elfer", elfer, ["Anna", "Beat", "Cla"])
        == "Anna: 2 bonus; out · Beat: 3, 17, joker · Cla: out"
    )
    assert entry_words("murlan", {"order": ["Cla", "Anna", "Beat", "Dora"]}, ABCD) == (
        "finishing order: Cla, Anna, Beat, Dora"
    )
    assert entry_words("counter", {"points": {"Beat": -5, "Anna": 12}}, ["Anna", "Beat", "Cla"]) == (
        "Anna 12 · Beat -5 · Cla 0"
    )


def test_an_entry_naming_someone_no_longer_seated_still_reads():
    entry = {"points": {"Anna": 90, "Old name": 9, "Cla": 34, "Dora": 24}}
    assert entry_words("molotow", entry, ABCD) == "Anna 90 · Cla 34 · Dora 24 · Old name 9"


def test_an_entry_the_game_cannot_read_says_so_instead_of_showing_data():
    assert entry_words("murlan", {"order": 7}, ABCD) == "(an entry this version cannot read)"


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_every_game_describes_its_entries(game):
    assert type(registry.get(game)).describe_entry is not Game.describe_entry


def test_the_history_shows_sentences_never_the_stored_data(persona_client, night, owner):
    match = create_match(night, "anrufen", ABCD, 0, {}, owner)
    deal = {
        "bidder": "Anna",
        "bid": "normal",
        "partner": "Cla",
        "contra": True,
        "points": 50,
        "marriages": {"opponents": ["plain"]},
    }
    enter_round(match, deal, number=1, user=owner)
    enter_round(match, {"redeal": True}, number=2, user=owner)
    edit_entry(Viewer(owner), match.pk, 1, {**deal, "points": 40})
    undo_last(Viewer(owner), match.pk, 2)
    html = history_of(persona_client("member"), match)
    assert "Anna bid Normal and called Cla, contra, Anna+Cla 50 card points, opponents: marriage 20" in html
    assert "Anna+Cla 40 card points" in html
    assert "Round 1 changed" in html and "Round 2 undone" in html and "Round 2 added" in html
    shown = re.sub(r"<[^>]+>", " ", html.split("<h1", 1)[1])
    assert not CODE_WORDS.search(shown), CODE_WORDS.search(shown)


def test_a_rising_murlan_target_says_who_reached_it(persona_client, night, owner):
    match = create_match(
        night, "murlan", ["Anna", "Beat", "Cla"], 0, {"target": 4, "step": 10, "max_target": 51}, owner
    )
    client = persona_client("owner")
    enter_round(match, {"order": ["Anna", "Beat", "Cla"]}, number=1, user=owner)  # Anna 2, Beat 1
    page = client.get(match.get_absolute_url()).content.decode()
    assert "the target is now" not in page
    enter_round(match, {"order": ["Beat", "Anna", "Cla"]}, number=2, user=owner)  # Anna 3, Beat 3
    enter_round(
        match, {"order": ["Beat", "Anna", "Cla"]}, number=3, user=owner
    )  # Anna 4, Beat 5: both reach 4
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Anna and Beat reached 4: the target is now 14" in page
    enter_round(match, {"order": ["Cla", "Anna", "Beat"]}, number=4, user=owner)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "the target is now" not in page, "only right after the hand that raised it"
