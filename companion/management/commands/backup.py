"""``manage.py backup [FILE]``: a consistent copy of the database while Companion keeps running.

SQLite: SQLite's online backup API copies the database as one snapshot, so a
round saved meanwhile is either wholly in the copy or not at all (a plain
``cp`` of the file can tear a write, and misses what is still in the WAL).
PostgreSQL: ``pg_dump`` in its custom format, restored with ``pg_restore``.
README.md ("Backup and restore") says how to restore either.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections
from django.utils import timezone


class Command(BaseCommand):
    help = "Write a consistent copy of the database to FILE (default: var/backups/companion-<time>.*)."

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="where to write the copy; it must not exist yet")
        parser.add_argument("--database", default="default", help="the database alias (default: default)")

    def handle(self, *args, file=None, database="default", **options):
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

    def _target(self, file: str | None, suffix: str) -> Path:
        if file:
            target = Path(file)
        else:
            stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
            target = Path(settings.VAR_DIR) / "backups" / f"companion-{stamp}.{suffix}"
        if target.exists():
            raise CommandError(f"{target} exists already; choose another name")
        target.parent.mkdir(parents=True, exist_ok=True)
        return target


def copy_sqlite(connection, target: Path) -> None:
    """Copy through the server's own connection settings; checked before it takes the final name."""
    connection.ensure_connection()
    partial = target.with_name(target.name + ".partial")
    destination = sqlite3.connect(partial)
    try:
        connection.connection.backup(destination)  # all pages in one step: one snapshot
        destination.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
        (verdict,) = destination.execute("PRAGMA integrity_check").fetchone()
    finally:
        destination.close()
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise CommandError(f"the copy failed its integrity check: {verdict}")
    partial.rename(target)


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
        db["NAME"],
    ]
    if pg_dump is None:
        raise CommandError(
            "pg_dump was not found (Debian: apt-get install postgresql-client). "
            "Run it yourself, with the password in PGPASSWORD:\n  " + " ".join(command)
        )
    environ = {**os.environ, "PGPASSWORD": str(db.get("PASSWORD") or "")}
    result = subprocess.run([pg_dump, *command[1:]], env=environ, capture_output=True, text=True)
    if result.returncode != 0:
        target.unlink(missing_ok=True)
        raise CommandError(f"pg_dump failed: {result.stderr.strip()}")
