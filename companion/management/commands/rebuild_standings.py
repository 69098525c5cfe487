"""``manage.py rebuild_standings``: rewrite every match's derived columns from its rounds."""

from django.core.management.base import BaseCommand
from django.db import transaction

from companion import standings
from companion.models import Match


class Command(BaseCommand):
    help = "Recompute each match's stored totals, winners and end from its rounds."

    def handle(self, *args, **options):
        count = 0
        matches = Match.objects.prefetch_related("seats__player", "rounds").order_by("pk")
        for match in matches.iterator(chunk_size=200):
            with transaction.atomic():
                standings.refresh(match)
            count += 1
        self.stdout.write(f"Rebuilt the standings of {count} matches.")
