"""Several phones (threads, each with its own database connection) enter rounds at once.

As gunicorn's workers would: each reads how many rounds there are, saves the
next one, and on a RoundConflict (somebody was quicker) reads again. Runs on
SQLite (a file database in WAL mode, see settings.py) in ``make test`` and on
PostgreSQL in ``make test-postgres``. At the end the rounds are numbered
1..K with none twice and none lost, and no request saw "database is locked".
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from companion.models import Match, Round, RoundChange
from companion.play import rounds
from tests.factories import GameNightFactory, MatchFactory, UserFactory, enter_round

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 6
ROUNDS = 30
POINTS = {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}  # +1 / +1 / -1 / -1


def test_rounds_from_six_phones_at_once_are_numbered_one_to_k_with_none_lost_or_doubled():
    user = UserFactory(username="host")
    match = MatchFactory(night=GameNightFactory(owner=user), game="molotow", options={"rounds": 100})
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal", "the hammer must run on a file database in WAL mode"

    start = threading.Barrier(PHONES)
    errors: list[BaseException] = []
    saved: list[int] = []
    conflicts: list[int] = []

    def phone():
        try:
            start.wait(timeout=30)
            while True:
                done = Round.objects.filter(match_id=match.pk).count()
                if done >= ROUNDS:
                    return
                try:
                    enter_round(Match.objects.get(pk=match.pk), POINTS, number=done + 1, user=user)
                    saved.append(done + 1)
                except rounds.RoundConflict:
                    conflicts.append(done + 1)
        except BaseException as error:  # "database is locked" would land here
            errors.append(error)
        finally:
            connection.close()  # each thread's own connection

    threads = [threading.Thread(target=phone) for _ in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a phone hung"
    assert errors == []

    numbers = list(Round.objects.filter(match=match).order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, ROUNDS + 1))
    assert sorted(saved) == numbers  # every success is stored, every stored round was one success
    added = RoundChange.objects.filter(match=match, action=RoundChange.Action.ADDED)
    assert sorted(added.values_list("number", flat=True)) == numbers
    match.refresh_from_db()
    assert match.round_count == ROUNDS
    totals = sorted(match.seats.values_list("position", "total"))
    assert totals == [(0, ROUNDS), (1, ROUNDS), (2, -ROUNDS), (3, -ROUNDS)]
