"""A save that meets a locked database says "busy, try again" (503) and stores nothing; never a 500."""

from __future__ import annotations

import contextlib
import sqlite3
from unittest import mock

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from companion.models import Round
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db(transaction=True)

ABCD = ["Anna", "Beat", "Cla", "Dora"]
BUSY = "Companion is busy saving something else. Nothing was saved: please try again in a moment."


@pytest.fixture
def murlan(night):
    return MatchFactory(night=night, game="murlan", names=ABCD)


@contextlib.contextmanager
def locked_database():
    """Another connection holds the write lock; this one gives up after a fraction of a second."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA busy_timeout = 300")
        other = sqlite3.connect(settings["NAME"], timeout=0)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.rollback()
            other.close()
            with connection.cursor() as cursor:
                cursor.execute(f"PRAGMA busy_timeout = {int(settings['OPTIONS']['timeout'] * 1000)}")
    else:
        import psycopg

        other = psycopg.connect(
            host=settings["HOST"],
            port=settings["PORT"],
            user=settings["USER"],
            password=settings["PASSWORD"],
            dbname=settings["NAME"],
        )
        other.execute("LOCK TABLE companion_round IN EXCLUSIVE MODE")  # reads go on, writes wait
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '300ms'")
        try:
            yield
        finally:
            other.rollback()
            other.close()
            with connection.cursor() as cursor:
                cursor.execute("SET lock_timeout = 0")


def add_hand(client, match, **headers):
    data = {"number": 1, **{f"place_{place}": seat for place, seat in enumerate([0, 1, 2, 3])}}
    return client.post(reverse("round_add", args=[match.pk]), data, **headers)


def test_a_round_saved_while_the_database_is_locked_is_a_busy_answer_in_place(client, owner, murlan):
    client.force_login(owner)
    with locked_database():
        response = add_hand(client, murlan, HTTP_HX_REQUEST="true")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.decode() == BUSY
    assert response["Retry-After"] == "2"
    assert not Round.objects.filter(match=murlan).exists()
    # Once the lock is gone the same entry saves.
    assert add_hand(client, murlan, HTTP_HX_REQUEST="true").status_code == 200
    assert Round.objects.filter(match=murlan).count() == 1


def test_without_htmx_the_busy_answer_is_a_page_saying_so(client, owner, murlan):
    client.force_login(owner)
    with locked_database():
        response = add_hand(client, murlan)
    assert response.status_code == 503
    page = response.content.decode()
    assert "Busy, try again" in page
    assert BUSY in page
    assert not Round.objects.filter(match=murlan).exists()


def test_a_busy_database_met_after_the_view_is_a_busy_answer_too(db):
    """Raised by a middleware on the way out (a session being saved): handler500 answers "busy"."""
    client = Client(raise_request_exception=False)
    with mock.patch(
        "django.contrib.sessions.middleware.SessionMiddleware.process_response",
        side_effect=OperationalError("database is locked"),
    ):
        response = client.get(reverse("login"))
    assert response.status_code == 503
    assert BUSY in response.content.decode()


def test_other_server_errors_stay_server_errors(db):
    client = Client(raise_request_exception=False)
    with mock.patch(
        "django.contrib.sessions.middleware.SessionMiddleware.process_response", side_effect=RuntimeError
    ):
        assert client.get(reverse("login")).status_code == 500


def test_a_broken_database_is_still_a_server_error_not_busy(db):
    """Only a locked (or unreachable) database is "busy": a missing table is a real fault."""
    client = Client(raise_request_exception=False)
    with mock.patch(
        "django.contrib.sessions.middleware.SessionMiddleware.process_response",
        side_effect=OperationalError("no such table: companion_round"),
    ):
        assert client.get(reverse("login")).status_code == 500
