"""Stored results cannot be corrupted unnoticed: the admin cannot write them, and
``rebuild_standings --check`` finds (and names) any difference that got in anyway."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from companion.models import Match, Round, Seat
from tests.factories import play_match, quick_murlan

pytestmark = pytest.mark.django_db

MOLOTOW_DEAL = {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}


def check() -> tuple[bool, str]:
    out = io.StringIO()
    try:
        call_command("rebuild_standings", "--check", stdout=out)
    except CommandError as error:
        return False, out.getvalue() + str(error)
    return True, out.getvalue()


@pytest.fixture
def molotow(night):
    return play_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], [MOLOTOW_DEAL] * 2)


def test_the_check_passes_when_every_stored_column_is_what_the_rounds_say(night, molotow):
    quick_murlan(night)
    ok, output = check()
    assert ok, output
    assert "The stored standings of 2 matches are what their rounds say." in output


def test_a_tampered_total_fails_the_check_naming_the_match_and_the_seat_and_changes_nothing(molotow):
    Seat.objects.filter(match=molotow, player__name="Cla").update(total=5)
    ok, output = check()
    assert not ok
    assert f"match {molotow.pk} (molotow): Cla's total is 5, the rounds say -2" in output
    assert "1 stored values differ" in output
    assert Seat.objects.get(match=molotow, player__name="Cla").total == 5  # --check writes nothing


@pytest.mark.parametrize(
    ("column", "value", "said"),
    [
        ("place", 4, "Anna's place is 4"),
        ("score", 9, "Anna's score is 9"),
        ("won", True, "Anna's won is True"),
    ],
)
def test_each_derived_seat_column_is_checked(night, column, value, said):
    match = quick_murlan(night, ("Anna", "Beat", "Cla"), finished=False)
    Seat.objects.filter(match=match, player__name="Anna").update(**{column: value})
    ok, output = check()
    assert not ok and said in output


def test_a_wrong_end_or_round_count_fails_the_check(night, molotow):
    Match.objects.filter(pk=molotow.pk).update(round_count=7)
    in_play = quick_murlan(night, finished=False)
    Match.objects.filter(pk=in_play.pk).update(finished_at=in_play.started_at)
    ok, output = check()
    assert not ok
    assert f"match {molotow.pk} (molotow): round_count is 7, there are 2 rounds" in output
    assert f"match {in_play.pk} (murlan): stored as finished, the rounds say otherwise" in output


def test_rounds_that_no_longer_score_fail_the_check(molotow):
    Round.objects.filter(match=molotow, number=2).update(entry={"points": {"Anna": 1}})
    ok, output = check()
    assert not ok and "the rounds no longer score" in output


def test_rebuilding_repairs_what_the_check_found(molotow):
    Seat.objects.filter(match=molotow).update(total=0, won=True)
    assert not check()[0]
    call_command("rebuild_standings", stdout=io.StringIO())
    ok, output = check()
    assert ok, output


# --- the admin ----------------------------------------------------------------------


@pytest.fixture
def admin_client(client, owner):
    owner.is_staff = owner.is_superuser = True
    owner.save()
    client.force_login(owner)
    return client


def test_the_admin_cannot_add_change_or_delete_a_round(admin_client, molotow):
    stored = Round.objects.get(match=molotow, number=1)
    assert admin_client.get(reverse("admin:companion_round_add")).status_code == 403
    change = reverse("admin:companion_round_change", args=[stored.pk])
    page = admin_client.get(change)
    assert page.status_code == 200 and b'name="entry"' not in page.content  # shown, not editable
    assert admin_client.post(change, {"number": 1, "entry": '{"points": {}}'}).status_code == 403
    assert admin_client.post(reverse("admin:companion_round_delete", args=[stored.pk])).status_code == 403
    assert Round.objects.get(pk=stored.pk).entry == MOLOTOW_DEAL


def test_the_admins_match_page_shows_results_and_rounds_without_fields_to_change_them(admin_client, molotow):
    page = admin_client.get(reverse("admin:companion_match_change", args=[molotow.pk])).content.decode()
    for field in (
        "total",
        "place",
        "score",
        "won",
        "entry",
        "options",
        "first_dealer",
        "round_count",
        "game",
    ):
        assert not re.search(rf'name="(?:[\w-]*-)?{field}"', page), field
    assert "Anna" in page  # the seats are shown


def test_saving_a_match_in_the_admin_keeps_its_results(admin_client, molotow):
    before = list(Seat.objects.filter(match=molotow).values_list("total", "place", "score", "won"))
    options = molotow.options
    url = reverse("admin:companion_match_change", args=[molotow.pk])
    data = {
        "night": molotow.night_id,
        "started_at_0": "2026-11-27",
        "started_at_1": "19:30:00",
        "created_by": "",
        "options": '{"rounds": 2}',
        "round_count": 99,
        "seats-TOTAL_FORMS": 0,
        "seats-INITIAL_FORMS": 0,
        "rounds-TOTAL_FORMS": 0,
        "rounds-INITIAL_FORMS": 0,
    }
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    molotow.refresh_from_db()
    assert molotow.options == options
    assert molotow.round_count == 2
    assert list(Seat.objects.filter(match=molotow).values_list("total", "place", "score", "won")) == before
    assert check()[0]


# --- as CI runs it ----------------------------------------------------------------------


def test_the_command_exits_0_on_seeded_data_and_1_on_a_difference(tmp_path):
    """``manage.py rebuild_standings --check`` in its own process, on a scratch SQLite database."""
    import os
    import sqlite3
    import subprocess
    import sys

    from django.conf import settings

    env = {**os.environ, "COMPANION_VAR_DIR": str(tmp_path), "DEBUG": "1"}
    env.pop("DATABASE_URL", None)

    def manage(*args):
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=settings.BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert manage("migrate", "--no-input", "-v", "0").returncode == 0
    assert manage("seed_demo", "--nights", "2", "--seed", "1").returncode == 0
    assert manage("rebuild_standings", "--check").returncode == 0
    with sqlite3.connect(tmp_path / "companion.sqlite3") as db:
        db.execute(
            "UPDATE companion_seat SET total = total + 1 WHERE id = (SELECT MIN(id) FROM companion_seat)"
        )
    done = manage("rebuild_standings", "--check")
    assert done.returncode == 1
    assert "'s total is" in done.stdout and "stored values differ" in done.stderr
