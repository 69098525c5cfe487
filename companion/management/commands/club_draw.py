"""``manage.py club_draw FILE [--mode balanced|ranked] [--seed N]``: the next sitting of a club night file.

See docs/club-commands.md and ../shared/spec/club-night.md ("The draw"): the present entrants
(entrants minus ``departed``) are seated; the same file and seed give the same draw.
"""

import json

from companion.management.commands.score import Command as ScoreCommand
from scoring.base import ScoringError
from scoring.club import MODES, read_club_file
from scoring.club import next_sitting as draw_next
from scoring.matchfile import parse_json


class Command(ScoreCommand):
    help = "Draw the next sitting of a club night file and print it as JSON ('-' reads standard input)."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help='a night file with a "club" object, or - for standard input')
        parser.add_argument("--mode", default="balanced", help="balanced (the default) or ranked")
        parser.add_argument("--seed", default=None, help="a whole number: the same seed gives the same draw")

    def handle(self, *args, **options):
        try:
            mode, seed = self.mode(options["mode"]), self.seed(options["seed"])
            club = read_club_file(parse_json(self.read(options["file"])))
            drawn = draw_next(club, mode=mode, seed=seed)
        except ScoringError as error:
            # As ``score``: exactly one line on stderr, nothing on stdout.
            self.stderr.write(f"error: {error}")
            raise SystemExit(1) from None
        self.stdout.write(json.dumps(drawn.to_json(), ensure_ascii=False, indent=2))

    @staticmethod
    def mode(value: str) -> str:
        if value not in MODES:
            raise ScoringError(f"--mode must be {' or '.join(MODES)}, not {value!r}")
        return value

    @staticmethod
    def seed(value: str | None) -> int | None:
        if value is None:
            return None
        try:
            return int(value)
        except ValueError:
            raise ScoringError(f"--seed must be a whole number, not {value!r}") from None
