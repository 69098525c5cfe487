"""The server's side of "no round lost to the network": idempotent saves, honest answers to htmx,
an expired session sent to login as a whole page, friendly error pages, the service worker."""

import json
import uuid

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse
from django.views import defaults

from companion.models import Round, RoundChange
from companion.play import rounds
from tests.factories import MatchFactory, enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def murlan(night):
    return MatchFactory(night=night, game="murlan", names=ABCD)


def hand(number, *seats, key=None):
    data = {"number": number, **{f"place_{place}": seat for place, seat in enumerate(seats)}}
    if key is not None:
        data["key"] = str(key)
    return data


def post_hand(client, match, data, **headers):
    return client.post(reverse("round_add", args=[match.pk]), data, **headers)


# --- idempotent saves ---------------------------------------------------------------


def test_a_resent_save_with_the_same_key_stores_one_round_and_answers_saved(persona_client, murlan):
    client = persona_client("owner")
    key = uuid.uuid4()
    first = post_hand(client, murlan, hand(1, 0, 1, 2, 3, key=key), **HTMX)
    again = post_hand(client, murlan, hand(1, 0, 1, 2, 3, key=key), **HTMX)  # its answer was lost
    assert first["Companion-Round"] == again["Companion-Round"] == "saved"
    assert list(Round.objects.filter(match=murlan).values_list("number", "key")) == [(1, key)]
    assert RoundChange.objects.filter(match=murlan).count() == 1
    html = again.content.decode()
    assert "already saved" not in html
    assert 'name="number" value="2"' in html  # the next round, as after any success


def test_a_resent_save_is_recognised_even_after_later_rounds(persona_client, murlan):
    client = persona_client("owner")
    key = uuid.uuid4()
    post_hand(client, murlan, hand(1, 0, 1, 2, 3, key=key))
    post_hand(client, murlan, hand(2, 1, 0, 2, 3, key=uuid.uuid4()))
    again = post_hand(client, murlan, hand(1, 0, 1, 2, 3, key=key), **HTMX)
    assert again["Companion-Round"] == "saved"
    assert Round.objects.filter(match=murlan).count() == 2


def test_another_entry_for_a_stored_round_number_is_still_a_conflict(persona_client, murlan):
    client = persona_client("owner")
    post_hand(client, murlan, hand(1, 0, 1, 2, 3, key=uuid.uuid4()))
    other = post_hand(client, murlan, hand(1, 3, 2, 1, 0, key=uuid.uuid4()), **HTMX)
    assert other["Companion-Round"] == "conflict"
    assert "Round 1 was already saved" in other.content.decode()
    assert list(Round.objects.filter(match=murlan).values_list("entry", flat=True)) == [
        {"order": ["Anna", "Beat", "Cla", "Dora"]}
    ]


def test_each_new_entry_form_carries_a_new_key(persona_client, murlan):
    client = persona_client("owner")
    page = client.get(murlan.get_absolute_url()).content.decode()
    after = post_hand(client, murlan, hand(1, 0, 1, 2, 3, key=_key_in(page)), **HTMX).content.decode()
    assert _key_in(page) != _key_in(after)
    assert Round.objects.get(match=murlan).key == uuid.UUID(_key_in(page))


def test_a_refused_entry_keeps_its_key_for_the_retry(persona_client, murlan):
    key = uuid.uuid4()
    response = post_hand(persona_client("owner"), murlan, hand(1, 0, 0, 2, 3, key=key), **HTMX)
    assert response["Companion-Round"] == "invalid"
    assert _key_in(response.content.decode()) == str(key)


def test_the_round_service_returns_the_stored_round_for_a_known_key(murlan, owner):
    key = uuid.uuid4()
    enter_round(murlan, {"order": ABCD}, number=1, user=owner, key=key)
    result = enter_round(murlan, {"order": ABCD}, number=1, user=owner, key=key)
    assert len(result.rounds) == 1
    assert Round.objects.filter(match=murlan).count() == 1


def test_rounds_without_a_key_are_never_taken_for_one_another(murlan, owner):
    enter_round(murlan, {"order": ABCD}, number=1, user=owner)
    with pytest.raises(rounds.RoundConflict):
        enter_round(murlan, {"order": ABCD}, number=1, user=owner)


def test_a_malformed_key_is_a_checked_entry_not_a_500(persona_client, murlan):
    data = {**hand(1, 0, 1, 2, 3), "key": "not-a-uuid"}
    response = post_hand(persona_client("owner"), murlan, data, **HTMX)
    assert response.status_code == 200 and response["Companion-Round"] == "invalid"
    assert not Round.objects.exists()


def _key_in(html: str) -> str:
    marker = 'name="key" value="'
    start = html.index(marker) + len(marker)
    return html[start : html.index('"', start)]


