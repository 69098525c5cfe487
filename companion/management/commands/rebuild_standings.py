"""``manage.py rebuild_standings [--check]``: rewrite (or only compare) every match's derived columns.

The derived columns (``Seat.total``, ``won``, ``place``, ``score``;
``Match.finished_at``, ``round_count``) are rewritten with every round change;
this command folds every match's rounds again. ``--check`` writes nothing: it
prints each difference and exits with status 1 if there is any (CI runs it
over freshly seeded data), 0 when every stored column is what the engine says.
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from companion import standings
from companion.models import Match


class Command(BaseCommand):
    help = "Recompute each match's stored totals, winners and end from its rounds (--check: only compare)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--check",
            action="store_true",
            help="change nothing; list every stored value that differs and exit 1 if any does",
        )

    def handle(self, *args, **options):
        matches = Match.objects.with_standings().order_by("pk")
        if options["check"]:
            return self.compare(matches)
        count = 0
        for match in matches.iterator(chunk_size=200):
            with transaction.atomic():
                standings.refresh(match)
            count += 1
        self.stdout.write(f"Rebuilt the standings of {count} matches.")

    def compare(self, matches):
        count, problems = 0, []
        for match in matches.iterator(chunk_size=200):
            count += 1
            problems += [f"match {match.pk} ({match.game}): {text}" for text in standings.differences(match)]
        for problem in problems:
            self.stdout.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} stored values differ from the rounds in {count} matches.")
        self.stdout.write(f"The stored standings of {count} matches are what their rounds say.")
