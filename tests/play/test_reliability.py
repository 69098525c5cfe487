"""Saving is all or nothing, SQLite really runs in WAL mode, and backups hold the data.

The fault-injection tests make ``companion.standings.refresh`` (the last step of
every change, after the Round and RoundChange rows are written) raise, and check
that the database is exactly as before. They run with real transactions
(``transaction=True``), so the rollback is the database's, not a test savepoint's.
"""

from __future__ import annotations

import sqlite3
from unittest import mock

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, connections, transaction

from companion.access import Viewer
from companion.lib import env
from companion.models import GameNight, Match, Player, Round, RoundChange
from companion.play import rounds
from companion.standings import refresh
from companion.transfer import exporting, reading, storing
from tests.factories import GameNightFactory, MatchFactory, UserFactory, enter_round

POINTS = {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}
OTHER_POINTS = {"points": {"Anna": 20, "Beat": 100, "Cla": 20, "Dora": 17}}  # +3 / -3 / +3 / +3


class Injected(Exception):
    """The fault: raised after the first rows of a change were written."""


def failing_refresh(*written_check):
    """A refresh that first checks the change's rows are in the transaction, then fails."""

    def fail(match, result=None, **also):
        for check in written_check:
            assert check(), "the fault must come after the first write"
        raise Injected

    return mock.patch("companion.standings.refresh", side_effect=fail)


@pytest.fixture
def played(db):
    """A Molotow match with two stored rounds (totals refreshed), as the app leaves it."""
    user = UserFactory(username="host")
    match = MatchFactory(night=GameNightFactory(owner=user), game="molotow")
    enter_round(match, POINTS, number=1, user=user)
    enter_round(match, POINTS, number=2, user=user)
    return match


def snapshot(match: Match):
    match = Match.objects.get(pk=match.pk)
    return (
        list(Round.objects.filter(match=match).order_by("number").values_list("number", "entry")),
        list(RoundChange.objects.filter(match=match).values_list("number", "action")),
        sorted(match.seats.values_list("position", "total", "won")),
        (match.round_count, match.finished_at, match.game_state),
    )


@pytest.mark.django_db(transaction=True)
def test_a_round_that_fails_after_its_first_write_stores_nothing(played):
    before = snapshot(played)

    def third_written():
        return Round.objects.filter(match=played, number=3).exists()

    with failing_refresh(third_written), pytest.raises(Injected):
        enter_round(played, OTHER_POINTS, number=3, user=None)
    assert snapshot(played) == before
    # 90 / 9 / 34 / 24 twice: +1 / +1 / -1 / -1 each time (docs/rules.md, Molotow examples).
    assert snapshot(played)[2] == [(0, 2, False), (1, 2, False), (2, -2, False), (3, -2, False)]


@pytest.mark.django_db(transaction=True)
def test_an_edit_that_fails_after_its_first_write_changes_nothing(played):
    before = snapshot(played)

    def edited():
        return Round.objects.get(match=played, number=1).entry == OTHER_POINTS

    with failing_refresh(edited), pytest.raises(Injected):
        rounds.edit_entry(Viewer(played.night.owner), played.pk, 1, OTHER_POINTS)
    assert snapshot(played) == before
    assert Round.objects.get(match=played, number=1).entry == POINTS


@pytest.mark.django_db(transaction=True)
def test_an_undo_that_fails_after_its_first_write_keeps_the_round(played):
    before = snapshot(played)

    def deleted():
        return not Round.objects.filter(match=played, number=2).exists()

    with failing_refresh(deleted), pytest.raises(Injected):
        rounds.undo_last(Viewer(played.night.owner), played.pk, 2)
    assert snapshot(played) == before
    assert played.rounds.count() == 2


@pytest.mark.django_db(transaction=True)
def test_an_import_that_fails_after_its_first_write_stores_no_night_no_player_no_match(played):
    document = exporting.night_document(played.night)
    newcomer = UserFactory(username="newcomer")  # owns no players yet: the import would add four

    def counts():
        return (
            GameNight.objects.count(),
            Player.objects.count(),
            Match.objects.count(),
            Round.objects.count(),
        )

    before = counts()

    def night_written():
        return GameNight.objects.filter(owner=newcomer).exists()

    def fail_on_rounds(*args, **kwargs):
        assert night_written(), "the fault must come after the first write"
        raise Injected

    data = reading.parse_night_file(exporting.dumps(document))
    # The import's last write is the rounds' insert (the seats carry their standings already).
    with (
        mock.patch("companion.transfer.storing._insert_rounds", side_effect=fail_on_rounds),
        pytest.raises(Injected),
    ):
        storing.import_night(data, newcomer, newcomer)
    assert counts() == before == (1, 4, 1, 2)
    # Without the fault the same file goes in whole, so the test above failed for the right reason.
    night = storing.import_night(data, newcomer, newcomer)
    assert night.matches.get().rounds.count() == 2


