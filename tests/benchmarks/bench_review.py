"""How the review pages scale: ``.venv/bin/python -m tests.benchmarks.bench_review`` (not a test; prints figures).

In a throwaway SQLite database it seeds a group's game nights with
``companion.demo.store`` (the data ``manage.py seed_demo`` writes), times the
history, a night, a player and a leaderboard with Django's test client
(median of several requests after a warm-up), then seeds up to the large
count and times the same pages again. The ratio shows how the time grows
with the history; the query counts must stay the same.

Options: ``--small 20 --large 2000 --repeats 15 --seed 2026``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time


def configure(var_dir: str) -> None:
    """Django on a fresh SQLite file in ``var_dir``: set before ``django.setup()`` reads the settings."""
    os.environ["COMPANION_VAR_DIR"] = var_dir
    os.environ.pop("DATABASE_URL", None)
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-not-for-any-real-deployment")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings"
    os.environ.setdefault("LOG_LEVEL", "WARNING")

    import django

    django.setup()


def fill_places_from_totals() -> None:
    """Seat.place and Seat.score from the stored totals, for a seeder that does not write them yet."""
    from companion.models import Match, Seat

    seats = []
    for match in Match.objects.prefetch_related("seats").iterator(chunk_size=1000):
        mine = list(match.seats.all())
        chips = match.options.get("chips", 10) if match.game == "anrufen" else 0
        for seat in mine:
            seat.place = 1 + sum(other.total > seat.total for other in mine)
            seat.score = seat.total - chips
        seats.extend(mine)
    Seat.objects.bulk_update(seats, ["place", "score"], batch_size=2000)


def seed_to(owner, nights: int, rng: random.Random) -> float:
    """Add nights until ``owner`` has ``nights``; returns the seconds it took."""
    from companion.demo.store import seed
    from companion.models import GameNight, Seat

    started = time.perf_counter()
    seed(owner, nights - GameNight.objects.filter(owner=owner).count(), rng)
    if not Seat.objects.filter(place__gt=1).exists():  # the seeder predates Seat.place
        fill_places_from_totals()
    return time.perf_counter() - started


def measure(client, url: str, repeats: int) -> tuple[float, int]:
    """Median milliseconds of ``repeats`` requests after one warm-up, and the queries of one."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    count = len(queries.captured_queries)  # now: every request empties the query log
    timings = []
    for _ in range(repeats):
        started = time.perf_counter()
        client.get(url)
        timings.append(time.perf_counter() - started)
    return statistics.median(timings) * 1000, count


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=20)
    parser.add_argument("--large", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="companion-bench-") as var_dir:
        configure(var_dir)
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.management import call_command
        from django.test import Client, override_settings
        from django.urls import reverse

        from companion.models import GameNight, Match, Player

        # Plain static files: the hashed storage would need collectstatic first.
        storages = {
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
        with override_settings(STORAGES=storages):
            call_command("migrate", verbosity=0)
            owner = get_user_model().objects.create_user("bench", password="bench-password-not-secret")
            client = Client()
            client.force_login(owner)
            rng = random.Random(args.seed)

            seconds = seed_to(owner, args.small, rng)
            print(f"seeded {args.small} nights in {seconds:.1f} s", file=sys.stderr)
            # The same night and player at both sizes: a night's page must not care about the others.
            night = (
                GameNight.objects.filter(owner=owner, matches__isnull=False).order_by("-date", "-pk").first()
            )
            anna = Player.objects.get(owner=owner, name="Anna")
            pages = {
                "history": reverse("night_list"),
                "history, filtered": reverse("night_list") + f"?player={anna.pk}&game=murlan&page=2",
                "night": reverse("night_detail", args=[night.pk]),
                "player": reverse("player_detail", args=[anna.pk]),
                "leaderboard": reverse("leaderboard") + "?game=molotow&period=all",
            }
            small = {name: measure(client, url, args.repeats) for name, url in pages.items()}

            seconds = seed_to(owner, args.large, rng)
            print(f"seeded up to {args.large} nights in {seconds:.1f} s", file=sys.stderr)
            large = {name: measure(client, url, args.repeats) for name, url in pages.items()}
            matches = Match.objects.count()

    print(f"review pages, median of {args.repeats} requests ({matches} matches at {args.large} nights)")
    head = (
        f"{'page':<18} {f'{args.small} nights':>11} {f'{args.large} nights':>12} {'ratio':>6} {'queries':>8}"
    )
    print(head)
    for name in pages:
        (ms_small, q_small), (ms_large, q_large) = small[name], large[name]
        queries = str(q_small) if q_small == q_large else f"{q_small}→{q_large}"
        print(f"{name:<18} {ms_small:>8.1f} ms {ms_large:>9.1f} ms {ms_large / ms_small:>6.2f} {queries:>8}")


if __name__ == "__main__":
    main()
