"""``manage.py seed_demo [--nights N]``: fill the database with realistic random game nights.

``--offer`` is for ``make run``: on a terminal, with no game night stored yet,
it asks first; anywhere else it does nothing, so a second ``make run`` (or one
without a terminal) starts at once.
"""

import random
import secrets
import sys
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from companion.demo.services import add_demo_nights
from companion.models import GameNight


class Command(BaseCommand):
    # No system checks: make run and make serve check once (migrate or runserver), not at every step.
    requires_system_checks = []
    help = "Add realistic random game nights of all four games (every round valid by the engines)."

    def add_arguments(self, parser):
        parser.add_argument("--nights", type=int, default=20, help="how many game nights (default 20)")
        parser.add_argument(
            "--owner",
            help="the account that owns the nights (default: the first superuser, else a new 'demo')",
        )
        parser.add_argument("--seed", type=int, help="a number for the same nights every time")
        parser.add_argument(
            "--offer", action="store_true", help="ask first, and only on a terminal with no game nights yet"
        )

    def handle(self, *args, **options):
        if options["nights"] < 0:
            raise CommandError("--nights must be 0 or more")
        if options["offer"] and not self.accepted(options["nights"]):
            return
        owner = self.owner(options["owner"])
        started = time.monotonic()
        seeded = add_demo_nights(owner, options["nights"], random.Random(options["seed"]))
        self.stdout.write(
            f"Added {seeded.nights} game nights with {seeded.matches} matches and {seeded.rounds} rounds "
            f"for {owner.get_username()} in {time.monotonic() - started:.1f} s."
        )

    def accepted(self, nights: int) -> bool:
        if GameNight.objects.exists() or not sys.stdin.isatty():
            return False
        answer = input(f"No game nights yet. Add {nights} demo game nights to try Companion? [y/N] ")
        return answer.strip().lower() in {"y", "yes"}

    def owner(self, username):
        users = get_user_model().objects
        if username:
            try:
                return users.get_by_natural_key(username)
            except users.model.DoesNotExist:
                raise CommandError(f"there is no account called {username!r}") from None
        owner = users.filter(is_superuser=True).order_by("pk").first()
        if owner is not None:
            return owner
        if users.filter(username="demo").exists():
            return users.get(username="demo")
        # No host account yet: the demo account becomes the host, so somebody can log in to see the nights.
        password = secrets.token_urlsafe(12)
        owner = users.create_superuser("demo", password=password)
        self.stdout.write(f"Created the account 'demo' with the password {password}")
        return owner
