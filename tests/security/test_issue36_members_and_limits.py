"""Safe to host, round four (issue 36): what a member or a stranger could still do to others.

Each test names the finding it checks.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from companion.invites import services as invites
from companion.models import Invite
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def make_invite(night, **kwargs) -> Invite:
    return invites.create(night, user=night.owner, **{"hours": 24, "single_use": False, **kwargs})


# --- 7. a removed member does not come back through another invite made before ----------------


def test_a_removed_member_cannot_rejoin_with_another_invite_made_before_the_removal(
    persona_client, night, member
):
    used, other = make_invite(night), make_invite(night)
    night.memberships.filter(user=member).delete()
    persona_client("member").post(reverse("invite_accept", args=[used.token]))
    assert night.members.filter(pk=member.pk).exists()

    persona_client("owner").post(reverse("night_member_remove", args=[night.pk, member.pk]))
    phone = persona_client("member")
    page = phone.get(reverse("invite", args=[other.token])).content.decode()
    phone.post(reverse("invite_accept", args=[other.token]))

    assert not night.members.filter(pk=member.pk).exists()
    assert "this invite is older than that" in page.replace("&#x27;", "'")


def test_a_removed_member_comes_back_with_an_invite_made_after_the_removal(persona_client, night, member):
    persona_client("owner").post(reverse("night_member_remove", args=[night.pk, member.pk]))
    later = make_invite(night)
    Invite.objects.filter(pk=later.pk).update(created_at=timezone.now() + datetime.timedelta(seconds=1))

    persona_client("member").post(reverse("invite_accept", args=[later.token]))

    assert night.members.filter(pk=member.pk).exists()


def test_a_member_who_left_needs_an_invite_made_after_she_left(persona_client, night, member):
    older = make_invite(night)
    phone = persona_client("member")
    phone.post(reverse("night_leave", args=[night.pk]))
    phone.post(reverse("invite_accept", args=[older.token]))
    assert not night.members.filter(pk=member.pk).exists()


# --- 8. the IPv6 login limit counts the /56 and the /48 too ----------------------------------


def log_in(client, username, password, address):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def test_guesses_from_30_different_64s_of_one_56_are_locked(client, owner):
    """The probe: 30 different /64s of one /56, never locked."""
    answers = [log_in(client, "owner", "wrong", f"2001:db8:5:{n:x}::1").status_code for n in range(1, 31)]
    assert answers.index(429) == 9  # the tenth guess, as the /64's fifth
    assert set(answers[9:]) == {429}
    assert log_in(client, "owner", PASSWORD, "2001:db8:6::1").status_code == 302  # another /48


def test_guesses_from_many_56s_of_one_48_are_locked_after_twenty(client, owner):
    """The probe: a free /48 gave 65,536 times 5 guesses per 15 minutes per name."""
    answers = [log_in(client, "owner", "wrong", f"2001:db8:7:{n:x}00::1").status_code for n in range(1, 41)]
    assert answers.index(429) == 19
    assert set(answers[19:]) == {429}


def test_a_few_typos_in_one_56_lock_nobody_out(client, owner):
    for n in range(1, 5):
        assert log_in(client, "owner", "wrong", f"2001:db8:8:{n:x}::1").status_code == 200
    assert log_in(client, "owner", PASSWORD, "2001:db8:8:9::1").status_code == 302


# --- 9. a night's notes have a size limit, on the page and in an imported file -------------------


def test_night_notes_longer_than_2000_characters_are_refused_and_nothing_changes(persona_client, night):
    data = {"title": night.title, "date": night.date.isoformat(), "place": "", "currency": "CHF"}
    client = persona_client("owner")
    refused = client.post(reverse("night_edit", args=[night.pk]), {**data, "notes": "x" * 2_400_000})
    kept = client.post(reverse("night_edit", args=[night.pk]), {**data, "notes": "x" * 2000})
    assert refused.status_code == 200 and "at most 2000 characters" in refused.content.decode()
    assert kept.status_code == 302
    night.refresh_from_db()
    assert night.notes == "x" * 2000


def test_an_imported_night_with_endless_notes_is_refused():
    from companion.transfer.reading import NightFileError, read_night

    about = {"title": "Friday", "date": "2026-11-27", "place": "", "notes": "x" * 2001}
    with pytest.raises(NightFileError, match="longer than 2000"):
        read_night({"game_night": about, "matches": []})
    assert read_night({"game_night": {**about, "notes": "x" * 2000}, "matches": []}).notes == "x" * 2000


# --- 9. var/ (the database, the secret key, backups) is the server account's alone ---------------


def test_the_makefile_creates_var_readable_by_its_owner_only(tmp_path):
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    var = tmp_path / "var"
    subprocess.run(["make", "-s", "-C", str(root), f"VAR={var}", f"{var}/secret_key"], check=True, timeout=60)
    assert var.stat().st_mode & 0o777 == 0o700
    assert (var / "secret_key").stat().st_mode & 0o777 == 0o600


# --- 9. a PostgreSQL restart is "busy, try again" (503), not a server error ----------------------


@pytest.mark.parametrize("sqlstate", ["57P01", "57P02", "57P03", "08006", "08001"])
def test_a_postgresql_restart_is_a_busy_database(sqlstate):
    from django.db import InterfaceError, OperationalError

    from companion.lib.busy import is_busy

    error = OperationalError("terminating connection due to administrator command")
    error.__cause__ = type("Restart", (Exception,), {"sqlstate": sqlstate})()
    assert is_busy(error)
    assert is_busy(InterfaceError("connection already closed"))
    syntax = OperationalError("syntax")
    syntax.__cause__ = type("Broken", (Exception,), {"sqlstate": "42601"})()
    assert not is_busy(syntax)


# --- 9. at logout the session is gone before the streams hear of it ------------------------------


def test_the_streams_hear_of_a_logout_only_once_the_session_is_gone(client, owner, monkeypatch):
    from django.contrib.sessions.models import Session

    from companion import live

    client.force_login(owner)
    key = client.session.session_key
    heard = []
    monkeypatch.setattr(
        live,
        "announce",
        lambda *topics, **kw: heard.append((topics, Session.objects.filter(pk=key).exists())),
    )
    client.post(reverse("logout"))
    assert heard == [((live.user_topic(owner.pk),), False)]


# --- 9. old-password guesses count per browser too; reset mails per address --------------------


def test_old_password_guesses_from_ever_new_addresses_are_locked_after_five(client, owner):
    client.force_login(owner)
    url = reverse("password_change")
    new = "a-new-long-password-43"
    data = {"old_password": "wrong", "new_password1": new, "new_password2": new}
    answers = [client.post(url, data, REMOTE_ADDR=f"192.0.2.{n}").status_code for n in range(1, 8)]
    assert answers == [200] * 5 + [429] * 2


@pytest.mark.django_db(transaction=True)
def test_one_inbox_gets_five_reset_links_per_cool_off_however_many_addresses_ask(client, owner):
    from django.core import mail
    from django.test import override_settings

    from companion.accounts import mailing

    owner.email = "owner@example.org"
    owner.save()
    with override_settings(EMAIL_ENABLED=True, EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
        answers = [
            client.post(
                reverse("password_reset"), {"email": "owner@example.org"}, REMOTE_ADDR=f"198.51.100.{n}"
            )
            for n in range(1, 11)
        ]
        mailing.drain()
    assert {answer.status_code for answer in answers} == {302}  # the same answer every time
    assert len(mail.outbox) == 5


# --- 10. what a night plays for belongs to its owner ------------------------------------------


def test_a_member_cannot_change_a_nights_prices_or_currency_but_the_owner_can(persona_client, night):
    night.currency, night.prices = "CHF", {"molotow": 20}
    night.save()
    data = {"title": night.title, "date": night.date.isoformat(), "place": "", "notes": ""}
    flipped = {**data, "currency": "EUR", "price_molotow": "5"}
    member_page = persona_client("member").get(reverse("night_edit", args=[night.pk])).content.decode()
    persona_client("member").post(reverse("night_edit", args=[night.pk]), {**flipped, "title": "Renamed"})
    night.refresh_from_db()
    assert (night.title, night.currency, night.prices) == ("Renamed", "CHF", {"molotow": 20})
    # What the member typed is a proposal, waiting for the owner (tests/nights/test_money_proposal.py).
    assert "Playing for money: your proposal" in member_page
    assert (night.money_proposal.currency, night.money_proposal.prices) == ("EUR", {"molotow": 500})

    persona_client("owner").post(reverse("night_edit", args=[night.pk]), flipped)
    night.refresh_from_db()
    assert (night.currency, night.prices) == ("EUR", {"molotow": 500})
