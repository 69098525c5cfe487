"""Server-sent events: one open response per page, telling it each new version it may see.

What a page receives (``text/event-stream``)::

    retry: 3000                      once: reconnect after 3 s if the connection drops

    id: 5f0c2a9e1b7d                 the version now, at once when the page shows another one
    event: version                   (``Last-Event-ID`` after a reconnect, or ``?v=`` on the URL)
    data: 5f0c2a9e1b7d

    : keep-alive                     a comment now and then, so proxies keep the line open

    event: gone                      the viewer may no longer see it (link revoked, member removed,
    data: gone                       signed out): the stream ends and the page stops listening

A :class:`Watch` says which topics wake a stream and how to read the version now
(``None`` once the viewer has lost access). Every wake-up reads it from the
database, so a stream never trusts what another process said it was. Nothing else
reads it: a quiet stream costs no query at all (every loss of access announces
itself, and a stream that ends after ``LIFETIME`` is checked anew when the page
reconnects). A keep-alive is one write.

Two ways to hold a stream open, with the same events:

- under an ASGI server (``make serve``) the stream is a coroutine on the worker's
  event loop, costing nothing while it waits; its database reads run on a small
  shared thread pool;
- under a threaded WSGI server (``make run``, the test suite's live server) it holds
  a thread, and writes a keep-alive every second: that thread learns that the page
  has gone away only when a write fails.

A stream ends by itself after ``LIFETIME`` seconds, less up to a quarter at random (the
page reconnects at once, asking with its version), so no connection is held forever by a
page nobody closes, and pages that connected together do not reconnect together.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.db import close_old_connections, connections

from companion.live.hub import AsyncListener, Listener, hub

RETRY_MS = 3000
KEEPALIVE_SECONDS = 20.0  # a comment line so that proxies and phones keep the connection
THREAD_KEEPALIVE_SECONDS = 1.0  # a thread-held stream: how soon it notices the page has gone
LIFETIME = 30 * 60.0
LIFETIME_JITTER = 0.25  # each stream ends somewhere in the last quarter of LIFETIME

RETRY = f"retry: {RETRY_MS}\n\n".encode()
KEEPALIVE = b": keep-alive\n\n"
GONE = b"event: gone\ndata: gone\n\n"
CONNECTED = "connected"  # the first look, when the page connects: the catch-up


def lifetime() -> float:
    """How long one stream stays open: streams opened together (a restart, a club night's start)
    end apart, so their pages do not all come back in the same second."""
    return LIFETIME * (1 - LIFETIME_JITTER * random.random())


def version_event(version: str) -> bytes:
    return f"id: {version}\nevent: version\ndata: {version}\n\n".encode()


@dataclass(frozen=True)
class Watch:
    """What one stream listens to: its topics, and the version its viewer may see now.

    ``current(thorough)`` answers ``None`` when the viewer may no longer see it;
    ``thorough`` (a sign-out was announced, or a while went by) also checks what a
    cheap read would not (that the viewer's session still exists).
    """

    topics: tuple[str, ...]
    current: Callable[[bool], str | None]


def _thorough(events: list[str]) -> bool:
    return any(event.startswith("user:") or event == "resync" for event in events)


class _Page:
    """The version an open page shows, and what to send it for the version read now."""

    def __init__(self, shown: str):
        self.shown = shown

    def news(self, version: str | None) -> bytes | None:
        """``GONE`` when the viewer lost access, the new version's event, or nothing when it shows it."""
        if version is None:
            return GONE
        if version == self.shown:
            return None
        self.shown = version
        return version_event(version)


def thread_stream(watch: Watch, shown: str) -> Iterator[bytes]:
    """The events for a thread-held stream (WSGI). ``shown``: the version the page shows."""
    listener = Listener(watch.topics)
    hub.add(listener)
    try:
        yield RETRY
        started, ends = time.monotonic(), lifetime()
        page, events = _Page(shown), [CONNECTED]
        while True:
            if events and (news := page.news(watch.current(_thorough(events)))):
                yield news
                if news is GONE:
                    return
            if time.monotonic() - started > ends:
                return
            events = listener.wait(THREAD_KEEPALIVE_SECONDS)
            if not events:
                yield KEEPALIVE
    finally:
        hub.remove(listener)


def _read(watch: Watch, thorough: bool) -> str | None:
    # A pool thread keeps its connection between reads: dropped here when broken or too old.
    close_old_connections()
    return watch.current(thorough)


_read_in_pool = sync_to_async(_read, thread_sensitive=False)


def _release_connections() -> None:
    # Django's ASGI handler keeps the thread it ran the request's middleware and view in until
    # the response ends, and with it every connection that thread opened (the session, the
    # account, the access check, whatever a middleware read on the way out): one database
    # connection per open page, more than PostgreSQL allows. The stream reads on the pool.
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


# Within the request's context, a thread-sensitive call runs in that request's own thread.
_release_request_thread = sync_to_async(_release_connections, thread_sensitive=True)


async def loop_stream(watch: Watch, shown: str) -> AsyncIterator[bytes]:
    """The events for a stream on an event loop (ASGI). ``shown``: the version the page shows."""
    await _release_request_thread()
    listener = AsyncListener(watch.topics, asyncio.get_running_loop())
    hub.add(listener)
    try:
        yield RETRY
        started, ends = time.monotonic(), lifetime()
        page, events = _Page(shown), [CONNECTED]
        while True:
            if events and (news := page.news(await _read_in_pool(watch, _thorough(events)))):
                yield news
                if news is GONE:
                    return
            if time.monotonic() - started > ends:
                return
            events = await listener.next(KEEPALIVE_SECONDS)
            if not events:
                yield KEEPALIVE
    finally:
        hub.remove(listener)
