"""Every main page speaks German to a German browser, and no English from the catalogue is left on it."""

import pytest
from django.urls import reverse

from companion.models import ShareLink
from tests.factories import GameNightFactory, play_match
from tests.german import english_entries, english_on_page

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-CH,de;q=0.9,en;q=0.5"}
FOUR = ["Anna", "Beat", "Cla", "Dora"]
ROUNDS = {
    "molotow": [
        {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
        {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Cla"},
    ],
    "anrufen": [
        {"bidder": "Anna", "bid": "normal", "partner": "Cla", "points": 50},
        {"bidder": "Beat", "bid": "no_tricks", "tricks": 0, "contra": True},
        {"redeal": True},
    ],
    "elfer": [
        {
            "bonus": {"Anna": 2, "Beat": 1, "Dora": 3},
            "cards": {"Beat": [3, 17], "Cla": [21, 1], "Dora": [12]},
        },
    ],
    "murlan": [{"order": ["Anna", "Cla", "Beat", "Dora"]}, {"order": ["Beat", "Anna", "Dora", "Cla"]}],
    "counter": [{"points": {"Anna": 12, "Beat": -5, "Cla": 0, "Dora": 30}}, {"points": {"Anna": 7}}],
}


@pytest.fixture
def jassabend(owner, member):
    night = GameNightFactory(owner=owner, title="Jassabend im Rössli", place="Rössli", notes="Mit Raclette")
    night.members.add(member)
    matches = {game: play_match(night, game, FOUR, rounds) for game, rounds in ROUNDS.items()}
    finished = play_match(
        night, "murlan", FOUR, [{"order": FOUR}] * 2, options={"target": 6, "max_target": 6}
    )
    return night, matches, finished


def german_page(client, url):
    response = client.get(url, **GERMAN)
    assert response.status_code == 200, url
    page = response.content.decode()
    assert '<html lang="de"' in page, url
    return page


def test_the_catalogue_gives_the_page_check_english_to_look_for():
    msgids = {english.msgid for english in english_entries()}
    assert {"Log out", "Players", "Save round", "%(name)s deals"} <= msgids
    assert "Murlan" not in msgids  # the same in both languages


def test_the_page_check_finds_an_english_sentence_and_an_unmarked_one():
    page = "<html><body><h1>Players</h1><p>Spieler</p><p>Anna deals</p><p>Tap the card</p></body></html>"
    found = english_on_page(page)
    assert any(line.startswith("'Players'") for line in found)
    assert any(line.startswith("'%(name)s deals'") for line in found)
    assert any(line.startswith("'the'") for line in found)
    assert not any("Spieler" in line for line in found)
    assert not any(line.startswith("'the'") for line in english_on_page(page, unmarked=False))


def test_the_main_pages_are_german_through_and_through(client, owner, jassabend):
    night, matches, finished = jassabend
    client.force_login(owner)
    urls = [
        reverse("home"),
        reverse("night_list"),
        reverse("night_create"),
        reverse("night_detail", args=[night.pk]),
        reverse("night_edit", args=[night.pk]),
        reverse("night_members", args=[night.pk]),
        reverse("night_report", args=[night.pk]),
        reverse("night_import"),
        reverse("night_share", args=[night.pk]),
        reverse("player_list"),
        reverse("player_detail", args=[matches["murlan"].seats.first().player_id]),
        reverse("player_edit", args=[matches["murlan"].seats.first().player_id]),
        reverse("leaderboard"),
        reverse("rules_index"),
        reverse("match_detail", args=[finished.pk]),
    ]
    for game, match in matches.items():
        urls += [
            f"{reverse('match_create', args=[night.pk])}?game={game}",
            reverse("match_detail", args=[match.pk]),
            reverse("match_history", args=[match.pk]),
            reverse("round_edit", args=[match.pk, 1]),
            reverse("match_rules", args=[match.pk]),
            reverse("match_share", args=[match.pk]),
            reverse("rules_game", args=[game]),
            reverse("score_sheet", args=[game]),
            f"{reverse('leaderboard')}?game={game}",
        ]
    english = {url: english_on_page(german_page(client, url)) for url in urls}
    assert {url: found for url, found in english.items() if found} == {}


def test_the_shared_pages_are_german_for_a_german_visitor(client, owner, jassabend):
    night, matches, _ = jassabend
    client.force_login(owner)
    client.post(reverse("night_share_create", args=[night.pk]))
    client.logout()
    link = ShareLink.objects.get(night=night, revoked_at=None)
    urls = [reverse("shared", args=[link.token])] + [
        reverse("shared_match", args=[link.token, match.pk]) for match in matches.values()
    ]
    english = {url: english_on_page(german_page(client, url)) for url in urls}
    assert {url: found for url, found in english.items() if found} == {}


def test_the_login_page_is_german(client, owner):
    assert english_on_page(german_page(client, reverse("login"))) == []


def test_the_admin_speaks_german_for_companions_models(client, owner, jassabend):
    """Django translates the admin's own words; Companion's models, fields and choices are ours."""
    owner.is_staff = owner.is_superuser = True
    owner.save()
    night, matches, _ = jassabend
    client.force_login(owner)
    match = matches["anrufen"]
    urls = [reverse("admin:index"), reverse("admin:app_list", args=["companion"])]
    for model in ["player", "gamenight", "match", "round", "roundchange", "sharelink", "profile"]:
        urls.append(reverse(f"admin:companion_{model}_changelist"))
    urls += [
        reverse("admin:companion_gamenight_change", args=[night.pk]),
        reverse("admin:companion_match_change", args=[match.pk]),
        reverse("admin:companion_round_change", args=[match.rounds.first().pk]),
        reverse("admin:companion_player_change", args=[match.seats.first().player_id]),
    ]
    english = {url: english_on_page(german_page(client, url), allowed=("owner",)) for url in urls}
    assert {url: found for url, found in english.items() if found} == {}


def test_a_refused_round_says_why_in_german_and_stores_nothing(client, owner, jassabend):
    _, matches, _ = jassabend
    client.force_login(owner)
    match = matches["molotow"]
    points = {f"points_{seat}": "40" for seat in range(4)}  # 160, not 157
    response = client.post(reverse("round_add", args=[match.pk]), {"number": 3, **points}, **GERMAN)
    page = response.content.decode()
    assert "Runde 3: Die Punkte ergeben 160, nicht 157" in page
    assert english_on_page(page) == []
    assert match.rounds.count() == 2


def test_each_meaning_of_place_and_the_edit_button_read_as_german_does(client, owner, jassabend):
    """One English word, two German ones: "Place" is the night's Ort on a blank sheet and a Rang in
    the standings; a player's edit button is "Anna bearbeiten", not "Bearbeiten Anna"."""
    night, _matches, _finished = jassabend
    client.force_login(owner)
    sheet = german_page(client, reverse("score_sheet", args=["molotow"]))
    assert 'Ort <span class="fill-line">' in sheet and 'Rang <span class="fill-line">' not in sheet
    standings = german_page(client, night.get_absolute_url())
    assert '<th scope="col">Rang</th>' in standings and '<th scope="col">Ort</th>' not in standings
    players = german_page(client, reverse("player_list"))
    assert 'aria-label="Anna bearbeiten">Bearbeiten</a>' in players
    assert "Bearbeiten<span" not in players
