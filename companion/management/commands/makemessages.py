"""``manage.py makemessages -l de``: Django's command with Companion's fixed options.

No file/line comments (moving a template must not change the catalogue, and merges
stay clean), no obsolete entries, only the project's own files (see IGNORED), and
the project's own translation helpers as keywords.
The catalogue test runs this same command, so what it checks is what you get."""

from django.core.management.commands import makemessages

from companion.i18n.catalogue import IGNORED


class Command(makemessages.Command):
    # count_text(singular, plural, n) (companion/games/parts.py) is ngettext with the count filled in.
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=count_text:1,2"]

    def handle(self, *args, **options):
        options["no_location"] = True
        options["add_location"] = None
        options["no_obsolete"] = True
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *IGNORED]
        super().handle(*args, **options)
