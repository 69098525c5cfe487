"""The data folder and the files in it are readable by the server's own user only.

The SQLite database (and its ``-wal``/``-shm`` side files) and the backups hold
every night, player and password hash, so they are created 0600 inside a 0700
``var/``. SQLite gives its side files the mode of the database file, so creating
the database file 0600 before SQLite first opens it is enough for all three.
Files made before this rule, or changed by hand, are reported at start-up by a
system check (``companion/lib/checks.py``), with the ``chmod`` that fixes them.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def private_dir(path: Path | str) -> Path:
    """Make the folder (and missing parents) 0700; a folder that exists already keeps its mode."""
    path = Path(path)
    if not path.is_dir():
        path.mkdir(mode=PRIVATE_DIR, parents=True, exist_ok=True)
        os.chmod(path, PRIVATE_DIR)  # mkdir's mode is filtered through the umask
    return path


def private_file(path: Path | str) -> Path:
    """Create an empty file 0600 unless it exists (an empty file is a valid empty SQLite database)."""
    path = Path(path)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    except FileExistsError:
        return path
    os.close(descriptor)
    os.chmod(path, PRIVATE_FILE)
    return path


def new_private_file(path: Path | str) -> Path:
    """Create the file 0600; refuse if it exists (a backup never overwrites)."""
    path = Path(path)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    os.close(descriptor)
    os.chmod(path, PRIVATE_FILE)
    return path


def too_open(path: Path, wanted: int) -> bool:
    """True when group or others have any right the wanted mode withholds."""
    mode = stat.S_IMODE(path.stat().st_mode)
    return bool(mode & ~wanted & 0o077)


def loose_paths(var_dir: Path, database: Path | None) -> list[tuple[Path, int]]:
    """Each file or folder readable beyond the server's user, with the mode it should have."""
    found: list[tuple[Path, int]] = []
    var_dir = Path(var_dir)
    if var_dir.is_dir() and too_open(var_dir, PRIVATE_DIR):
        found.append((var_dir, PRIVATE_DIR))
    files: list[Path] = []
    if database is not None:
        files += [database, *(Path(f"{database}{suffix}") for suffix in SQLITE_SIDE_FILES)]
    backups = var_dir / "backups"
    if backups.is_dir():
        if too_open(backups, PRIVATE_DIR):
            found.append((backups, PRIVATE_DIR))
        files += sorted(path for path in backups.iterdir() if path.is_file())
    found += [(path, PRIVATE_FILE) for path in files if path.is_file() and too_open(path, PRIVATE_FILE)]
    return found
