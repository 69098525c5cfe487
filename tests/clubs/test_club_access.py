"""Who may use a club table's match: the personas, and a phone holding the table's link."""

import pytest
from django.urls import reverse

from companion.clubs import services
from companion.models import Round
from tests.clubs.helpers import club_night, draw, enter_round, play_round, round_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def sitting(night):
    return draw(club_night(night, rounds=3))


@pytest.fixture
def tables(sitting):
    return list(sitting.tables.order_by("number"))


def open_link(client, table):
    return client.get(reverse("club_table_link", args=[table.token]))


def test_a_table_link_opens_its_match_without_an_account(client, tables):
    table = tables[0]
    response = open_link(client, table)
    assert response.status_code == 302
    assert response["Location"] == table.match.get_absolute_url()
    page = client.get(table.match.get_absolute_url())
    assert page.status_code == 200
    assert "Anna" in page.content.decode() or table.match.seats.first().player.name in page.content.decode()


def test_a_table_link_phone_enters_undoes_and_edits_its_rounds(client, tables):
    table = tables[0]
    open_link(client, table)
    assert enter_round(client, table.match).status_code == 302
    round_ = Round.objects.get(match=table.match)
    assert round_.entered_by is None
    edit = client.post(
        reverse("round_edit", args=[table.match.pk, 1]), round_post(table.match) | {"points_0": 99}
    )
    assert edit.status_code == 302
    round_.refresh_from_db()
    assert round_.entry["points"][table.match.seats.get(position=0).player.name] == 99
    undo = client.post(reverse("round_undo", args=[table.match.pk]), {"number": 1})
    assert undo.status_code == 302
    assert not Round.objects.filter(match=table.match).exists()


def test_a_table_link_phone_hears_its_match_live(client, tables):
    table = tables[0]
    open_link(client, table)
    response = client.get(reverse("match_events", args=[table.match.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    response.close()


def test_a_table_link_shows_nothing_else_of_the_night(client, night, tables):
    first, other = tables
    open_link(client, first)
    login = reverse("login")
    for url in (
        night.get_absolute_url(),
        reverse("club_manage", args=[night.pk]),
        other.match.get_absolute_url(),
        reverse("match_history", args=[other.match.pk]),
        reverse("leaderboard"),
    ):
        response = client.get(url)
        assert response.status_code in (302, 404), url
        if response.status_code == 302:
            assert response["Location"].startswith(login), url
    assert enter_round(client, other.match).status_code == 302
    assert not Round.objects.filter(match=other.match).exists()
    assert client.get(reverse("match_events", args=[other.match.pk])).status_code == 302


def test_a_revoked_table_link_says_so_and_admits_no_more(client, night, tables):
    table = tables[0]
    open_link(client, table)
    services.revoke_link(night.club, table.pk)
    response = open_link(client, table)
    assert response.status_code == 410
    assert "This table link was revoked" in response.content.decode()
    assert client.get(table.match.get_absolute_url(), follow=True).status_code == 410
    enter_round(client, table.match)
    assert not Round.objects.filter(match=table.match).exists()


def test_a_new_table_link_replaces_the_old_one_at_once(client, night, tables):
    table = tables[0]
    old = table.token
    open_link(client, table)
    renewed = services.renew_link(night.club, table.pk)
    assert client.get(reverse("club_table_link", args=[old])).status_code == 410
    assert client.get(table.match.get_absolute_url()).status_code == 302
    enter_round(client, table.match)
    assert not Round.objects.filter(match=table.match).exists()
    assert open_link(client, renewed).status_code == 302
    assert client.get(table.match.get_absolute_url()).status_code == 200


def test_a_table_link_after_its_sitting_closed_says_so_in_one_sentence(client, night, sitting, tables):

    for table in tables:
        play_round(table.match)
        services.end_table(night.club, table.pk, user=night.owner)
    services.close_sitting(night.club, number=1)
    response = open_link(client, tables[0])
    assert response.status_code == 410
    assert "Sitting 1 is over: this table link no longer works." in response.content.decode()


def test_a_table_link_stops_when_the_club_night_ends(client, night, tables):
    open_link(client, tables[0])
    services.end_club(night.club)
    page = client.get(tables[0].match.get_absolute_url(), follow=True)
    assert page.status_code == 410
    assert "The club night has ended: this table link no longer works." in page.content.decode()
    assert not Round.objects.exists()
    enter_round(client, tables[0].match)
    assert not Round.objects.exists()
    response = open_link(client, tables[0])
    assert "The club night has ended" in response.content.decode()


def test_an_unknown_table_link_is_not_found(client, tables):
    assert client.get(reverse("club_table_link", args=["x" * 32])).status_code == 404


@pytest.mark.parametrize(
    "persona, status", [("owner", 200), ("member", 200), ("outsider", 404), ("anonymous", 302)]
)
def test_the_organisers_screen_and_the_tables_by_persona(persona_client, night, tables, persona, status):
    client = persona_client(persona)
    assert client.get(reverse("club_manage", args=[night.pk])).status_code == status
    assert client.get(tables[0].match.get_absolute_url()).status_code == status


def test_an_outsider_with_a_table_link_may_use_that_table_only(persona_client, night, tables):
    client = persona_client("outsider")
    open_link(client, tables[0])
    assert client.get(tables[0].match.get_absolute_url()).status_code == 200
    assert client.get(tables[1].match.get_absolute_url()).status_code == 404
    assert client.get(reverse("club_manage", args=[night.pk])).status_code == 404


@pytest.mark.parametrize("persona", ["member", "outsider", "anonymous"])
def test_only_the_owner_makes_a_night_a_club_night(persona_client, night, persona):
    client = persona_client(persona)
    response = client.post(
        reverse("club_create", args=[night.pk]), {"game": "counter", "shown_game": "counter"}
    )
    assert response.status_code in (302, 404)
    assert not hasattr(night, "club") or night.club is None


def test_a_table_link_phone_pauses_and_resumes_its_tables_clock(client, tables):
    table = tables[0]
    open_link(client, table)
    assert client.post(reverse("match_pause", args=[table.match.pk])).status_code == 302
    table.match.refresh_from_db()
    assert table.match.paused_at is not None
    assert client.post(reverse("match_resume", args=[table.match.pk])).status_code == 302
    assert client.post(reverse("match_pause", args=[tables[1].match.pk])).status_code == 302
    tables[1].match.refresh_from_db()
    assert tables[1].match.paused_at is None
