"""Each game's own word for a round, everywhere the pages speak of one (Elfer raus!: game, Murlan: hand).

The scoreboard's Save, Undo and Restore, their notices, the edit and confirmation pages,
the history of changes and the shared scoreboard, in English and German.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from companion.games import registry
from companion.sharing.services import create_link
from tests.factories import MatchFactory, enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
HX = {"HTTP_HX_REQUEST": "true"}
ENTRIES = {
    "elfer": {"cards": {"Beat": [3], "Cla": [5], "Dora": [7]}},
    "murlan": {"order": ABCD},
    "counter": {"points": {"Anna": 3}},
    "molotow": {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
}

# What a person reads, by game and language: the heading, Save, Undo 2, its notice, Restore 2, its
# notice, the edit page of 1, its Save, the history's line for 1, the shared page's empty table.
WORDS = {
    ("elfer", "en"): [
        "Games",
        "Save game",
        "Undo game 2",
        "Game 2 was undone.",
        "Restore game 2",
        "Game 2 is back.",
        "Edit game 1",
        "Save game 1",
        "This is not the last game",
        "Game 1 added",
        "No games yet.",
    ],
    ("elfer", "de"): [
        "Spiele",
        "Spiel speichern",
        "Spiel 2 rückgängig machen",
        "Spiel 2 wurde rückgängig gemacht.",
        "Spiel 2 wiederherstellen",
        "Spiel 2 ist zurück.",
        "Spiel 1 bearbeiten",
        "Spiel 1 speichern",
        "Das ist nicht das letzte Spiel",
        "Spiel 1 eingetragen",
        "Noch keine Spiele.",
    ],
    ("murlan", "en"): [
        "Hands",
        "Save hand",
        "Undo hand 2",
        "Hand 2 was undone.",
        "Restore hand 2",
        "Hand 2 is back.",
        "Edit hand 1",
        "Save hand 1",
        "This is not the last hand",
        "Hand 1 added",
        "No hands yet.",
    ],
    ("counter", "en"): [
        "Rounds",
        "Save round",
        "Undo round 2",
        "Round 2 was undone.",
        "Restore round 2",
        "Round 2 is back.",
        "Edit round 1",
        "Save round 1",
        "This is not the last round",
        "Round 1 added",
        "No rounds yet.",
    ],
    ("molotow", "de"): [
        "Runden",
        "Runde speichern",
        "Runde 2 rückgängig machen",
        "Runde 2 wurde rückgängig gemacht.",
        "Runde 2 wiederherstellen",
        "Runde 2 ist zurück.",
        "Runde 1 bearbeiten",
        "Runde 1 speichern",
        "Das ist nicht die letzte Runde",
        "Runde 1 eingetragen",
        "Noch keine Runden.",
    ],
}
# The words a game's pages must no longer say about its rounds ("Undo round 2" in Elfer raus!).
NOT_SAID = {("elfer", "en"): "round 2", ("elfer", "de"): "Runde 2", ("murlan", "en"): "round 2"}


@pytest.mark.parametrize(("game", "language"), list(WORDS), ids=[f"{g}-{lang}" for g, lang in WORDS])
def test_every_sentence_about_a_round_uses_the_games_own_word(persona_client, night, owner, game, language):
    heading, save, undo, undone, restore, restored, edit, save_one, not_last, added, none_yet = WORDS[
        game, language
    ]
    client = persona_client("owner")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    match = MatchFactory(night=night, game=game, names=ABCD)
    for number in (1, 2):
        enter_round(match, ENTRIES[game], number=number, user=owner)

    board = client.get(match.get_absolute_url()).content.decode()
    assert f'<h2 id="rounds-heading" class="h5">{heading}</h2>' in board
    assert f"{save}</button>" in board
    assert f"↶ {undo}</button>" in board

    page = client.post(reverse("round_undo", args=[match.pk]), {"number": 2}, **HX).content.decode()
    assert undone in page and f"↷ {restore}</button>" in page
    page = client.post(reverse("round_restore", args=[match.pk]), {"number": 2}, **HX).content.decode()
    assert restored in page

    page = client.get(reverse("round_edit", args=[match.pk, 1])).content.decode()
    assert f"<title>{edit}" in page and f'<h1 class="h4">{edit}</h1>' in page
    assert f"{save_one}</button>" in page and not_last in page

    page = client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert f"<strong>{added}</strong>" in page

    fresh = MatchFactory(night=night, game=game, names=ABCD)
    shared = client.get(reverse("shared", args=[create_link(match=fresh, user=owner).token])).content.decode()
    assert f'<h2 id="rounds-heading" class="h5">{heading}</h2>' in shared and none_yet in shared
    if (game, language) in NOT_SAID:
        assert NOT_SAID[game, language] not in (board.lower() if language == "en" else board)


def test_a_conflict_on_a_hand_says_hand(persona_client, night, owner):
    client = persona_client("owner")
    match = MatchFactory(night=night, game="murlan", names=ABCD)
    enter_round(match, ENTRIES["murlan"], number=1, user=owner)
    page = client.post(reverse("round_undo", args=[match.pk]), {"number": 5}, **HX).content.decode()
    assert "Hand 5 was already undone. Here is the match as it is now." in page
    response = client.get(reverse("round_edit", args=[match.pk, 9]), follow=True)
    assert "Hand 9 no longer exists." in response.content.decode()


def test_an_elfer_match_over_says_after_how_many_games(persona_client, night, owner):
    client = persona_client("owner")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    match = MatchFactory(night=night, game="elfer", names=ABCD)
    match.options = {"rounds": 1}
    match.save(update_fields=["options"])
    enter_round(match, ENTRIES["elfer"], number=1, user=owner)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Partie vorbei nach 1 Spiel" in page


def test_every_game_has_its_words_and_the_shared_code_asks_the_registry():
    with translation.override("en"):
        assert registry.get("elfer").words.undo % {"number": 3} == "Undo game 3"
        assert registry.get("murlan").words.undo % {"number": 3} == "Undo hand 3"
        for key in ("molotow", "anrufen", "counter"):
            assert registry.get(key).words.undo % {"number": 3} == "Undo round 3"


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "Game 1: Beat cannot hold an 11"),
        ("de", "Spiel 1: Beat kann keine 11 haben"),
    ],
)
def test_the_engines_refusal_by_save_names_the_game_not_a_round(persona_client, night, language, sentence):
    client = persona_client("owner")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    match = MatchFactory(night=night, game="elfer", names=ABCD)
    data = {"number": 1, "cards_1": "11", "cards_2": "4", "cards_3": "20"}
    for seat in range(4):
        data.setdefault(f"cards_{seat}", "")
        data.update({f"bonus_{seat}": "0", f"jokers_{seat}": "0"})
    page = client.post(reverse("round_add", args=[match.pk]), data, **HX).content.decode()
    assert sentence in page
    preview = client.post(reverse("round_preview", args=[match.pk]), data).json()
    assert preview["ok"] is False and preview["error"].startswith(sentence)
    assert not match.rounds.exists()


@pytest.mark.parametrize(
    ("language", "elfer", "murlan", "molotow"),
    [("en", "2 games", "1 hand", "3 rounds"), ("de", "2 Spiele", "1 Runde", "3 Runden")],
)
def test_a_nights_pages_count_each_matchs_rounds_in_its_games_word(
    persona_client, night, owner, language, elfer, murlan, molotow
):
    client = persona_client("owner")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for game, count in (("elfer", 2), ("murlan", 1), ("molotow", 3)):
        match = MatchFactory(night=night, game=game, names=ABCD)
        for number in range(1, count + 1):
            enter_round(match, ENTRIES[game], number=number, user=owner)
    link = create_link(night=night, user=owner)
    for url in (
        night.get_absolute_url(),
        reverse("shared", args=[link.token]),
        reverse("night_report", args=[night.pk]),
    ):
        page = client.get(url).content.decode()
        for text in (elfer, murlan, molotow):
            assert text in page, (url, text)


@pytest.mark.parametrize(
    ("language", "totals", "rest"),
    [
        ("en", "With the totals after these 2 games: ", "The rest of the games are not played"),
        ("de", "Mit den Summen nach diesen 2 Spielen: ", "Die übrigen Spiele werden nicht gespielt"),
    ],
)
def test_ending_an_elfer_match_early_speaks_of_games(persona_client, night, owner, language, totals, rest):
    client = persona_client("owner")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    match = MatchFactory(night=night, game="elfer", names=ABCD, options={"rounds": 5})
    for number in (1, 2):
        enter_round(match, ENTRIES["elfer"], number=number, user=owner)
    page = client.get(reverse("match_close", args=[match.pk])).content.decode()
    assert totals in page and rest in page


@pytest.mark.parametrize(
    ("game", "language", "keep_both", "refused", "drop_mine"),
    [
        (
            "elfer",
            "en",
            "Keep both: mine as game %(next)s",
            "Game %(number)s was not accepted",
            "Keep theirs, drop mine",
        ),
        (
            "elfer",
            "de",
            "Beide behalten: meines als Spiel %(next)s",
            "Spiel %(number)s wurde nicht angenommen",
            "Deren behalten, meines verwerfen",
        ),
        (
            "murlan",
            "en",
            "Keep both: mine as hand %(next)s",
            "Hand %(number)s was not accepted",
            "Keep theirs, drop mine",
        ),
        (
            "molotow",
            "en",
            "Keep both: mine as round %(next)s",
            "Round %(number)s was not accepted",
            "Keep theirs, drop mine",
        ),
    ],
)
def test_the_offline_outbox_speaks_of_the_games_rounds_too(
    persona_client, night, game, language, keep_both, refused, drop_mine
):
    """The sentences js/outbox.js shows when saves waited offline travel in the page, in the game's word."""
    import json
    import re

    client = persona_client("owner")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    match = MatchFactory(night=night, game=game, names=ABCD)
    page = client.get(match.get_absolute_url()).content.decode()
    found = re.search(r'<script id="outbox-strings" type="application/json">(.*?)</script>', page)
    strings = json.loads(found.group(1))
    assert strings["keepBoth"] == keep_both
    assert strings["refusedEntry"].startswith(refused)
    assert strings["dropMine"] == drop_mine
    assert strings["sending"]  # the keys the game does not change stay
