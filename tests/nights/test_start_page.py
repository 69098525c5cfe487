"""The start page: a player's request to be linked reaches the host, and demo nights are offered while
there is no game night at all (issue 37)."""

import pytest
from django.urls import reverse

from companion.models import GameNight, PlayerLink
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "said", "button"),
    [
        ("en", "member says they are Anna.", "Confirm or decline"),
        ("de", "member sagt, er sei Anna.", "Bestätigen oder ablehnen"),
    ],
)
def test_the_host_sees_on_the_start_page_that_a_player_asked_to_be_linked(
    persona_client, night, owner, member, language, said, button
):
    anna = PlayerFactory(owner=owner, name="Anna")
    client = persona_client("owner")
    assert "claims-heading" not in client.get(reverse("home")).content.decode()
    PlayerLink.objects.create(player=anna, user=member)
    page = client.get(reverse("home"), headers={"accept-language": language}).content.decode()
    assert said in page and button in page
    assert f'href="{reverse("player_list")}#claims-heading"' in page
    assert "claims-heading" not in persona_client("member").get(reverse("home")).content.decode()


@pytest.mark.parametrize(
    ("language", "button"), [("en", "Add demo game nights"), ("de", "Demo-Spielabende hinzufügen")]
)
def test_an_empty_start_page_offers_demo_nights_and_adds_them(client, owner, language, button):
    client.force_login(owner)
    page = client.get(reverse("home"), headers={"accept-language": language}).content.decode()
    assert button in page and f'action="{reverse("demo_nights")}"' in page
    response = client.post(reverse("demo_nights"))
    assert response.status_code == 302
    assert GameNight.objects.filter(owner=owner).count() == 20
    assert button not in client.get(reverse("home"), headers={"accept-language": language}).content.decode()


def test_demo_nights_are_not_offered_or_added_once_there_is_a_night(persona_client, night):
    client = persona_client("outsider")  # sees no night, but the site has one
    assert "Add demo game nights" not in client.get(reverse("home")).content.decode()
    client.post(reverse("demo_nights"))
    assert GameNight.objects.count() == 1
