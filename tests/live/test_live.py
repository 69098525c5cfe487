"""The live channel: event streams of the match page and the shared pages, and who hears what when."""

import pytest
from django.db import transaction
from django.urls import reverse

from companion import live
from companion.invites import services as invites
from companion.live import streams
from companion.live.hub import Listener, hub
from companion.models import Match
from companion.sharing import services as sharing
from tests.factories import MatchFactory, enter_round
from tests.fixtures import run_async

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
DEAL = {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}


@pytest.fixture(autouse=True)
def quick_keepalive(monkeypatch):
    """Thread-held streams write their keep-alive at once instead of after a second."""
    monkeypatch.setattr(streams, "THREAD_KEEPALIVE_SECONDS", 0.01)


@pytest.fixture
def match(night):
    return MatchFactory(night=night, names=ABCD)


def version_event(version):
    return f"id: {version}\nevent: version\ndata: {version}\n\n".encode()


def open_stream(client, url, **headers):
    response = client.get(url, **headers)
    assert response.status_code == 200, response.status_code
    return response, iter(response.streaming_content)


def current_version(match):
    return Match.objects.values_list("version", flat=True).get(pk=match.pk)


# --- what a stream sends -------------------------------------------------------------------


def test_a_match_stream_is_an_uncompressed_uncached_event_stream_that_starts_with_the_version(
    persona_client, match
):
    response, chunks = open_stream(
        persona_client("member"), reverse("match_events", args=[match.pk]), HTTP_ACCEPT_ENCODING="br, gzip"
    )
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "private, no-store"
    assert not response.has_header("Content-Encoding")
    assert next(chunks) == b"retry: 3000\n\n"
    assert next(chunks) == version_event(current_version(match))
    assert next(chunks) == b": keep-alive\n\n"


def test_a_page_that_shows_the_current_version_gets_no_catch_up(persona_client, match):
    _response, chunks = open_stream(
        persona_client("member"),
        reverse("match_events", args=[match.pk]),
        HTTP_LAST_EVENT_ID=current_version(match),
    )
    assert next(chunks) == b"retry: 3000\n\n"
    assert next(chunks) == b": keep-alive\n\n"


def test_a_reconnecting_page_catches_up_by_the_version_it_last_heard(persona_client, match):
    heard = current_version(match)
    enter_round(match, DEAL, number=1, user=None)
    _response, chunks = open_stream(
        persona_client("member"), reverse("match_events", args=[match.pk]), HTTP_LAST_EVENT_ID=heard
    )
    next(chunks)
    assert next(chunks) == version_event(current_version(match)) != version_event(heard)


def test_the_version_in_the_address_counts_like_the_last_event_id(persona_client, match):
    url = reverse("match_events", args=[match.pk]) + f"?v={current_version(match)}"
    _response, chunks = open_stream(persona_client("owner"), url)
    next(chunks)
    assert next(chunks) == b": keep-alive\n\n"


def test_a_save_reaches_an_open_stream_after_its_commit(
    persona_client, match, member, django_capture_on_commit_callbacks
):
    _response, chunks = open_stream(
        persona_client("owner"),
        reverse("match_events", args=[match.pk]),
        HTTP_LAST_EVENT_ID=current_version(match),
    )
    next(chunks)
    with django_capture_on_commit_callbacks(execute=True):
        enter_round(Match.objects.get(pk=match.pk), DEAL, number=1, user=member)
    assert next(chunks) == version_event(current_version(match))


# --- who may listen ----------------------------------------------------------------------------


@pytest.mark.parametrize(("persona", "status"), [("anonymous", 302), ("outsider", 404)])
def test_nobody_but_who_may_read_the_match_page_may_listen(persona_client, match, persona, status):
    response = persona_client(persona).get(reverse("match_events", args=[match.pk]))
    assert response.status_code == status
    assert not response.streaming


def test_a_revoked_or_unknown_share_token_has_no_stream(client, match, owner):
    link = sharing.create_link(match=match, user=owner)
    sharing.revoke_link(match=match)
    assert client.get(reverse("shared_events", args=[link.token])).status_code == 404
    assert client.get(reverse("shared_events", args=["no-such-token-anywhere"])).status_code == 404


def test_a_night_link_opens_only_the_streams_of_its_own_matches(client, match, owner):
    link = sharing.create_link(night=match.night, user=owner)
    other = MatchFactory(names=ABCD)
    ok = client.get(reverse("shared_match_events", args=[link.token, match.pk]))
    assert ok.status_code == 200
    assert next(iter(ok.streaming_content)) == b"retry: 3000\n\n"
    assert client.get(reverse("shared_match_events", args=[link.token, other.pk])).status_code == 404


# --- losing access ends the stream ---------------------------------------------------------------


def test_revoking_a_share_link_ends_its_stream_with_gone(
    client, match, owner, django_capture_on_commit_callbacks
):
    link = sharing.create_link(match=match, user=owner)
    _response, chunks = open_stream(client, reverse("shared_events", args=[link.token]))
    assert next(chunks) == b"retry: 3000\n\n"
    assert next(chunks).startswith(b"id: ")
    with django_capture_on_commit_callbacks(execute=True):
        sharing.revoke_link(match=match)
    assert next(chunks) == b"event: gone\ndata: gone\n\n"
    assert list(chunks) == []


