"""Pages and htmx fragments go compressed to a browser that accepts it, and never leak a fixed secret.

Zstandard, Brotli or gzip, whichever the browser's ``Accept-Encoding`` ranks first
(django-http-compression, companion/lib/compression.py); event streams never. BREACH needs a
secret that stays the same from response to response next to text an attacker chooses.
Django masks the CSRF token afresh in every response, whichever the coding; every compressed
answer also carries a header of random length, and the session cookie is SameSite=Lax
(docs/hosting.md, "Compression").
"""

import asyncio
import gzip
import re

import brotli
import pytest
from django.http import HttpResponse, StreamingHttpResponse
from django.test import RequestFactory
from django.urls import reverse

from companion.lib.compression import CompressionMiddleware
from tests.factories import PASSWORD, MatchFactory
from tests.fixtures import run_async

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate"}
BROTLI = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}  # what browsers send over plain HTTP
TOKEN = re.compile(rb'"X-CSRFToken": "([^"]+)"')


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=ABCD)


def test_a_scoreboard_is_gzipped_for_a_browser_that_accepts_it(client, owner, molotow):
    client.force_login(owner)
    response = client.get(molotow.get_absolute_url(), **GZIP)
    assert response["Content-Encoding"] == "gzip"
    assert "accept-encoding" in response["Vary"].lower()
    page = gzip.decompress(response.content)
    assert b"standing-total" in page
    assert len(response.content) < len(page) / 3


