from pathlib import Path

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = _("Companion")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.urls import register_converter

        from companion.lib import checks  # noqa: F401  (registers the start-up checks)
        from companion.lib.converters import IdConverter

        # Every id in an address is ``<id:…>``: a number that fits the database
        # (companion/lib/converters.py). Registered here, not in companion/urls.py, so that a
        # feature's urls.py works whichever module is imported first.
        register_converter(IdConverter, "id")

        make_folders()
        # Connects the login signal that brings an account's language into its session.
        from companion.i18n import language  # noqa: F401

        # Deletions and lost access announce themselves to the open pages (a match's changes are
        # announced by its change unit, companion.play.rounds).
        from companion.live import signals  # noqa: F401

        # Connects the signals that rate matches stored (ratings) or deleted (tasks) in bulk; a
        # match's changes hand their review work to a task explicitly (companion.review.tasks).
        from companion.review import ratings, tasks  # noqa: F401


def make_folders() -> None:
    """The folders Companion writes to, made where they are first needed: when Django starts.

    Also clears away the SQLite test databases of test runs that were killed.

    SQLite creates its file but not the file's folder (``var/`` by default), and
    WhiteNoise warns about a missing STATIC_ROOT. The settings only name them.

    ``var/`` is made 0700 and a new SQLite database file 0600 before SQLite opens
    it: SQLite would make it 0644, and gives its -wal/-shm files the database
    file's mode (companion/lib/private_files.py).
    """
    from django.conf import settings

    from companion.lib.env import sqlite_test_name
    from companion.lib.private_files import private_dir, private_file

    private_dir(settings.VAR_DIR)  # first: the folders below must not make it with the default mode
    folders = [Path(settings.STATIC_ROOT)]
    for database in settings.DATABASES.values():
        if database["ENGINE"] == "django.db.backends.sqlite3":
            for name in (database["NAME"], database.get("TEST", {}).get("NAME")):
                if name and str(name) != ":memory:" and not str(name).startswith("file:"):
                    folders.append(Path(name).parent)
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
    for database in settings.DATABASES.values():
        name = str(database["NAME"])
        if (
            database["ENGINE"] == "django.db.backends.sqlite3"
            and name != ":memory:"
            and not name.startswith("file:")
        ):
            private_file(name)
    for database in settings.DATABASES.values():
        test_name = database.get("TEST", {}).get("NAME")
        if database["ENGINE"] == "django.db.backends.sqlite3" and test_name:
            sqlite_test_name(Path(test_name).parent)  # clears the files of killed test runs
