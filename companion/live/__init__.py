"""The live channel: every open page hears at once that what it shows has changed.

A change announces itself with :func:`changed` (a match: the change unit of
``companion.play.rounds`` calls it for every change) or :func:`announce`. The news goes out only
once the transaction that made the change has committed (``transaction.on_commit``),
so no page ever hears of a change that was rolled back, or asks for it before it
can be read:

- to the event streams open in this process, through :data:`companion.live.hub.hub`;
- to the other processes and machines on the same database, through the database
  itself (``companion.live.relay``): PostgreSQL's ``LISTEN``/``NOTIFY``, or on
  SQLite a small table of recent events that each process reads twice a second.

The pages listen with server-sent events (``companion.live.views``): each stream
sends the version the viewer may see now, and ends with ``event: gone`` when the
viewer may no longer see it. An event names a topic only (what changed), never
what the change was: every stream asks the database what its viewer may see.
"""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS


def match_topic(match_pk: int) -> str:
    """A match's rounds, result, seats or state changed."""
    return f"match:{match_pk}"


def night_topic(night_pk: int) -> str:
    """Something a night's pages show changed: one of its matches, a new match, the night itself."""
    return f"night:{night_pk}"


def access_topic(night_pk: int) -> str:
    """Who may see a night (or one of its matches) changed: a member left, a share link was revoked."""
    return f"access:{night_pk}"


def user_topic(user_pk: int) -> str:
    """An account signed out (or was deleted): its pages stop listening."""
    return f"user:{user_pk}"


def changed(match, *, using: str = DEFAULT_DB_ALIAS) -> None:
    """``match`` has a new version: its pages and its night's shared pages hear it after the commit."""
    announce(match_topic(match.pk), night_topic(match.night_id), using=using)


def access_changed(night_pk: int) -> None:
    """Whoever watches the night or one of its matches looks again whether they still may."""
    announce(access_topic(night_pk))


def announce(*topics: str, using: str = DEFAULT_DB_ALIAS) -> None:
    """Tell every open page of ``topics``, here and on the other instances, once the transaction commits."""
    from companion.live import relay

    relay.send(topics, using=using)
