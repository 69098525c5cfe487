"""The live channel between processes: news from another process reaches this one's streams through the database.

On SQLite the other process writes a ``LiveEvent`` row; on PostgreSQL it sends ``NOTIFY``
(CI runs this file on PostgreSQL too: .ci/postgres.sh).
"""

import time

import pytest
from django.db import connection

from companion import live
from companion.live import relay as relay_module
from companion.live.hub import Listener, hub
from companion.live.relay import CHANNEL, RESYNC, Relay
from companion.models import LiveEvent

pytestmark = pytest.mark.django_db(transaction=True)

TOPIC = live.match_topic(4242)


@pytest.fixture
def listener():
    listening = Listener([TOPIC])
    hub.add(listening)
    yield listening
    hub.remove(listening)


@pytest.fixture
def relay(listener):
    """This process's relay, running, and stopped (its connection closed) before the database is emptied."""
    running = Relay()
    running.ensure_running()
    assert wait_for(listener, RESYNC), "the relay never said it was listening"
    yield running
    running.stop()


def wait_for(listener, event, seconds=5.0):
    """Whether ``event`` reached ``listener`` within ``seconds`` (other events are passed over)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if event in listener.wait(0.1):
            return True
    return False


def from_another_process(*topics):
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"elsewhere.1 {' '.join(topics)}"])
    else:
        LiveEvent.objects.create(sender="elsewhere.1", topics=" ".join(topics))


def test_news_from_another_process_reaches_this_processs_streams(relay, listener):
    from_another_process(TOPIC)
    assert wait_for(listener, TOPIC)


def test_this_processs_own_news_is_handed_over_once_at_the_commit_not_again_by_the_database(relay, listener):
    live.announce(TOPIC)  # autocommit: handed over at once
    assert listener.take() == [TOPIC]
    from_another_process(live.match_topic(1))  # something the relay reads after this process's own event
    deadline = time.monotonic() + 3
    heard = []
    while time.monotonic() < deadline:
        heard += listener.wait(0.1)
    assert TOPIC not in heard


def test_a_sender_name_is_new_in_every_process(monkeypatch):
    first = relay_module.sender()
    assert relay_module.sender() == first
    monkeypatch.setattr(relay_module.os, "getpid", lambda: -1)
    assert relay_module.sender() != first