def test_replacing_a_night_link_ends_the_old_links_stream(
    client, match, owner, django_capture_on_commit_callbacks
):
    link = sharing.create_link(night=match.night, user=owner)
    _response, chunks = open_stream(client, reverse("shared_events", args=[link.token]))
    next(chunks), next(chunks)
    with django_capture_on_commit_callbacks(execute=True):
        sharing.create_link(night=match.night, user=owner)
    assert next(chunks) == b"event: gone\ndata: gone\n\n"


def test_a_removed_member_stops_hearing_at_once(
    persona_client, match, member, django_capture_on_commit_callbacks
):
    _response, chunks = open_stream(persona_client("member"), reverse("match_events", args=[match.pk]))
    next(chunks), next(chunks)
    with django_capture_on_commit_callbacks(execute=True):
        invites.remove_member(match.night, member.pk)
    assert next(chunks) == b"event: gone\ndata: gone\n\n"
    assert list(chunks) == []


def test_signing_out_ends_the_accounts_streams(persona_client, match, django_capture_on_commit_callbacks):
    client = persona_client("member")
    _response, chunks = open_stream(client, reverse("match_events", args=[match.pk]))
    next(chunks), next(chunks)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("logout"))
    assert next(chunks) == b"event: gone\ndata: gone\n\n"


def test_a_shared_page_hears_a_new_round_of_its_match(
    client, match, owner, django_capture_on_commit_callbacks
):
    link = sharing.create_link(match=match, user=owner)
    shown = sharing.live_state(link.token).version
    _response, chunks = open_stream(client, reverse("shared_events", args=[link.token]) + f"?v={shown}")
    assert next(chunks) == b"retry: 3000\n\n"
    assert next(chunks) == b": keep-alive\n\n"
    with django_capture_on_commit_callbacks(execute=True):
        enter_round(Match.objects.get(pk=match.pk), DEAL, number=1, user=owner)
    now = sharing.live_state(link.token).version
    assert now != shown
    assert next(chunks) == version_event(now)


# --- announcing ----------------------------------------------------------------------------------


@pytest.fixture
def listening(match):
    listener = Listener([live.match_topic(match.pk), live.night_topic(match.night_id)])
    hub.add(listener)
    yield listener
    hub.remove(listener)


def test_a_save_is_announced_only_once_its_transaction_commits(
    match, listening, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        enter_round(match, DEAL)
        assert listening.take() == []
    assert listening.take() == [live.match_topic(match.pk), live.night_topic(match.night_id)]


def test_a_rolled_back_save_is_never_announced(match, listening, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        enter_round(match, DEAL)
        raise RuntimeError("the save fails after all")
    assert callbacks == [] and listening.take() == []


def test_a_save_of_the_match_row_alone_announces_nothing(
    match, listening, django_capture_on_commit_callbacks
):
    # A change announces itself explicitly from the change unit (companion.play.rounds), never
    # from a receiver of every save of a Match.
    with django_capture_on_commit_callbacks(execute=True):
        match.save()
    assert listening.take() == []


def test_a_seated_players_new_name_is_announced_to_the_matches_they_sit_in(
    match, listening, django_capture_on_commit_callbacks
):
    from companion.nights import roster

    player = match.seats.get(position=0).player
    with django_capture_on_commit_callbacks(execute=True):
        roster.player_changed(player)
    assert live.match_topic(match.pk) in listening.take()


# --- the same stream on an event loop (ASGI) ------------------------------------------------------


def test_a_stream_on_an_event_loop_sends_each_new_version_and_ends_with_gone():
    answers = iter(["first", "second", None])  # the version now, at each look; None: access lost
    watch = streams.Watch(("match:1",), lambda thorough: next(answers))

    async def listen():
        stream = streams.loop_stream(watch, "")
        heard = [await anext(stream), await anext(stream)]
        hub.deliver("match:1")
        heard.append(await anext(stream))
        hub.deliver("match:1")
        heard.append(await anext(stream))
        with pytest.raises(StopAsyncIteration):
            await anext(stream)
        return heard

    assert run_async(listen()) == [
        streams.RETRY,
        version_event("first"),
        version_event("second"),
        streams.GONE,
    ]


def test_a_quiet_stream_on_an_event_loop_sends_keep_alives(monkeypatch):
    monkeypatch.setattr(streams, "KEEPALIVE_SECONDS", 0.01)
    watch = streams.Watch(("match:1",), lambda thorough: "same")
    open_before = hub.count()

    async def listen():
        stream = streams.loop_stream(watch, "same")
        heard = [await anext(stream), await anext(stream)]
        await stream.aclose()
        return heard

    assert run_async(listen()) == [streams.RETRY, streams.KEEPALIVE]
    assert hub.count() == open_before  # the closed stream left the hub