# --- an expired session during htmx -----------------------------------------------------


def test_an_expired_session_sends_the_whole_page_to_login_and_back_to_the_match(client, murlan):
    page = f"http://testserver{murlan.get_absolute_url()}"
    response = post_hand(client, murlan, hand(1, 0, 1, 2, 3), HTTP_HX_CURRENT_URL=page, **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/login/?next=%2Fmatches%2F{murlan.pk}%2F"
    assert response.content == b""  # nothing to swap into the scoreboard
    assert not Round.objects.exists()


def test_without_htmx_an_expired_session_is_the_usual_redirect(client, murlan):
    response = post_hand(client, murlan, hand(1, 0, 1, 2, 3))
    assert response.status_code == 302 and response["Location"].startswith("/login/?next=")


def test_a_page_on_another_origin_is_not_a_place_to_come_back_to(client, murlan):
    response = post_hand(
        client, murlan, hand(1, 0, 1, 2, 3), HTTP_HX_CURRENT_URL="https://evil.example/x", **HTMX
    )
    assert response["HX-Redirect"].startswith(
        "/login/?next=/matches/"
    )  # the endpoint, as login_required says


# --- error pages --------------------------------------------------------------------


def assert_friendly(response, status, sentence):
    html = response.content.decode() if hasattr(response, "content") else response
    assert response.status_code == status
    assert sentence in html
    assert "Traceback" not in html and "<script>" not in html
    assert 'id="net-strings"' in html  # the shared page, with its scripts from static files


def test_a_missing_page_is_said_in_words(client):
    assert_friendly(client.get("/no-such-page/"), 404, "There is nothing at this address.")


def test_a_stale_form_says_to_reload(owner, murlan):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = post_hand(
        client, murlan, hand(1, 0, 1, 2, 3), HTTP_REFERER=f"http://testserver/matches/{murlan.pk}/"
    )
    assert_friendly(response, 403, "This page was open too long — reload it and try again.")
    assert response["Companion-Error"] == "csrf"
    assert f'href="http://testserver/matches/{murlan.pk}/"' in response.content.decode()
    assert "Content-Security-Policy" in response
    assert not Round.objects.exists()


def test_the_stale_form_page_never_links_to_another_site(owner, murlan):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = post_hand(client, murlan, hand(1, 0, 1, 2, 3), HTTP_REFERER="https://evil.example/")
    assert "evil.example" not in response.content.decode()


@pytest.mark.parametrize(
    ("view", "status", "sentence"),
    [
        (defaults.bad_request, 400, "The page sent something the server could not read."),
        (defaults.permission_denied, 403, "This page or action is not open to your account."),
        (defaults.server_error, 500, "Nothing you did caused this"),
    ],
)
def test_the_other_error_pages_are_friendly(view, status, sentence):
    request = RequestFactory().get("/")
    response = view(request) if view is defaults.server_error else view(request, Exception())
    assert_friendly(response, status, sentence)


# --- the service worker and the installed app ------------------------------------------


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client):
    response = client.get("/sw.js")
    body = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert 'importScripts("/static/js/sw.js")' in body
    for path in ["/static/css/app.css", "/static/js/outbox.js", "/static/games/elfer/entry.js", "/offline/"]:
        assert f'"{path}"' in body


def test_the_offline_page_says_what_works_offline(client):
    response = client.get(reverse("offline"))
    assert "Scoreboards opened before still show their last known standings." in response.content.decode()


def test_the_installed_app_opens_at_the_running_match(persona_client, night, murlan):
    finished = MatchFactory(night=night, game="murlan", names=ABCD)
    finished.closed = True
    finished.save()
    response = persona_client("member").get(reverse("start"))
    assert response.status_code == 302 and response["Location"] == murlan.get_absolute_url()


def test_without_a_running_match_the_installed_app_opens_at_home(persona_client, murlan):
    response = persona_client("outsider").get(reverse("start"))
    assert response["Location"] == reverse("home")


def test_the_manifest_makes_an_installable_full_screen_app_that_opens_at_the_running_match():
    from django.conf import settings
    from django.urls import resolve

    manifest = json.loads((settings.BASE_DIR / "static" / "manifest.webmanifest").read_text())
    assert manifest["display"] == "fullscreen" and manifest["scope"] == "/"
    assert resolve(manifest["start_url"]).url_name == "start"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (settings.BASE_DIR / "static" / icon["src"]).exists()


def test_a_request_for_another_host_gets_the_friendly_400_behind_https(client, settings):
    """The HTTPS redirect asks for the host before any page runs; its refusal is still said kindly."""
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/", HTTP_HOST="evil.example")
    assert_friendly(response, 400, "The page sent something the server could not read.")
