"""Backups carry no working logins, and the data files are the server user's alone."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from companion.lib.checks import private_file_warnings
from companion.lib.private_files import loose_paths, private_dir, private_file
from tests.factories import PASSWORD, UserFactory

ROOT = Path(__file__).resolve().parents[2]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def logged_in_and_guessed(client):
    """One live session (a real login) and one failed-login record, as a live server has."""
    UserFactory(username="host")
    assert client.post(reverse("login"), {"username": "host", "password": PASSWORD}).status_code == 302
    Client().post(reverse("login"), {"username": "host", "password": "wrong"}, REMOTE_ADDR="192.0.2.44")
    session_key = client.session.session_key
    assert Session.objects.filter(session_key=session_key).exists()
    assert AccessAttempt.objects.filter(username="host").exists()
    return session_key


@pytest.mark.django_db(transaction=True)
def test_a_backup_holds_no_session_and_no_login_attempt(logged_in_and_guessed, tmp_path):
    session_key = logged_in_and_guessed
    target = tmp_path / "backups" / "companion.backup"
    call_command("backup", str(target))
    if connection.vendor == "sqlite":
        copy = sqlite3.connect(target)
        assert copy.execute("SELECT count(*) FROM django_session").fetchone() == (0,)
        assert copy.execute("SELECT count(*) FROM axes_accessattempt").fetchone() == (0,)
        assert copy.execute("SELECT count(*) FROM auth_user").fetchone() == (1,)  # the data is there
        copy.close()
        # Not even in the file's free pages.
        raw = target.read_bytes()
        assert session_key.encode() not in raw
        assert b"192.0.2.44" not in raw
    else:
        listing = subprocess.run(["pg_restore", "--file=-", str(target)], capture_output=True, text=True)
        assert listing.returncode == 0, listing.stderr
        assert "CREATE TABLE public.django_session" in listing.stdout  # the table is restored, empty
        assert "COPY public.auth_user" in listing.stdout
        assert session_key not in listing.stdout
        assert "192.0.2.44" not in listing.stdout
    assert mode(target) == 0o600
    assert mode(target.parent) == 0o700


@pytest.mark.django_db(transaction=True)
def test_the_default_backup_folder_and_file_are_private(tmp_path):
    with override_settings(VAR_DIR=tmp_path / "var"):
        call_command("backup")
    (written,) = (tmp_path / "var" / "backups").iterdir()
    assert mode(tmp_path / "var" / "backups") == 0o700
    assert mode(written) == 0o600


def test_a_new_sqlite_database_and_its_side_files_are_created_private(tmp_path):
    """Created as the settings create it, then opened by SQLite in WAL mode."""
    old_umask = os.umask(0o022)  # the usual umask, which would give 0644
    try:
        var = private_dir(tmp_path / "var")
        database = private_file(var / "companion.sqlite3")
        db = sqlite3.connect(database)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE t (x)")
        db.execute("INSERT INTO t VALUES (1)")
        db.commit()
        side_files = [Path(f"{database}-wal"), Path(f"{database}-shm")]
        assert all(path.exists() for path in side_files)
        assert [mode(path) for path in [database, *side_files]] == [0o600, 0o600, 0o600]
        assert mode(var) == 0o700
        db.close()
    finally:
        os.umask(old_umask)


def test_the_settings_create_the_data_folder_and_database_private(tmp_path):
    var = tmp_path / "fresh-var"
    environ = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "COMPANION_VAR_DIR": str(var),
        "DEBUG": "1",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    assert mode(var) == 0o700
    assert mode(var / "companion.sqlite3") == 0o600
    assert "companion.W001" not in result.stderr


def test_the_start_up_check_warns_about_readable_data_files(tmp_path):
    var = private_dir(tmp_path / "var")
    database = private_file(var / "companion.sqlite3")
    backups = private_dir(var / "backups")
    old_backup = backups / "companion-20260101-000000.sqlite3"
    old_backup.write_bytes(b"")
    os.chmod(old_backup, 0o600)
    assert loose_paths(var, database) == []
    os.chmod(var, 0o755)
    os.chmod(database, 0o644)
    os.chmod(old_backup, 0o640)
    warnings = private_file_warnings(var, database)
    assert [warning.id for warning in warnings] == ["companion.W001"] * 3
    assert {warning.hint for warning in warnings} == {
        f"chmod 700 {var}",
        f"chmod 600 {database}",
        f"chmod 600 {old_backup}",
    }
    assert "can be read by other users" in warnings[0].msg


def test_manage_py_check_prints_the_warning(tmp_path):
    var = private_dir(tmp_path / "var")
    database = private_file(var / "companion.sqlite3")
    os.chmod(database, 0o644)
    environ = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "COMPANION_VAR_DIR": str(var), "DEBUG": "1"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert "companion.W001" in result.stderr + result.stdout
    assert f"chmod 600 {database}" in result.stderr + result.stdout
