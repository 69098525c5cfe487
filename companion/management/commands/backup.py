"""``manage.py backup [FILE]``: a consistent copy of the database while Companion keeps running.

SQLite: SQLite's online backup API copies the database as one snapshot, so a
round saved meanwhile is either wholly in the copy or not at all (a plain
``cp`` of the file can tear a write, and misses what is still in the WAL).
PostgreSQL: ``pg_dump`` in its custom format, restored with ``pg_restore``.
README.md ("Backup and restore") says how to restore either.

A backup leaves out the login sessions and django-axes' login-attempt records:
a session key copied out of a backup would open the app as that user, and the
attempts name addresses and usernames tried. After a restore everybody logs in
again. Backups are written 0600 into a 0700 folder (companion/lib/private_files.py).

``--keep N`` (with the default names) then deletes all but the N newest backups
of that folder, so a daily run (docs/hosting.md, "Backups and restore") keeps
the last N days. Only files named as this command names them are touched, and
only after the new backup was written and checked.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections
from django.utils import timezone

from companion.lib.private_files import new_private_file, private_dir


def secret_tables() -> list[str]:
    """Tables whose rows a backup leaves out: sessions (working logins) and login attempts."""
    models = [apps.get_model("sessions", "Session"), *apps.get_app_config("axes").get_models()]
    return sorted({model._meta.db_table for model in models})


class Command(BaseCommand):
    help = "Write a consistent copy of the database to FILE (default: var/backups/companion-<time>.*)."

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="where to write the copy; it must not exist yet")
        parser.add_argument("--database", default="default", help="the database alias (default: default)")
        parser.add_argument(
            "--keep",
            type=int,
            metavar="N",
            help="then delete all but the N newest backups in var/backups/ (for a daily run)",
        )

    def handle(self, *args, file=None, database="default", keep=None, **options):
        if keep is not None and keep < 1:
            raise CommandError("--keep needs at least 1: the backup just made")
        if keep is not None and file:
            raise CommandError(
                "--keep rotates the backups named companion-<time> in var/backups/: leave out FILE"
            )
        connection = connections[database]
        if connection.vendor == "sqlite":
            target = self._target(file, "sqlite3")
            copy_sqlite(connection, target)
        elif connection.vendor == "postgresql":
            target = self._target(file, "dump")
            dump_postgresql(connection.settings_dict, target)
        else:
            raise CommandError(f"backup knows SQLite and PostgreSQL, not {connection.vendor}")
        self.stdout.write(f"Backup written to {target} ({target.stat().st_size:,} bytes).")
        if keep is not None:
            for old in rotate(target.parent, keep):
                self.stdout.write(f"Deleted the older backup {old}.")

    def _target(self, file: str | None, suffix: str) -> Path:
        if file:
            target = Path(file)
        else:
            stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
            target = Path(settings.VAR_DIR) / "backups" / f"companion-{stamp}.{suffix}"
        if target.exists():
            raise CommandError(f"{target} exists already; choose another name")
        private_dir(target.parent)
        return target


# The names this command gives: companion-YYYYmmdd-HHMMSS.sqlite3 or .dump.
BACKUP_NAME = re.compile(r"companion-\d{8}-\d{6}\.(sqlite3|dump)")


def rotate(folder: Path, keep: int) -> list[Path]:
    """Delete all but the ``keep`` newest backups in ``folder`` (by the time in their names)."""
    backups = sorted(path for path in folder.iterdir() if BACKUP_NAME.fullmatch(path.name))
    old = backups[:-keep]
    for path in old:
        path.unlink()
    return old


def copy_sqlite(connection, target: Path) -> None:
    """Copy through the server's own connection settings; checked before it takes the final name."""
    connection.ensure_connection()
    partial = target.with_name(target.name + ".partial")
    new_private_file(partial)  # 0600 before a byte is written; SQLite's journal takes its mode
    destination = sqlite3.connect(partial)
    try:
        connection.connection.backup(destination)  # all pages in one step: one snapshot
        destination.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
        leave_out_secrets(destination)
        (verdict,) = destination.execute("PRAGMA integrity_check").fetchone()
    finally:
        destination.close()
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise CommandError(f"the copy failed its integrity check: {verdict}")
    partial.rename(target)


def leave_out_secrets(copy: sqlite3.Connection) -> None:
    """Empty the session and login-attempt tables of the copy, and leave no trace of their rows.

    A deleted row stays readable in the file's free pages; secure_delete zeroes them
    and VACUUM rewrites the file without them.
    """
    present = {name for (name,) in copy.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    copy.execute("PRAGMA secure_delete = ON")
    with copy:
        for table in secret_tables():
            if table in present:
                copy.execute(f'DELETE FROM "{table}"')  # names from Django's models, not input
    copy.execute("VACUUM")


def dump_postgresql(db: dict, target: Path) -> None:
    """Run pg_dump with the connection's settings; the password goes through the environment."""
    pg_dump = shutil.which("pg_dump")
    command = [
        "pg_dump",
        "--format=custom",
        "--no-owner",
        f"--file={target}",
        f"--host={db.get('HOST') or 'localhost'}",
        f"--port={db.get('PORT') or 5432}",
        f"--username={db.get('USER') or ''}",
        # The tables stay (a restore has them, empty); their rows are left out.
        *(f"--exclude-table-data={table}" for table in secret_tables()),
        db["NAME"],
    ]
    if pg_dump is None:
        raise CommandError(
            "pg_dump was not found (Debian: apt-get install postgresql-client). "
            "Run it yourself, with the password in PGPASSWORD:\n  " + " ".join(command)
        )
    environ = {**os.environ, "PGPASSWORD": str(db.get("PASSWORD") or "")}
    new_private_file(target)  # pg_dump writes into it and keeps its 0600
    result = subprocess.run([pg_dump, *command[1:]], env=environ, capture_output=True, text=True, umask=0o077)
    if result.returncode != 0:
        target.unlink(missing_ok=True)
        raise CommandError(f"pg_dump failed: {result.stderr.strip()}")
