"""Backups on a schedule: ``manage.py backup --keep N`` keeps the N newest and deletes the older ones."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import connection


@pytest.mark.django_db(transaction=True)
def test_a_backup_with_keep_deletes_all_but_the_newest_backups_and_nothing_else(settings, tmp_path, capsys):
    settings.VAR_DIR = tmp_path
    folder = tmp_path / "backups"
    folder.mkdir(mode=0o700)
    suffix = "sqlite3" if connection.vendor == "sqlite" else "dump"
    older = [folder / f"companion-2026110{day}-233000.{suffix}" for day in range(1, 6)]
    for path in older:
        path.write_text("an older backup")
    (folder / "notes.txt").write_text("not a backup")
    (folder / "companion-before-restore.sqlite3").write_text("kept by hand")

    call_command("backup", keep=2)

    left = sorted(path.name for path in folder.iterdir())
    new = [name for name in left if name.startswith("companion-2") and name not in {p.name for p in older}]
    assert len(new) == 1
    assert left == sorted([*new, older[-1].name, "notes.txt", "companion-before-restore.sqlite3"])
    assert capsys.readouterr().out.count("Deleted the older backup") == 4


@pytest.mark.django_db
def test_keep_needs_at_least_one_and_the_default_names(tmp_path):
    with pytest.raises(CommandError, match="at least 1"):
        call_command("backup", keep=0)
    with pytest.raises(CommandError, match="leave out FILE"):
        call_command("backup", str(tmp_path / "copy.sqlite3"), keep=3)
