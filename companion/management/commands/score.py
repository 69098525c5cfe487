"""``manage.py score FILE``: the standings of one match file, as JSON (docs/match-format.md)."""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from scoring.base import ScoringError
from scoring.matchfile import parse_json, score_match


class Command(BaseCommand):
    help = "Print the standings of a match file as JSON ('-' reads standard input)."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="a match file (docs/match-format.md), or - for standard input")

    def handle(self, *args, **options):
        try:
            standings = score_match(parse_json(self.read(options["file"])))
        except ScoringError as error:
            # The format asks for exactly one line on stderr and nothing on stdout.
            self.stderr.write(f"error: {error}")
            raise SystemExit(1) from None
        self.stdout.write(json.dumps(standings.to_json(), ensure_ascii=False, indent=2))

    def read(self, name: str) -> bytes:
        if name == "-":
            return sys.stdin.buffer.read()
        try:
            return Path(name).read_bytes()
        except OSError as error:
            raise ScoringError(f"cannot read {name}: {error.strerror}") from None
