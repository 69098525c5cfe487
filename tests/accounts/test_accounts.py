"""Accounts (issue 14): signing up, changing and resetting a password, the host's reset links,
SIGNUP and EMAIL_URL; and no form tells whether a username exists.

The enumeration rule: every form that takes a username (or an e-mail address) gives
the same answer for a taken and a free one, except the sign-up form's own "taken"
message, which is only shown behind a working invite (or with SIGNUP=open).
"""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.urls import reverse
from environs import EnvError

from companion.accounts import mailing
from companion.invites import services as invites
from companion.lib.env import email, env
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "cards-at-claudias-42"
# What differs in every answer by design: the masked CSRF token and the CSP nonce.
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"|"X-CSRFToken": "[^"]+"|nonce="[^"]+"')


def same_answer(first, second, typed: tuple[str, str] = ("", "")) -> bool:
    """Same status, same redirect and the same page, apart from the CSRF token and what was typed."""

    def page(response, name):
        text = CSRF.sub("", response.content.decode())
        return text.replace(f'value="{name}"', 'value="TYPED"') if name else text

    return (
        first.status_code == second.status_code
        and first.get("Location") == second.get("Location")
        and page(first, typed[0]) == page(second, typed[1])
    )


def signup_data(username: str) -> dict:
    return {"username": username, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}


# --- enumeration ------------------------------------------------------------------------


def test_login_answers_the_same_for_a_taken_and_a_free_username(client, owner):
    taken = client.post(
        reverse("login"), {"username": "owner", "password": "wrong-one"}, REMOTE_ADDR="192.0.2.1"
    )
    free = client.post(
        reverse("login"), {"username": "nobody", "password": "wrong-one"}, REMOTE_ADDR="192.0.2.2"
    )
    assert taken.status_code == 200
    assert "Please enter a correct username and password" in taken.content.decode()
    assert same_answer(taken, free, typed=("owner", "nobody"))


def test_sign_up_without_an_invite_shows_no_form_and_answers_the_same(client, owner):
    taken = client.post(reverse("signup"), signup_data("owner"))
    free = client.post(reverse("signup"), signup_data("nobody"))
    assert same_answer(taken, free)
    page = taken.content.decode()
    assert "You need an invite" in page and 'name="username"' not in page
    assert not User.objects.filter(username="nobody").exists()


@override_settings(SIGNUP="closed")
def test_closed_sign_up_says_to_ask_the_host(client, night):
    page = client.get(reverse("signup")).content.decode()
    assert "New accounts are made by the host" in page
    invite = invites.create(night, user=night.owner, hours=24, single_use=False)
    # The invite still works for existing accounts, but offers no sign-up form.
    assert 'name="password1"' not in client.get(reverse("invite", args=[invite.token])).content.decode()
    response = client.post(reverse("invite_signup", args=[invite.token]), signup_data("newcomer"))
    assert response.status_code == 403
    assert not User.objects.filter(username="newcomer").exists()


