"""``manage.py compilemessages``: build the .mo files of companion/locale with polib.

Replaces Django's command, which needs GNU gettext's msgfmt: ``make run`` and
``make serve`` compile on a fresh machine without system packages."""

from django.core.management.base import BaseCommand

from companion.i18n.catalogue import compile_catalogues


class Command(BaseCommand):
    # No system checks: make run and make serve check once (migrate or runserver), not at every step.
    requires_system_checks = []
    help = "Compile the translation catalogues (companion/locale/*/LC_MESSAGES/*.po) into .mo files."

    def handle(self, *args, **options):
        for mo_path in compile_catalogues():
            if options["verbosity"] > 1:
                self.stdout.write(f"compiled {mo_path}")