@pytest.mark.django_db(transaction=True)
def test_the_fault_injection_reaches_the_real_refresh_when_not_patched(played):
    """Guards the patch target: rounds.py must call refresh through the module."""
    with mock.patch("companion.standings.refresh", wraps=refresh) as spy:
        enter_round(played, POINTS, number=3, user=None)
    assert spy.called


@pytest.fixture
def sqlite_file(tmp_path, django_db_blocker):
    """A second database alias on a SQLite file, with exactly the options the settings give SQLite."""
    path = tmp_path / "probe.sqlite3"
    config = env.sqlite(str(path))
    # configure_settings fills in Django's defaults (and insists on a "default" alias).
    connections.settings["probe"] = connections.configure_settings({"default": {}, "probe": config})["probe"]
    try:
        with django_db_blocker.unblock():
            yield connections["probe"], path
            connections["probe"].close()
    finally:
        del connections["probe"]
        del connections.settings["probe"]


def test_a_sqlite_file_database_runs_in_wal_mode_with_a_busy_timeout(sqlite_file):
    probe, path = sqlite_file
    with probe.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] == 20_000
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 1  # NORMAL: safe with WAL, no fsync per commit
    # WAL is recorded in the file itself: a plain connection sees it too.
    plain = sqlite3.connect(path)
    assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    plain.close()


def test_a_sqlite_transaction_takes_the_write_lock_at_begin(sqlite_file):
    """IMMEDIATE: a second writer waits at BEGIN instead of failing halfway with "database is locked"."""
    probe, path = sqlite_file
    with probe.cursor() as cursor:
        cursor.execute("CREATE TABLE t (x)")
    with transaction.atomic(using="probe"), probe.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM t")  # only a read: a deferred BEGIN would not lock yet
        other = sqlite3.connect(path, timeout=0)
        try:
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        finally:
            other.close()
    other = sqlite3.connect(path, timeout=0)
    other.execute("BEGIN IMMEDIATE")  # free again after the commit
    other.close()


@pytest.mark.django_db(transaction=True)
def test_backup_writes_a_copy_that_holds_the_rounds(played, tmp_path, capsys):
    target = tmp_path / "copy" / "companion.backup"
    call_command("backup", str(target))
    assert "Backup written to" in capsys.readouterr().out
    if connection.vendor == "sqlite":
        copy = sqlite3.connect(target)
        rows = copy.execute(
            "SELECT number, entry FROM companion_round WHERE match_id = ? ORDER BY number", [played.pk]
        ).fetchall()
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one self-contained file
        copy.close()
        assert [number for number, _ in rows] == [1, 2]
        assert '"Anna": 90' in rows[0][1]
    else:
        import subprocess

        listing = subprocess.run(
            ["pg_restore", "--data-only", "--file=-", str(target)], capture_output=True, text=True
        )
        assert listing.returncode == 0, listing.stderr
        assert "COPY public.companion_round" in listing.stdout
        assert '"Anna": 90' in listing.stdout


@pytest.mark.django_db
def test_backup_refuses_to_overwrite_a_file(tmp_path):
    target = tmp_path / "taken"
    target.write_text("keep me")
    with pytest.raises(CommandError, match="exists already"):
        call_command("backup", str(target))
    assert target.read_text() == "keep me"


def test_test_databases_of_finished_runs_are_cleared_away(tmp_path):
    """A killed test run leaves its SQLite file; the next run's settings remove it, not a live run's."""
    import os

    dead_pid = 2**22 + 12345  # above Linux's pid_max default: no such process
    left_over = [tmp_path / f"test-{dead_pid}.sqlite3", tmp_path / f"test-{dead_pid}.sqlite3-wal"]
    running = tmp_path / f"test-{os.getppid()}.sqlite3"  # the parent process is alive
    for path in [*left_over, running]:
        path.write_text("")
    name = env.sqlite_test_name(tmp_path, pid=os.getpid())
    assert name == str(tmp_path / f"test-{os.getpid()}.sqlite3")
    assert not any(path.exists() for path in left_over)
    assert running.exists()