@pytest.mark.django_db(transaction=True)  # the link is sent after the answer, by another connection
@override_settings(EMAIL_ENABLED=True, EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_reset_by_email_answers_the_same_for_a_known_and_an_unknown_address(client, owner):
    owner.email = "owner@example.org"
    owner.save()
    known = client.post(reverse("password_reset"), {"email": "owner@example.org"})
    unknown = client.post(reverse("password_reset"), {"email": "ghost@example.org"})
    assert same_answer(known, unknown)
    mailing.drain()
    assert known["Location"] == reverse("password_reset_done")
    assert [message.to for message in mail.outbox] == [["owner@example.org"]]
    link = re.search(r"https?://\S+/reset/\S+/", mail.outbox[0].body).group(0)
    form = client.get(link, follow=True)
    assert form.status_code == 200 and "Choose a new password" in form.content.decode()


def test_without_email_the_reset_page_says_to_ask_the_host(client, owner):
    page = client.post(reverse("password_reset"), {"email": "owner@example.org"}).content.decode()
    assert "Ask the host of this Companion for a reset link" in page
    assert not mail.outbox


def test_sign_up_behind_a_working_invite_says_when_a_name_is_taken(client, night):
    invite = invites.create(night, user=night.owner, hours=24, single_use=False)
    response = client.post(reverse("invite_signup", args=[invite.token]), signup_data("OWNER"))
    assert response.status_code == 400
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.filter(username__iexact="owner").count() == 1


def test_sign_up_refusals_count_against_the_login_limit(client, night):
    invite = invites.create(night, user=night.owner, hours=24, single_use=False)
    url = reverse("invite_signup", args=[invite.token])
    statuses = [client.post(url, signup_data("owner"), REMOTE_ADDR="192.0.2.9").status_code for _ in range(6)]
    assert statuses[:4] == [400] * 4
    assert statuses[-1] == 429


def test_many_sign_up_refusals_from_one_address_lock_that_address(client, night, settings):
    invite = invites.create(night, user=night.owner, hours=24, single_use=False)
    url = reverse("invite_signup", args=[invite.token])
    mismatched = {"password1": NEW_PASSWORD, "password2": "something-else-42"}
    for attempt in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        client.post(url, {"username": f"probe{attempt}", **mismatched}, REMOTE_ADDR="192.0.2.9")
    # Locked out, even a free name with a good password makes no account from this address.
    response = client.post(url, signup_data("fresh"), REMOTE_ADDR="192.0.2.9")
    assert response.status_code == 429
    assert not User.objects.filter(username="fresh").exists()


@override_settings(EMAIL_ENABLED=True, EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_reset_requests_count_against_the_login_limit(client, owner):
    statuses = [
        client.post(
            reverse("password_reset"), {"email": "x@example.org"}, REMOTE_ADDR="192.0.2.8"
        ).status_code
        for _ in range(6)
    ]
    assert statuses[0] == 302
    assert statuses[-1] == 429


# --- SIGNUP=open -------------------------------------------------------------------------------


@override_settings(SIGNUP="open")
def test_open_sign_up_makes_an_account_and_logs_it_in(client):
    response = client.post(reverse("signup"), signup_data("newcomer"))
    assert response.status_code == 302
    newcomer = User.objects.get(username="newcomer")
    assert client.session["_auth_user_id"] == str(newcomer.pk)
    assert not newcomer.is_staff and not newcomer.member_nights.exists()


def test_sign_up_refuses_a_weak_password_in_place(client, night):
    invite = invites.create(night, user=night.owner, hours=24, single_use=False)
    data = {"username": "newcomer", "password1": "123", "password2": "123"}
    response = client.post(reverse("invite_signup", args=[invite.token]), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "This password is too short" in page and 'value="newcomer"' in page
    assert not User.objects.filter(username="newcomer").exists()


# --- change and reset a password -------------------------------------------------------------------


def test_changing_the_password(persona_client, member):
    response = persona_client("member").post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.check_password(NEW_PASSWORD)


def test_a_wrong_old_password_changes_nothing(persona_client, member):
    response = persona_client("member").post(
        reverse("password_change"),
        {"old_password": "not-it", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 200
    member.refresh_from_db()
    assert member.check_password(PASSWORD)


@pytest.fixture
def host(db):
    return UserFactory(username="host", is_superuser=True, is_staff=True)


def use_reset_link(client, url: str, password: str = NEW_PASSWORD):
    form = client.get(url, follow=True)
    return client.post(form.redirect_chain[-1][0], {"new_password1": password, "new_password2": password})


def test_the_host_makes_a_one_time_reset_link(client, host, member):
    client.force_login(host)
    assert "member" in client.get(reverse("account_list")).content.decode()
    page = client.post(reverse("account_reset_link", args=[member.pk])).content.decode()
    url = re.search(r'value="(http://testserver/reset/[^"]+)"', page).group(1)
    stranger = client.__class__()
    response = use_reset_link(stranger, url)
    assert response["Location"] == reverse("password_reset_complete")
    member.refresh_from_db()
    assert member.check_password(NEW_PASSWORD)
    # Once used, the link is dead.
    again = stranger.get(url, follow=True).content.decode()
    assert "This reset link does not work any more" in again


@pytest.mark.parametrize("persona", ["owner", "member"])
def test_only_the_host_makes_reset_links(persona_client, member, persona):
    client = persona_client(persona)
    assert client.get(reverse("account_list")).status_code == 404
    assert client.post(reverse("account_reset_link", args=[member.pk])).status_code == 404


def test_manage_py_reset_link_prints_a_working_link(client, member):
    out = StringIO()
    call_command("reset_link", "member", "--base-url", "http://cards.lan:8000/", stdout=out)
    url = out.getvalue().strip()
    assert url.startswith("http://cards.lan:8000/reset/")
    use_reset_link(client, url.replace("http://cards.lan:8000", ""))
    member.refresh_from_db()
    assert member.check_password(NEW_PASSWORD)


def test_manage_py_reset_link_names_an_unknown_account():
    with pytest.raises(CommandError, match="no account called 'ghost'"):
        call_command("reset_link", "ghost")


# --- settings --------------------------------------------------------------------------------------


def test_signup_setting_takes_three_values(monkeypatch):
    ways = ("invite-only", "open", "closed")
    monkeypatch.delenv("SIGNUP", raising=False)
    assert env.choice("SIGNUP", "invite-only", choices=ways) == "invite-only"
    monkeypatch.setenv("SIGNUP", "Open")
    assert env.choice("SIGNUP", "invite-only", choices=ways) == "open"
    monkeypatch.setenv("SIGNUP", "yes")
    with pytest.raises(EnvError, match=r"SIGNUP.*must be one of"):
        env.choice("SIGNUP", "invite-only", choices=ways)


def test_email_url_is_read_into_djangos_settings():
    assert email(None)["EMAIL_ENABLED"] is False
    smtp = email("smtp://cards%40example.org:s%3Acret@mail.example.org")
    assert (smtp["EMAIL_HOST"], smtp["EMAIL_PORT"], smtp["EMAIL_USE_TLS"]) == ("mail.example.org", 587, True)
    assert (smtp["EMAIL_HOST_USER"], smtp["EMAIL_HOST_PASSWORD"]) == ("cards@example.org", "s:cret")
    assert email("smtps://mail.example.org")["EMAIL_PORT"] == 465
    assert email("console://")["EMAIL_BACKEND"].endswith("console.EmailBackend")
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        email("http://mail.example.org")
