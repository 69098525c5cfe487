"""Announcing changes: in this process at the commit, and to the other processes through the database.

One process cannot see the streams another one holds (several workers, several
machines), but they all share the database, so the news goes through it:

- **PostgreSQL**: ``NOTIFY companion_live`` in the transaction of the change, which
  PostgreSQL delivers only when (and if) it commits. Each process keeps one
  connection that ``LISTEN``\\ s, in one thread, and hands what it hears to its own
  streams (:data:`companion.live.hub.hub`).
- **SQLite**: a row in ``LiveEvent`` in the transaction of the change; each process
  with open streams reads the rows newer than the last it saw, twice a second (one
  indexed query, however many pages are open), and removes the rows older than a
  minute once a minute.

The process that made the change hands the news to its own streams directly at the
commit, and skips it when it comes back through the database (each event carries
the process it came from). The listening thread starts with the first open stream
and ends, closing its connection, when none has been open for a while. When it has
lost the database for a moment it tells every stream to look again (``resync``),
so nothing missed meanwhile stays missed.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from datetime import timedelta

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.utils import timezone

from companion.live.hub import hub

log = logging.getLogger(__name__)

CHANNEL = "companion_live"
RESYNC = "resync"
POLL_SECONDS = 0.5  # SQLite: how often a process with open streams reads the new events
KEEP_SECONDS = 60  # SQLite: how long an event row is kept for the slowest reader
IDLE_SECONDS = 30  # the listening thread ends after this long without any open stream

_sender = ("", 0)


def sender() -> str:
    """This process's name on the events it sends (new in every process, also after a fork)."""
    global _sender
    name, pid = _sender
    if pid != os.getpid():
        name, pid = f"{os.getpid()}.{secrets.token_hex(4)}", os.getpid()
        _sender = (name, pid)
    return name


def send(topics, *, using: str = DEFAULT_DB_ALIAS) -> None:
    topics = tuple(topics)
    connection = connections[using]
    payload = f"{sender()} {' '.join(topics)}"
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])
    else:
        from companion.models import LiveEvent

        LiveEvent.objects.using(using).create(sender=sender(), topics=" ".join(topics))
    transaction.on_commit(lambda: deliver_here(topics), using=using)


def deliver_here(topics) -> None:
    for topic in topics:
        hub.deliver(topic)


def received(payload: str) -> None:
    """An event from the database: handed to this process's streams unless this process sent it."""
    origin, _, topics = payload.partition(" ")
    if origin != sender():
        deliver_here(topics.split())


# --- the listening thread -------------------------------------------------------------------


class Relay:
    """The one thread of this process that hears the other processes' events through the database."""

    def __init__(self, using: str = DEFAULT_DB_ALIAS):
        self.using = using
        self._thread: threading.Thread | None = None
        self._pid = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def ensure_running(self) -> None:
        if self._thread is not None and self._pid == os.getpid() and self._thread.is_alive():
            return
        with self._lock:
            if self._thread is not None and self._pid == os.getpid() and self._thread.is_alive():
                return
            self._stop = threading.Event()
            self._pid = os.getpid()
            self._thread = threading.Thread(target=self._run, name="companion-live-relay", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """End the thread and close its connection (the test suite, before it drops its database)."""
        self._stop.set()
        thread = self._thread
        if thread is not None and thread.is_alive() and thread is not threading.current_thread():
            thread.join(timeout)

    def _run(self) -> None:
        stop = self._stop
        while not stop.is_set():
            try:
                if connections[self.using].vendor == "postgresql":
                    self._listen_postgresql(stop)
                else:
                    self._poll_sqlite(stop)
                return  # stopped, or no stream open for a while
            except Exception:
                log.warning("The live relay lost the database; trying again in a second.", exc_info=True)
                hub.deliver_all(RESYNC)
                stop.wait(1.0)
            finally:
                connections[self.using].close()

    def _idle(self, since: list) -> bool:
        """Whether no stream has been open for ``IDLE_SECONDS`` (``since`` holds when the last one closed)."""
        if hub.count():
            since[0] = None
            return False
        since[0] = since[0] or time.monotonic()
        return time.monotonic() - since[0] > IDLE_SECONDS

    def _listen_postgresql(self, stop: threading.Event) -> None:
        import psycopg

        settings = connections[self.using].settings_dict
        options = {
            key: value
            for key, value in {
                "dbname": settings.get("NAME"),
                "user": settings.get("USER"),
                "password": settings.get("PASSWORD"),
                "host": settings.get("HOST"),
                "port": settings.get("PORT"),
            }.items()
            if value
        }
        since = [None]
        with psycopg.connect(autocommit=True, **options) as listening:
            listening.execute(f"LISTEN {CHANNEL}")
            hub.deliver_all(RESYNC)  # anything sent before LISTEN took effect is looked up again
            while not stop.is_set() and not self._idle(since):
                for notice in listening.notifies(timeout=1.0):
                    received(notice.payload)

    def _poll_sqlite(self, stop: threading.Event) -> None:
        from companion.models import LiveEvent

        events = LiveEvent.objects.using(self.using)
        last = events.order_by("-pk").values_list("pk", flat=True).first() or 0
        hub.deliver_all(RESYNC)
        since = [None]
        pruned = 0.0
        while not stop.is_set() and not self._idle(since):
            for pk, origin, topics in (
                events.filter(pk__gt=last).order_by("pk").values_list("pk", "sender", "topics")
            ):
                last = pk
                if origin != sender():
                    deliver_here(topics.split())
            if time.monotonic() - pruned > KEEP_SECONDS:
                # The rows every reader has read (written while no page was open too).
                pruned = time.monotonic()
                events.filter(created_at__lt=timezone.now() - timedelta(seconds=KEEP_SECONDS)).delete()
            stop.wait(POLL_SECONDS)


relay = Relay()
