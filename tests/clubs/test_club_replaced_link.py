"""A table link the organiser replaced: the old link's page says so (410) in the reader's language,
admits nothing, and a phone still on the table's match page is sent there, not to a login page."""

import pytest
from django.urls import reverse

from companion.clubs import services
from companion.models import Round
from tests.clubs.helpers import club_night, draw, enter_round, play_round
from tests.clubs.test_club_views import speak, text_of

pytestmark = pytest.mark.django_db

REPLACED = {
    "en": "This table link was replaced: scan the table's new QR code.",
    "de": "Dieser Tisch-Link wurde ersetzt: Scanne den neuen QR-Code des Tisches.",
}


@pytest.fixture
def table(night):
    return draw(club_night(night, rounds=3)).tables.order_by("number").first()


def link(token):
    return reverse("club_table_link", args=[token])


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_replaced_table_link_says_to_scan_the_new_code(client, night, table, language):
    old = table.token
    services.renew_link(night.club, table.pk)
    speak(client, language)
    response = client.get(link(old))
    assert response.status_code == 410
    assert REPLACED[language] in text_of(response)
    assert response["X-Robots-Tag"] == "noindex, nofollow"


def test_a_phone_holding_the_replaced_link_is_told_on_its_match_page_and_enters_nothing(client, night, table):
    client.get(link(table.token))
    services.renew_link(night.club, table.pk)
    page = client.get(table.match.get_absolute_url(), follow=True)
    assert page.status_code == 410
    assert REPLACED["en"] in text_of(page)
    assert reverse("login") not in page.redirect_chain[-1][0]
    enter_round(client, table.match)
    assert not Round.objects.filter(match=table.match).exists()


def test_the_new_link_works_while_every_older_one_says_it_was_replaced(client, night, table):
    first = table.token
    second = services.renew_link(night.club, table.pk).token
    third = services.renew_link(night.club, table.pk).token
    assert client.get(link(first)).status_code == 410
    assert client.get(link(second)).status_code == 410
    assert client.get(link(third)).status_code == 302
    assert enter_round(client, table.match).status_code == 302
    assert Round.objects.filter(match=table.match).count() == 1


def test_a_replaced_link_of_a_sitting_that_is_over_says_the_sitting_is_over(client, night, table):
    old = table.token
    services.renew_link(night.club, table.pk)
    sitting = table.sitting
    for each in sitting.tables.all():
        for number in (1, 2, 3):
            play_round(each.match, number)
    services.close_sitting(night.club, number=1)
    response = client.get(link(old))
    assert response.status_code == 410
    assert "Sitting 1 is over: this table link no longer works." in text_of(response)


def test_a_replaced_link_after_the_revoked_one_still_says_it_was_replaced(client, night, table):
    old = table.token
    services.renew_link(night.club, table.pk)
    services.revoke_link(night.club, table.pk)
    assert REPLACED["en"] in text_of(client.get(link(old)))


def test_a_token_that_never_was_a_table_link_is_still_not_found(client, table):
    assert client.get(link("y" * 32)).status_code == 404
