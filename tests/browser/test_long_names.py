"""A name of 40 letters without a space (the longest a player may have) never makes a match's page
wider than the phone: long words wrap or end in an ellipsis, and the page never scrolls sideways."""

import pytest

from companion.sharing.services import create_link
from tests.factories import MatchFactory, enter_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "A" * 40  # Player.name's max_length
NAMES = ["Beat", LONG, "Cla", "Dora"]  # the long name deals the second round
FIRST_ROUND = {
    "counter": {"points": {LONG: 12, "Beat": -3, "Cla": 0, "Dora": 5}},
    "molotow": {"points": {LONG: 90, "Beat": 9, "Cla": 34, "Dora": 24}},
    "anrufen": {"bidder": LONG, "bid": "normal", "partner": "Cla", "points": 50},
    "elfer": {"bonus": {LONG: 2}, "cards": {"Beat": [3, 17], "Cla": [21, 1], "Dora": [12]}},
    "murlan": {"order": NAMES},
}


def widths(page, urls):
    found = {}
    for url in urls:
        page.goto(url)
        found[url] = page.evaluate("document.documentElement.scrollWidth")
    return found


def match_urls(match, owner):
    token = create_link(match=match, user=owner).token
    pk = match.pk
    return [
        f"/matches/{pk}/",
        f"/matches/{pk}/history/",
        f"/matches/{pk}/rules/",
        f"/matches/{pk}/share/",
        f"/matches/{pk}/rounds/1/edit/",
        f"/matches/{pk}/close/",
        f"/s/{token}/",
    ]


@pytest.mark.parametrize("game", sorted(FIRST_ROUND))
def test_a_forty_letter_name_never_widens_a_match_page(logged_in, night, owner, game):
    page = logged_in
    match = MatchFactory(night=night, game=game, names=NAMES)
    enter_round(match, FIRST_ROUND[game], number=1, user=owner)
    urls = match_urls(match, owner)
    assert widths(page, urls) == dict.fromkeys(urls, 390)
    page.set_viewport_size({"width": 844, "height": 390})
    assert widths(page, urls) == dict.fromkeys(urls, 844)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_forty_letter_name_never_widens_the_review_pages(request, night, owner, language):
    """Nights, a night and its report, players, a player and the leaderboard (German words are longer)."""
    page = request.getfixturevalue("logged_in" if language == "en" else "german_logged_in")
    from django.urls import reverse

    from companion.models import Player
    from tests.factories import play_match

    play_match(night, "murlan", NAMES, [{"order": NAMES}] * 7)
    play_match(night, "molotow", NAMES, [FIRST_ROUND["molotow"]] * 12)
    long = Player.objects.get(name=LONG)
    urls = [
        reverse("night_list"),
        night.get_absolute_url(),
        reverse("night_report", args=[night.pk]),
        reverse("player_list"),
        reverse("player_detail", args=[long.pk]),
        reverse("player_detail", args=[Player.objects.get(name="Beat").pk]),
        reverse("leaderboard"),
    ]
    assert widths(page, urls) == dict.fromkeys(urls, 390)
