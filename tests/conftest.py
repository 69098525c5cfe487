"""Fixtures shared by the whole suite: the four personas and a night with a match."""

import os

import pytest
from django.conf import settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tests.factories import GameNightFactory, UserFactory

# Playwright's sync API runs an event loop in the test thread; Django must not
# mistake that for async code touching the database (live_server tests).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Property tests check rules, not speed: a busy CI machine must not fail them on a
# per-example deadline. A failure prints the blob that reproduces it.
hypothesis_settings.register_profile(
    "companion", deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("companion")


def pytest_configure(config):
    """Compile the translation catalogues (a few milliseconds), so every test run,
    however started, sees the German of the .po it runs with."""
    from companion.i18n.catalogue import compile_catalogues

    compile_catalogues()


@pytest.fixture(scope="session", autouse=True)
def plain_static_files():
    """Serve static files from the source folders, unhashed, so the live server's static
    handler finds them. The hashed, compressed production storage has its own test
    (tests/test_static.py), which also catches a template naming a missing file."""
    from django.test import override_settings

    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # A fast hasher: the real one takes about a second per persona by design.
    fast_hashers = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with override_settings(STORAGES=storages, PASSWORD_HASHERS=fast_hashers):
        yield


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