@pytest.mark.parametrize(
    ("accept", "coding", "decompress"), [(GZIP, "gzip", gzip.decompress), (BROTLI, "br", brotli.decompress)]
)
def test_a_saved_round_comes_back_compressed_to_htmx(client, owner, molotow, accept, coding, decompress):
    client.force_login(owner)
    data = {"number": 1, "points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}
    response = client.post(reverse("round_add", args=[molotow.pk]), data, HTTP_HX_REQUEST="true", **accept)
    assert response.status_code == 200
    assert response["Content-Encoding"] == coding
    assert b"Round 2" in decompress(response.content)


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


@pytest.mark.parametrize("accept", [GZIP, BROTLI])
def test_a_compressed_page_carries_padding_of_random_length(client, owner, molotow, accept):
    """Heal-the-BREACH: an ``x-noise`` header of 0-132 random characters, whichever the coding."""
    client.force_login(owner)
    noises = {client.get(molotow.get_absolute_url(), **accept)["x-noise"] for _ in range(8)}
    assert len({len(noise) for noise in noises}) > 1


# --- Brotli -----------------------------------------------------------------------------


def test_a_scoreboard_goes_brotli_to_a_browser_that_accepts_it(client, owner, molotow):
    client.force_login(owner)
    response = client.get(molotow.get_absolute_url(), **BROTLI)
    assert response["Content-Encoding"] == "br"
    assert "accept-encoding" in response["Vary"].lower()
    assert response["Content-Length"] == str(len(response.content))
    page = brotli.decompress(response.content)
    assert b"standing-total" in page


@pytest.mark.parametrize(
    ("accept", "coding"),
    [
        ("gzip, deflate, br, zstd", "zstd"),
        ("gzip, deflate, br", "br"),
        ("br", "br"),
        ("gzip;q=0.5, br", "br"),
        ("br;q=0", None),  # refused, and gzip not offered
        ("gzip, br;q=0", "gzip"),
        ("gzip, br;q=0.0", "gzip"),
        ("gzip, br;q=0.5", "gzip"),  # the browser prefers gzip
        ("gzip;q=0.8, br;q=0.9", "br"),
        ("gzip, br;q=x", "gzip"),  # a weight that cannot be read allows nothing
        ("*", None),  # a browser names the codings it reads
        ("*;q=0.5, gzip", "gzip"),
        ("gzip, deflate", "gzip"),
        ("identity", None),
        ("", None),
    ],
)
def test_the_coding_follows_the_browsers_accept_encoding_and_its_weights(
    client, owner, molotow, accept, coding
):
    client.force_login(owner)
    response = client.get(molotow.get_absolute_url(), HTTP_ACCEPT_ENCODING=accept)
    assert response.get("Content-Encoding") == coding
    if coding:
        assert "accept-encoding" in response["Vary"].lower()


def test_an_accept_encoding_too_long_to_be_a_browsers_gets_nothing_compressed():
    assert answered(HttpResponse(b"x" * 300), "br")["Content-Encoding"] == "br"
    assert not answered(HttpResponse(b"x" * 300), "x" * 2100 + ", br").has_header("Content-Encoding")


def answered(response, accept="gzip, deflate, br"):
    request = RequestFactory().get("/", HTTP_ACCEPT_ENCODING=accept)
    return CompressionMiddleware(lambda request: response)(request)


def test_a_short_answer_goes_as_it_is():
    response = answered(HttpResponse(b"x" * 49))
    assert not response.has_header("Content-Encoding")
    assert response.content == b"x" * 49
    assert answered(HttpResponse(b"x" * 200))["Content-Encoding"] == "br"


def test_an_answer_already_encoded_is_left_alone():
    response = HttpResponse(b"\x1f\x8b" + b"y" * 300, headers={"Content-Encoding": "gzip"})
    assert answered(response)["Content-Encoding"] == "gzip"
    assert answered(response).content == b"\x1f\x8b" + b"y" * 300


def test_a_strong_etag_becomes_weak_when_the_body_is_compressed():
    response = answered(HttpResponse(b"standings " * 50, headers={"ETag": '"v7"'}))
    assert response["ETag"] == 'W/"v7"'
    weak = answered(HttpResponse(b"standings " * 50, headers={"ETag": 'W/"v7"'}))
    assert weak["ETag"] == 'W/"v7"'


def test_a_body_brotli_cannot_shorten_goes_as_it_is():
    noise = bytes(range(256)) * 2
    response = answered(HttpResponse(brotli.compress(noise, quality=11)))
    assert not response.has_header("Content-Encoding")


def test_a_streamed_answer_is_one_brotli_stream_sent_chunk_by_chunk():
    chunks = [b"round %d; " % n * 40 for n in range(5)]
    response = answered(StreamingHttpResponse(iter(chunks), headers={"Content-Length": "1"}))
    assert response["Content-Encoding"] == "br"
    assert not response.has_header("Content-Length")
    sent = list(response.streaming_content)
    assert len(sent) >= len(chunks)  # each chunk flushed as it came, not held back
    assert brotli.decompress(b"".join(sent)) == b"".join(chunks)


def test_an_async_streamed_answer_is_one_brotli_stream_too():
    chunks = [b"round %d; " % n * 40 for n in range(3)]

    async def produce():
        for chunk in chunks:
            yield chunk

    response = answered(StreamingHttpResponse(produce()))

    async def collect():
        return [chunk async for chunk in response.streaming_content]

    assert response["Content-Encoding"] == "br"
    assert brotli.decompress(b"".join(run_async(collect()))) == b"".join(chunks)


def test_an_event_stream_goes_uncompressed_each_event_as_soon_as_it_is_written():
    written = []

    def events():
        for version in ("v1", "v2"):
            written.append(version)
            yield f"id: {version}\nevent: version\ndata: {version}\n\n".encode()

    response = answered(StreamingHttpResponse(events(), content_type="text/event-stream"), "gzip, br, zstd")
    assert not response.has_header("Content-Encoding")
    chunks = iter(response.streaming_content)
    assert next(chunks) == b"id: v1\nevent: version\ndata: v1\n\n"
    assert written == ["v1"]  # the first event is out before the second is made


def test_an_async_event_stream_goes_uncompressed_too():
    async def events():
        yield b"retry: 3000\n\n"
        await asyncio.sleep(3600)  # a page open for an hour without a save
        yield b"id: v2\n\n"

    response = answered(StreamingHttpResponse(events(), content_type="text/event-stream"), "br")

    async def first():
        return await anext(aiter(response.streaming_content))

    assert not response.has_header("Content-Encoding")
    assert run_async(first()) == b"retry: 3000\n\n"


def test_the_csrf_token_in_a_brotli_page_differs_in_every_response(client, owner, molotow):
    client.force_login(owner)
    pages = [brotli.decompress(client.get(molotow.get_absolute_url(), **BROTLI).content) for _ in range(3)]
    assert len({TOKEN.search(page).group(1) for page in pages}) == 3


def test_the_session_and_csrf_cookies_stay_on_their_own_site(client, owner):
    """SameSite=Lax: another site's page cannot make the browser fetch Companion's pages logged in."""
    page = client.get(reverse("login"))
    assert page.cookies["csrftoken"]["samesite"] == "Lax"
    response = client.post(reverse("login"), {"username": owner.username, "password": PASSWORD})
    assert response.status_code == 302
    assert response.cookies["sessionid"]["samesite"] == "Lax"
    # Logging in rotates the CSRF secret: the browser gets the new one.
    assert response.cookies["csrftoken"].value != page.cookies["csrftoken"].value


def test_a_browser_without_the_csrf_cookie_gets_one_with_the_next_page(client, owner, molotow):
    client.force_login(owner)
    client.get(molotow.get_absolute_url())
    del client.cookies["csrftoken"]
    again = client.get(molotow.get_absolute_url())
    assert again.cookies["csrftoken"].value


def test_every_csrf_token_in_a_page_works_and_the_next_page_has_others(client, owner, molotow):
    """Stock Django CSRF: the page and its (cached) scoreboard each mask the session's secret afresh.

    Two masks in a scoreboard page cost 64 bytes on the wire more than one (docs/architecture.md).
    """
    client.handler.enforce_csrf_checks = True
    client.force_login(owner)
    pages = [client.get(molotow.get_absolute_url()).content.decode() for _ in range(2)]
    tokens = [
        set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page))
        | {TOKEN.search(page.encode()).group(1).decode()}
        for page in pages
    ]
    assert [len(found) for found in tokens] == [2, 2]  # the page's (with htmx's header) and the scoreboard's
    assert not tokens[0] & tokens[1]
    for token in tokens[0]:
        answer = client.post(reverse("set_language"), {"language": "en", "csrfmiddlewaretoken": token})
        assert answer.status_code == 302
