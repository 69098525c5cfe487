"""``manage.py rebuild_ratings``: recompute every rating, record and partnership from the stored matches.

Every change of a finished match keeps them current (``companion.review.ratings``);
this is for data that came in without them (an old database, the demo data, a bulk import).
"""

import time

from django.core.management.base import BaseCommand

from companion.review import ratings


class Command(BaseCommand):
    help = "Recompute the ratings, records and partnerships of every finished match from scratch."

    def handle(self, *args, **options):
        started = time.monotonic()
        rated, recorded = ratings.rebuild()
        self.stdout.write(
            f"Rated {rated} finished matches and kept the records of {recorded} "
            f"in {time.monotonic() - started:.1f} s."
        )
