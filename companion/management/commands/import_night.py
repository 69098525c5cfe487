"""``manage.py import_night FILE``: import a game night file (``-`` reads standard input)."""

import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from companion.transfer.reading import NightFileError, parse_night_file
from companion.transfer.storing import import_night


class Command(BaseCommand):
    help = "Import a game night exported as JSON; nothing is stored if any match or round is wrong."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a game night file, or - for standard input")
        parser.add_argument(
            "--owner",
            help="the account that owns the night (default: the first superuser, else the first account)",
        )

    def handle(self, *args, **options):
        try:
            owner = self.owner(options["owner"])
            night = import_night(parse_night_file(self.read(options["file"])), owner, owner)
        except NightFileError as error:
            # As the score command: one line on stderr, a non-zero status, nothing on stdout.
            self.stderr.write(f"error: {error.message}")
            raise SystemExit(1) from None
        count = night.matches.count()
        self.stdout.write(f"Imported {night.title} with {count} {'match' if count == 1 else 'matches'}")

    def owner(self, username):
        users = get_user_model().objects
        if username:
            try:
                return users.get_by_natural_key(username)
            except users.model.DoesNotExist:
                raise NightFileError(f"there is no account called {username!r}") from None
        # The host: the first superuser, else the first account.
        owner = users.filter(is_superuser=True).order_by("pk").first() or users.order_by("pk").first()
        if owner is None:
            raise NightFileError(
                "there is no account yet: open Companion once to create one, or pass --owner"
            )
        return owner

    def read(self, name: str) -> bytes:
        if name == "-":
            return sys.stdin.buffer.read()
        try:
            return Path(name).read_bytes()
        except OSError as error:
            raise NightFileError(f"cannot read {name}: {error.strerror}") from None
