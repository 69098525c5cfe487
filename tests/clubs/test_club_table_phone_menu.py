"""A phone that holds only a table link (no account) sees a menu that fits it: its table and the way
back to it, never the night, the nights list, the menus or the account pages that would ask it to log
in. Members and the owner see the menu as always."""

import re

import pytest
from django.urls import reverse

from companion.clubs import services
from tests.clubs.helpers import club_night, draw, play_round
from tests.clubs.test_club_views import speak

pytestmark = pytest.mark.django_db

# Pages a phone without an account cannot open: they answer with a login page or a 404.
ACCOUNT_ONLY = ("night_list", "player_list", "me", "leaderboard", "home")


@pytest.fixture
def tables(night):
    return list(draw(club_night(night, rounds=3)).tables.order_by("number"))


def links_of(response) -> set[str]:
    return set(re.findall(r'(?:href|action)="([^"#]*)"', response.content.decode()))


def open_link(client, table):
    client.get(reverse("club_table_link", args=[table.token]))


def forbidden_links(night, match) -> set[str]:
    return {reverse(name) for name in ACCOUNT_ONLY} | {
        night.get_absolute_url(),
        reverse("club_manage", args=[night.pk]),
        reverse("logout"),
        reverse("match_share", args=[match.pk]),
        reverse("match_rules", args=[match.pk]),
        reverse("match_export_json", args=[match.pk]),
        reverse("match_export_csv", args=[match.pk]),
        reverse("match_rematch", args=[match.pk]),
    }


def assert_every_link_opens(client, response):
    """Every link the page offers opens for this phone: no login page, no 404."""
    for url in set(re.findall(r'href="(/[^"#]*)"', response.content.decode())):
        if url.startswith("/static/"):
            continue
        answer = client.get(url)
        assert answer.status_code == 200, (url, answer.status_code)


def test_the_table_phones_match_page_links_nowhere_that_asks_it_to_log_in(client, night, tables):
    table = tables[0]
    open_link(client, table)
    response = client.get(table.match.get_absolute_url())
    assert response.status_code == 200
    offered = links_of(response)
    assert not offered & forbidden_links(night, table.match)
    assert reverse("match_history", args=[table.match.pk]) in offered
    assert reverse("rules_game", args=[table.match.game]) in offered
    assert "Table 1 · sitting 1" in response.content.decode()
    assert_every_link_opens(client, response)


def test_every_page_of_the_table_phone_has_the_way_back_to_its_table(client, night, tables):
    table = tables[1]
    open_link(client, table)
    play_round(table.match)
    for url in (
        reverse("match_history", args=[table.match.pk]),
        reverse("round_edit", args=[table.match.pk, 1]),
        reverse("match_close", args=[table.match.pk]),
        reverse("rules_index"),
        reverse("rules_game", args=["counter"]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "Back to table 2" in response.content.decode(), url
        assert table.match.get_absolute_url() in links_of(response), url
        assert not links_of(response) & forbidden_links(night, table.match), url


def test_a_finished_table_offers_its_phone_no_rematch(client, night, tables):
    table = tables[0]
    open_link(client, table)
    for number in (1, 2, 3):
        play_round(table.match, number)
    response = client.get(table.match.get_absolute_url())
    assert response.status_code == 200
    assert "Rematch, same seats" not in response.content.decode()
    assert reverse("match_rematch", args=[table.match.pk]) not in links_of(response)


def test_members_and_the_owner_see_the_menu_as_always(client, night, tables, owner):
    table = tables[0]
    open_link(client, table)  # the same browser also opened the link: signed in, it is a member's phone
    client.force_login(owner)
    for number in (1, 2, 3):
        play_round(table.match, number)
    response = client.get(table.match.get_absolute_url())
    offered = links_of(response)
    for url in (
        night.get_absolute_url(),
        reverse("night_list"),
        reverse("player_list"),
        reverse("match_share", args=[table.match.pk]),
        reverse("match_rematch", args=[table.match.pk]),
        reverse("logout"),
    ):
        assert url in offered, url
    assert "Back to table" not in response.content.decode()
    rules = client.get(reverse("rules_index"))
    assert reverse("night_list") in links_of(rules)


def test_a_visitor_without_table_links_sees_the_visitors_menu(client):
    response = client.get(reverse("rules_index"))
    assert "Back to table" not in response.content.decode()
    assert reverse("home") in links_of(response)


def test_once_the_link_stops_the_phone_is_offered_no_way_into_the_app(client, night, tables):
    table = tables[0]
    open_link(client, table)
    services.revoke_link(night.club, table.pk)
    response = client.get(reverse("club_table_link", args=[table.token]))
    assert response.status_code == 410
    assert not links_of(response) & forbidden_links(night, table.match)
    assert "Back to table" not in response.content.decode()


def test_the_way_back_is_said_in_german(client, night, tables):
    open_link(client, tables[0])
    speak(client, "de")
    page = client.get(reverse("match_history", args=[tables[0].match.pk])).content.decode()
    assert "Zurück zu Tisch 1" in page
    match_page = client.get(tables[0].match.get_absolute_url()).content.decode()
    assert "Tisch 1 · Durchgang 1" in match_page
