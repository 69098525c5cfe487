"""Pages and htmx fragments go gzipped to a browser that accepts it, and never leak a fixed secret.

BREACH needs a secret that stays the same from response to response next to text an
attacker chooses. Django masks the CSRF token afresh in every response, and its gzip
adds a random-length header field (README, "Compression").
"""

import gzip
import re

import pytest
from django.urls import reverse

from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
TOKEN = re.compile(rb'"X-CSRFToken": "([^"]+)"')


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=ABCD)


def test_a_scoreboard_is_gzipped_for_a_browser_that_accepts_it(client, owner, molotow):
    client.force_login(owner)
    response = client.get(molotow.get_absolute_url(), **GZIP)
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    page = gzip.decompress(response.content)
    assert b"standing-total" in page
    assert len(response.content) < len(page) / 3


def test_a_saved_round_comes_back_gzipped_to_htmx(client, owner, molotow):
    client.force_login(owner)
    data = {"number": 1, "points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}
    response = client.post(reverse("round_add", args=[molotow.pk]), data, HTTP_HX_REQUEST="true", **GZIP)
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert b"Round 2" in gzip.decompress(response.content)


def test_a_client_that_does_not_ask_gets_plain_html(client, owner, molotow):
    client.force_login(owner)
    response = client.get(molotow.get_absolute_url())
    assert not response.has_header("Content-Encoding")
    assert b"standing-total" in response.content


def test_the_csrf_token_in_a_page_differs_in_every_response(client, owner, molotow):
    client.force_login(owner)
    pages = [gzip.decompress(client.get(molotow.get_absolute_url(), **GZIP).content) for _ in range(3)]
    tokens = {TOKEN.search(page).group(1) for page in pages}
    assert len(tokens) == 3


def test_the_gzip_header_carries_random_padding(client, owner, molotow):
    """Heal-the-BREACH: Django's gzip writes 0-100 random bytes as the file name in the header."""
    client.force_login(owner)
    bodies = [client.get(molotow.get_absolute_url(), **GZIP).content for _ in range(8)]
    fname = 0x08
    assert all(body[3] & fname for body in bodies)
    names = {body[10 : body.index(b"\0", 10)] for body in bodies}
    assert len(names) > 1
