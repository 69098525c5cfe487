"""The fan-out inside one process: every open event stream waits here for the news it cares about.

An event is a short text, ``"<topic>"`` or ``"<topic>=<version>"``; a topic names what
changed (``match:12``, ``night:3``, ``access:3``, ``user:7``). A :class:`Listener` is one
open stream: it names its topics, and :meth:`Hub.deliver` hands it every event of those
topics, from whatever thread the news comes in on (the thread that committed a save, or
the thread that listens to the database for the other instances).

A listener waits in one of two ways: a thread blocks on it (:class:`Listener`, the
threaded development and test servers), or a coroutine awaits it on its event loop
(:class:`AsyncListener`, the ASGI server). Waiting costs nothing; a delivery costs one
append and one wake-up, and only the listeners of that topic are touched.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import defaultdict


class Listener:
    """What one stream has been told and not yet read; a thread waits for it with :meth:`wait`."""

    def __init__(self, topics):
        self.topics = tuple(topics)
        self._events: list[str] = []
        self._ready = threading.Condition(threading.Lock())

    def deliver(self, event: str) -> None:
        with self._ready:
            self._events.append(event)
            self._ready.notify()

    def take(self) -> list[str]:
        """The events delivered since the last ``take`` (oldest first), without waiting."""
        with self._ready:
            events, self._events = self._events, []
        return events

    def wait(self, timeout: float) -> list[str]:
        """The events delivered since the last call, waiting up to ``timeout`` seconds for one."""
        with self._ready:
            if not self._events:
                self._ready.wait(timeout)
            events, self._events = self._events, []
        return events


class AsyncListener(Listener):
    """A listener awaited on an event loop: a delivery from any thread wakes its coroutine."""

    def __init__(self, topics, loop: asyncio.AbstractEventLoop):
        super().__init__(topics)
        self._loop = loop
        self._event = asyncio.Event()

    def deliver(self, event: str) -> None:
        with self._ready:
            self._events.append(event)
        with contextlib.suppress(RuntimeError):  # the loop has closed: the stream is gone
            self._loop.call_soon_threadsafe(self._event.set)

    async def next(self, timeout: float) -> list[str]:
        """The events delivered since the last call, waiting up to ``timeout`` seconds for one."""
        if not self._events:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._event.wait(), timeout)
        self._event.clear()
        return self.take()


class Hub:
    """Topic -> the listeners waiting for it, for every stream open in this process."""

    def __init__(self):
        self._listeners: dict[str, set[Listener]] = defaultdict(set)
        self._lock = threading.Lock()
        self.on_first_listener = None  # called once a listener is added (starts the relay)

    def add(self, listener: Listener) -> None:
        with self._lock:
            for topic in listener.topics:
                self._listeners[topic].add(listener)
        if self.on_first_listener is not None:
            self.on_first_listener()

    def remove(self, listener: Listener) -> None:
        with self._lock:
            for topic in listener.topics:
                waiting = self._listeners.get(topic)
                if waiting is not None:
                    waiting.discard(listener)
                    if not waiting:
                        del self._listeners[topic]

    def deliver(self, event: str) -> None:
        """Hand ``event`` to every listener of its topic."""
        topic = event.partition("=")[0]
        with self._lock:
            listeners = list(self._listeners.get(topic, ()))
        for listener in listeners:
            listener.deliver(event)

    def deliver_all(self, event: str) -> None:
        """Hand ``event`` to every listener (the link to the other instances was lost: look again)."""
        with self._lock:
            listeners = {listener for waiting in self._listeners.values() for listener in waiting}
        for listener in listeners:
            listener.deliver(event)

    def count(self) -> int:
        with self._lock:
            return len({listener for waiting in self._listeners.values() for listener in waiting})


hub = Hub()
