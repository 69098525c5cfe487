""" "This is me" (issue 14): a member says which player of the owner's roster they are; once the
owner confirms, the player's page and the leaderboards are theirs too ("Me")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from companion.models import PlayerLink
from tests.factories import GameNightFactory, PlayerFactory, quick_murlan

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna(night):
    return PlayerFactory(owner=night.owner, name="Anna")


def claim(client, player):
    return client.post(reverse("me_claim"), {"player": player.pk})


def test_a_member_asks_and_the_owner_confirms(persona_client, night, anna, member):
    client = persona_client("member")
    assert "Anna" in client.get(reverse("me")).content.decode()
    assert claim(client, anna).status_code == 302
    link = PlayerLink.objects.get(player=anna)
    assert (link.user, link.confirmed) == (member, False)
    # Not yet: the member does not see the player's statistics.
    assert client.get(reverse("player_detail", args=[anna.pk])).status_code == 404
    owner_client = persona_client("owner")
    assert "member says they are Anna." in owner_client.get(reverse("player_list")).content.decode()
    owner_client.post(reverse("player_link_confirm", args=[anna.pk]))
    client = persona_client("member")
    assert client.get(reverse("player_detail", args=[anna.pk])).status_code == 200


def test_the_owner_declines_and_nothing_is_linked(persona_client, night, anna):
    claim(persona_client("member"), anna)
    persona_client("owner").post(reverse("player_link_decline", args=[anna.pk]))
    assert not PlayerLink.objects.exists()


def test_an_outsider_cannot_claim_a_player_of_a_night_they_are_not_in(persona_client, night, anna):
    assert claim(persona_client("outsider"), anna).status_code == 404
    assert not PlayerLink.objects.exists()


def test_a_player_can_be_claimed_once(persona_client, night, anna, outsider):
    claim(persona_client("member"), anna)
    night.members.add(outsider)
    assert claim(persona_client("outsider"), anna).status_code == 404
    assert PlayerLink.objects.get().user.username == "member"


def test_one_player_per_roster(persona_client, night, anna):
    beat = PlayerFactory(owner=night.owner, name="Beat")
    client = persona_client("member")
    claim(client, anna)
    response = claim(client, beat)
    assert response.status_code == 409
    assert "You already are a player in this roster" in response.content.decode()


def test_the_owner_claims_their_own_player_without_asking(persona_client, anna, owner):
    claim(persona_client("owner"), anna)
    assert PlayerLink.objects.get(player=anna, user=owner).confirmed


def test_the_leaderboard_marks_me_across_nights(persona_client, night, member):
    second = GameNightFactory(owner=night.owner, title="Saturday")
    second.members.add(member)
    for each in (night, second):
        quick_murlan(each)  # Anna wins
    anna = night.owner.players.get(name="Anna")
    PlayerLink.objects.create(player=anna, user=member, confirmed_at="2026-11-28T20:00Z")
    page = persona_client("member").get(reverse("leaderboard") + "?game=murlan&period=all").content.decode()
    row = next(line for line in page.split("<tr") if "Anna" in line)
    assert ">Me<" in row and reverse("player_detail", args=[anna.pk]) in row
    assert "2 of 2" in row  # both nights count
    beat_row = next(line for line in page.split("<tr") if "Beat" in line)
    assert ">Me<" not in beat_row


def test_a_member_removes_their_own_link(persona_client, anna):
    client = persona_client("member")
    claim(client, anna)
    link = PlayerLink.objects.get()
    assert persona_client("outsider").post(reverse("me_unlink", args=[link.pk])).status_code == 404
    persona_client("member").post(reverse("me_unlink", args=[link.pk]))
    assert not PlayerLink.objects.exists()
