"""The cached scoreboard: never older than the database, whoever changed it and through which server.

The scoreboard fragment is cached per match version (companion/play/scoreboard_cache.py).
"Another instance" is played here by changing the match through the services or
the database while this process's cache still holds the page as it was: the next
page must show the change all the same.
"""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from companion.access import Viewer
from companion.models import Match, Player
from companion.nights.roster import player_changed, rename_player
from companion.play import rounds as round_service
from tests.factories import MatchFactory, enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
ANY_TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')


def without_tokens(html):
    """The page without what differs in every answer by design: the CSRF token and the CSP nonce."""
    return re.sub(r'nonce="[^"]+"', 'nonce=""', ANY_TOKEN.sub(r"\1", html))


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=ABCD)


def deal(number, *points):
    points = points or (90, 9, 34, 24)
    return {"points": dict(zip(ABCD, points, strict=True))}


def deal_post(number, *points):
    points = points or (90, 9, 34, 24)
    return {
        "number": number,
        **{f"points_{seat}": value for seat, value in enumerate(points)},
        "draw_loser": "",
    }


def page(client, match, htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.get(match.get_absolute_url(), **headers)
    assert response.status_code == 200
    return response.content.decode()


def totals(html):
    return dict(re.findall(r'class="standing-total"[^>]*data-player="([^"]+)">(-?\d+)<', html))


def fresh(match):
    return Match.objects.get(pk=match.pk)


def test_a_second_look_at_the_scoreboard_costs_three_queries_and_shows_the_same(
    persona_client, molotow, owner, django_assert_num_queries
):
    enter_round(molotow, deal(1), number=1, user=owner)
    client = persona_client("owner")
    first = page(client, molotow)
    with django_assert_num_queries(3):  # session, user, match with its night: no seats, no rounds
        second = page(client, molotow)
    assert without_tokens(first) == without_tokens(second)
    assert totals(second) == {"Anna": "1", "Beat": "1", "Cla": "-1", "Dora": "-1"}


def test_the_htmx_fragment_is_cached_too(persona_client, molotow, django_assert_num_queries):
    client = persona_client("owner")
    page(client, molotow, htmx=True)
    with django_assert_num_queries(3):
        fragment = page(client, molotow, htmx=True)
    assert fragment.startswith('\n<div id="scoreboard"') or fragment.lstrip().startswith(
        '<div id="scoreboard"'
    )
    assert "<html" not in fragment


def test_every_cached_page_has_its_own_working_csrf_token(persona_client, molotow):
    client = persona_client("owner")
    client.handler.enforce_csrf_checks = True
    tokens = {TOKEN.search(page(client, molotow)).group(1) for _ in range(3)}
    assert len(tokens) == 3
    response = client.post(
        reverse("round_add", args=[molotow.pk]), {**deal_post(1), "csrfmiddlewaretoken": tokens.pop()}
    )
    assert response.status_code == 302
    assert fresh(molotow).round_count == 1


@pytest.mark.parametrize("htmx", [False, True])
def test_a_round_saved_elsewhere_shows_at_once(persona_client, molotow, owner, htmx):
    client = persona_client("owner")
    assert "Round 1 of" in page(client, molotow, htmx)
    enter_round(fresh(molotow), deal(1), number=1, user=owner)  # through "another instance"
    after = page(client, molotow, htmx)
    assert "Round 2 of" in after
    assert totals(after) == {"Anna": "1", "Beat": "1", "Cla": "-1", "Dora": "-1"}


def test_an_undo_elsewhere_shows_at_once(persona_client, molotow, owner):
    enter_round(molotow, deal(1), number=1, user=owner)
    client = persona_client("owner")
    assert "Round 2 of" in page(client, molotow)
    round_service.undo_last(Viewer(owner), fresh(molotow).pk, 1)
    after = page(client, molotow)
    assert "Round 1 of" in after and set(totals(after).values()) == {"0"}


def test_an_edit_elsewhere_shows_at_once(persona_client, molotow, owner):
    enter_round(molotow, deal(1), number=1, user=owner)
    client = persona_client("owner")
    assert totals(page(client, molotow))["Anna"] == "1"
    round_service.edit_entry(Viewer(owner), fresh(molotow).pk, 1, deal(1, 157, 0, 0, 0))
    assert totals(page(client, molotow)) == {"Anna": "3", "Beat": "-3", "Cla": "-3", "Dora": "-3"}


def test_a_rename_elsewhere_shows_at_once(persona_client, molotow, owner):
    enter_round(molotow, deal(1), number=1, user=owner)
    client = persona_client("owner")
    assert "Anna" in totals(page(client, molotow))
    anna = Player.objects.get(owner=owner, name="Anna")
    rename_player(anna, "Annalena")
    player_changed(anna)
    after = totals(page(client, molotow))
    assert "Annalena" in after and "Anna" not in after


def test_a_rename_through_the_players_page_shows_at_once(persona_client, molotow, owner):
    client = persona_client("owner")
    page(client, molotow)
    anna = Player.objects.get(owner=owner, name="Anna")
    response = client.post(
        reverse("player_edit", args=[anna.pk]), {"name": "Anna", "emoji": "🦊", "colour": ""}
    )
    assert response.status_code == 302
    assert "🦊 Anna" in page(client, molotow)


def test_ending_and_resuming_elsewhere_show_at_once(persona_client, night, owner):
    anrufen = MatchFactory(night=night, game="anrufen", names=ABCD[:3], options={"rounds": None})
    enter_round(anrufen, {"redeal": True}, number=1, user=owner)
    client = persona_client("owner")
    before = page(client, anrufen)
    assert "End the match" in before and ">Resume<" not in before
    round_service.end_match(Viewer(owner), fresh(anrufen).pk)
    assert ">Resume<" in page(client, anrufen)
    round_service.resume_match(Viewer(owner), fresh(anrufen).pk)
    assert ">Resume<" not in page(client, anrufen)


def test_the_save_through_this_server_is_what_the_next_page_shows(persona_client, molotow):
    client = persona_client("owner")
    page(client, molotow)
    client.post(reverse("round_add", args=[molotow.pk]), deal_post(1), HTTP_HX_REQUEST="true")
    client.post(reverse("round_add", args=[molotow.pk]), deal_post(2, 60, 60, 22, 15), HTTP_HX_REQUEST="true")
    after = page(client, molotow)
    assert "Round 3 of" in after
    assert totals(after) == {"Anna": "1", "Beat": "1", "Cla": "-2", "Dora": "0"}


def test_each_language_has_its_own_copy(molotow):
    from django.utils import translation

    from companion.play.scoreboard_cache import key

    with translation.override("de"):
        german = key(molotow)
    with translation.override("en"):
        english = key(molotow)
    assert german != english


def test_nothing_but_the_version_keys_the_cache(molotow, owner):
    """A new version leaves the old copy unreachable: the key is made from the database's version."""
    from companion.play.scoreboard_cache import key

    before = key(fresh(molotow))
    enter_round(molotow, deal(1), number=1, user=owner)
    assert key(fresh(molotow)) != before
    cache.set(before, "stale")
    assert cache.get(key(fresh(molotow))) is None


@pytest.mark.parametrize("action", ["save", "undo"])
def test_a_save_or_undo_reads_the_match_once_and_answers_from_what_it_has(
    persona_client, molotow, owner, action
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    enter_round(molotow, deal(1), number=1, user=owner)
    client = persona_client("owner")
    if action == "save":
        url, data, after = reverse("round_add", args=[molotow.pk]), deal_post(2, 60, 60, 22, 15), "Round 3 of"
    else:
        url, data, after = reverse("round_undo", args=[molotow.pk]), {"number": 1}, "Round 1 of"
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, data, HTTP_HX_REQUEST="true")
    assert after in response.content.decode()
    match_reads = [
        q["sql"] for q in queries if q["sql"].startswith("SELECT") and 'FROM "companion_match"' in q["sql"]
    ]
    assert len(match_reads) == 1, match_reads
    answered = response.content.decode()
    shown = page(client, molotow, htmx=True)
    assert totals(answered) == totals(shown) and after in shown


# How a change is announced to the other processes' open pages (companion.live.relay): NOTIFY
# on PostgreSQL (SELECT pg_notify), a row of the recent changes on SQLite.
ANNOUNCE = "SELECT" if connection.vendor == "postgresql" else "INSERT"


def statements(captured) -> list[str]:
    """The kinds of SQL statements run (savepoints left out; "4 times: UPDATE …" is one batch)."""
    kinds = [re.sub(r"^\d+ times: ", "", q["sql"]).split()[0] for q in captured.captured_queries]
    return [kind for kind in kinds if kind not in {"SAVEPOINT", "RELEASE"}]


def test_a_round_save_loads_the_match_once_and_renders_from_what_it_wrote(persona_client, molotow, owner):
    enter_round(molotow, deal(1), number=1, user=owner)
    client = persona_client("owner")
    page(client, molotow)
    # session, user; the match under its lock, its seats, its rounds; the round and its history
    # line; the seats' totals, the match's version and its announcement to the open pages
    # (companion.live); the rounds read back once, in order. Nothing else is read to render the answer.
    with CaptureQueriesContext(connection) as captured:
        response = client.post(
            reverse("round_add", args=[molotow.pk]), deal_post(2, 60, 60, 22, 15), HTTP_HX_REQUEST="true"
        )
    assert response.status_code == 200
    assert statements(captured) == ["SELECT"] * 5 + [
        "INSERT",
        "INSERT",
        "UPDATE",
        "UPDATE",
        ANNOUNCE,
        "SELECT",
    ]
    html = response.content.decode()
    assert totals(html) == {"Anna": "1", "Beat": "1", "Cla": "-2", "Dora": "0"}
    assert 'data-saved="2"' in html


def test_an_undo_reads_back_only_its_rounds_to_render_its_answer(persona_client, molotow, owner):
    for number in (1, 2):
        enter_round(molotow, deal(number), number=number, user=owner)
    client = persona_client("owner")
    with CaptureQueriesContext(connection) as captured:
        response = client.post(
            reverse("round_undo", args=[molotow.pk]), {"number": 2}, HTTP_HX_REQUEST="true"
        )
    assert response.status_code == 200
    # session, user, match, seats, rounds; the history line, the round gone, the totals, the version
    # and its announcement; the rounds read back once.
    assert statements(captured) == ["SELECT"] * 5 + [
        "INSERT",
        "DELETE",
        "UPDATE",
        "UPDATE",
        ANNOUNCE,
        "SELECT",
    ]
    assert totals(response.content.decode()) == {"Anna": "1", "Beat": "1", "Cla": "-1", "Dora": "-1"}
