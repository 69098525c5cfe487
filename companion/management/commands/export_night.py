"""``manage.py export_night ID``: a game night's file on standard output, the mirror of ``import_night``."""

from django.core.management.base import BaseCommand

from companion.models import GameNight
from companion.transfer.exporting import dumps, night_document


class Command(BaseCommand):
    help = "Write a game night as its night file (JSON) to standard output, as its page's download does."

    def add_arguments(self, parser):
        parser.add_argument("night", help="the night's id (the number in its address, /nights/ID/)")

    def handle(self, *args, **options):
        night = (
            GameNight.objects.filter(pk=int(options["night"])).first() if options["night"].isdigit() else None
        )
        if night is None:
            # As import_night and score: one line on stderr, a non-zero status, nothing on stdout.
            self.stderr.write(f"error: there is no game night with the id {options['night']!r}")
            raise SystemExit(1)
        self.stdout.write(dumps(night_document(night)), ending="")
