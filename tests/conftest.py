"""Fixtures shared by the whole suite: the four personas and a night with a match."""

import os

import pytest

from tests.factories import GameNightFactory, UserFactory

# Playwright's sync API runs an event loop in the test thread; Django must not
# mistake that for async code touching the database (live_server tests).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session", autouse=True)
def collected_static():
    """Tests run with DEBUG off, so static files come hashed and compressed from STATIC_ROOT,
    exactly as in production: a template naming a missing file fails its test."""
    from django.core.management import call_command

    call_command("collectstatic", interactive=False, verbosity=0)


@pytest.fixture
def owner(db):
    return UserFactory(username="owner")


@pytest.fixture
def member(db):
    return UserFactory(username="member")


@pytest.fixture
def outsider(db):
    return UserFactory(username="outsider")


@pytest.fixture
def night(owner, member):
    night = GameNightFactory(owner=owner, title="Friday cards")
    night.members.add(member)
    return night


@pytest.fixture
def persona_client(client, owner, member, outsider):
    """``persona_client("member")`` is a test client logged in as that persona."""

    users = {"owner": owner, "member": member, "outsider": outsider}

    def login_as(name: str):
        if name != "anonymous":
            client.force_login(users[name])
        return client

    return login_as
