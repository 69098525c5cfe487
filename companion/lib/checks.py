"""System checks run at start-up (``runserver``, ``migrate`` in ``make serve``, ``manage.py check``)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core import checks

from companion.lib.private_files import loose_paths


@checks.register(checks.Tags.security, deploy=False)
def data_files_are_private(app_configs=None, **kwargs):
    """The database, its side files and the backups must be readable by the server's user only."""
    database = settings.DATABASES["default"]
    sqlite_file = None
    if database["ENGINE"] == "django.db.backends.sqlite3" and str(database["NAME"]) != ":memory:":
        sqlite_file = Path(database["NAME"])
    return private_file_warnings(Path(settings.VAR_DIR), sqlite_file)


def private_file_warnings(var_dir: Path, sqlite_file: Path | None) -> list[checks.Warning]:
    return [
        checks.Warning(
            f"{path} can be read by other users of this machine (mode {path.stat().st_mode & 0o777:o}).",
            hint=f"chmod {wanted:o} {path}",
            id="companion.W001",
        )
        for path, wanted in loose_paths(var_dir, sqlite_file)
    ]
