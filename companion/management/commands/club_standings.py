"""``manage.py club_standings FILE``: a club night file's standings over its complete sittings, as JSON.

See docs/club-commands.md and ../shared/spec/club-night.md ("The night file").
"""

import json

from companion.management.commands.score import Command as ScoreCommand
from scoring.base import ScoringError
from scoring.club import read_club_file, standings
from scoring.matchfile import parse_json


class Command(ScoreCommand):
    help = "Print the standings of a club night file as JSON ('-' reads standard input)."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help='a night file with a "club" object, or - for standard input')

    def handle(self, *args, **options):
        try:
            club = read_club_file(parse_json(self.read(options["file"])))
        except ScoringError as error:
            # As ``score``: exactly one line on stderr, nothing on stdout.
            self.stderr.write(f"error: {error}")
            raise SystemExit(1) from None
        lines = [line.to_json() for line in standings(club)]
        self.stdout.write(json.dumps({"standings": lines}, ensure_ascii=False, indent=2))
