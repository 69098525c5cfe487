"""Issue 36, finding 4: re-rating a long history never stalls the other tables.

Rating runs in the task worker, never in a request, and writes in small transactions
(``companion.review.ratings.BATCH`` matches each), so on SQLite another table's save gets the
write lock between two of them instead of waiting for the whole re-rating.
"""

import datetime
import threading
import time

import pytest
from django.db import connection, transaction
from django.utils import timezone

from companion.models import GameNight, Match, Player, Seat
from companion.play.setup import create_match
from companion.review import ratings
from companion.review.models import Rating
from tests.factories import UserFactory, enter_round

NIGHTS = 600


def long_history(owner) -> Match:
    """``NIGHTS`` nights of one finished Murlan each, stored in bulk and rated; returns the first match."""
    anna, beat = (Player.objects.create(owner=owner, name=name) for name in ("Anna", "Beat"))
    start = datetime.date(2020, 1, 1)
    nights = GameNight.objects.bulk_create(
        GameNight(owner=owner, title=f"Night {day}", date=start + datetime.timedelta(days=day))
        for day in range(NIGHTS)
    )
    now = timezone.now()
    matches = Match.objects.bulk_create(
        Match(night=night, game="murlan", finished_at=now, round_count=2, options={"target": 2})
        for night in nights
    )
    seats = []
    for number, match in enumerate(matches):
        first, second = (anna, beat) if number % 3 else (beat, anna)
        seats += [
            Seat(match=match, player=first, position=0, total=2, won=True, place=1, score=2),
            Seat(match=match, player=second, position=1, total=0, won=False, place=2, score=0),
        ]
    Seat.objects.bulk_create(seats)
    ratings.rate(owner.pk)
    return Match.objects.select_related("night").get(pk=matches[0].pk)


@pytest.mark.django_db(transaction=True)
def test_another_tables_save_is_not_slowed_while_an_old_history_is_rated_again(monkeypatch):
    owner, other = UserFactory(username="owner"), UserFactory(username="other")
    first = long_history(owner)
    assert Rating.objects.count() == NIGHTS * 4
    table = create_match(
        GameNight.objects.create(owner=other, title="Other table", date=datetime.date(2026, 12, 3)),
        "molotow",
        ["Cla", "Dora", "Eva", "Fritz"],
        0,
        {},
        other,
    )
    # Every write transaction of the re-rating is timed: none may hold the write lock for long.
    held: list[float] = []
    real_atomic = transaction.atomic

    class Timed:
        def __enter__(self):
            self.block, self.start = real_atomic(), time.perf_counter()
            return self.block.__enter__()

        def __exit__(self, *exc):
            result = self.block.__exit__(*exc)
            held.append(time.perf_counter() - self.start)
            return result

    monkeypatch.setattr(ratings.transaction, "atomic", lambda *args, **kwargs: Timed())
    done = threading.Event()

    def worker():  # what the task worker runs after a member changed the oldest match
        try:
            ratings.rate(owner.pk, since=first)
        finally:
            connection.close()
            done.set()

    thread = threading.Thread(target=worker)
    thread.start()
    saves = []
    try:
        for number in range(1, 4):
            started = time.perf_counter()
            enter_round(table, {"points": {"Cla": 90, "Dora": 9, "Eva": 34, "Fritz": 24}}, number=number)
            saves.append(time.perf_counter() - started)
    finally:
        thread.join(timeout=120)
    assert done.is_set()
    assert Rating.objects.filter(match__night__owner=owner).count() == NIGHTS * 4
    assert len(held) >= NIGHTS // ratings.BATCH  # small transactions, not one
    assert max(held) < 0.5, held
    assert max(saves) < 1.0, saves
