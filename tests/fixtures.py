"""Fixtures shared by the whole suite: the four personas and a night with a match.

A pytest plugin (``-p tests.fixtures`` in pyproject.toml), so the tests in each game's
folder (``companion/games/<game>/tests/``) have them as well as those in ``tests/``.
It is loaded before Django is set up: the models are imported inside the fixtures.
"""

import asyncio
import fcntl
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings
from django.utils import translation

import tests.properties  # noqa: F401  (loads the Hypothesis profile: thorough on CI, light locally)

# Playwright's sync API runs an event loop in the test thread; Django must not
# mistake that for async code touching the database (live_server tests).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# The static files as `make serve` has them: hashed names and .gz/.br copies.
PRODUCTION_STATIC = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "companion.lib.static_files.MinifiedStaticFilesStorage"},
}


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory, worker_id):
    """The static files collected once per test run with the production storage.

    Collecting compresses every file (gzip and Brotli) and takes seconds, so the tests
    that need the manifest share one collection: use it with
    ``override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static)``.
    Under pytest-xdist the first worker to ask collects into the run's shared temporary
    folder while the others wait on the lock, then read the same files.
    """
    run_dir = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        run_dir = run_dir.parent  # shared by the workers of this run, and only by them
    root = run_dir / "staticfiles"
    with open(run_dir / "staticfiles.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / "staticfiles.json").exists():
            with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=root):
                call_command("collectstatic", interactive=False, verbosity=0)
    return root


def pytest_configure(config):
    """Compile the translation catalogues (a few milliseconds), so every test run,
    however started, sees the German of the .po it runs with."""
    from companion.i18n.catalogue import compile_catalogues

    compile_catalogues()


@pytest.fixture(scope="session", autouse=True)
def plain_static_files():
    """Serve static files from the source folders, unhashed, so the live server's static
    handler finds them. The hashed, compressed production storage has its own test
    (tests/serving/test_static.py), which also catches a template naming a missing file."""
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # A fast hasher: the real one takes about a second per persona by design.
    fast_hashers = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with override_settings(STORAGES=storages, PASSWORD_HASHERS=fast_hashers):
        yield


@pytest.fixture(scope="session", autouse=True)
def immediate_tasks():
    """Tasks run at once, in the test's own transaction, so a test sees the review work of a save
    as soon as the save returns (production: a worker runs them after the commit)."""
    with override_settings(
        TASKS={"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    ):
        yield


@pytest.fixture(scope="session", autouse=True)
def live_relay_off():
    """The live channel hands news to the streams of its own process (every test's live server is
    in the test's process); the relay thread that hears other processes through the database would
    outlive each test's database. The tests of the relay start it themselves (tests/live/test_live_relay.py)."""
    from companion.live.hub import hub

    started, hub.on_first_listener = hub.on_first_listener, None
    yield
    hub.on_first_listener = started


@pytest.fixture(autouse=True)
def empty_cache():
    """Every test starts with an empty cache: cached scoreboards must not cross tests."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def owner(db):
    from tests.factories import UserFactory

    return UserFactory(username="owner")


@pytest.fixture
def member(db):
    from tests.factories import UserFactory

    return UserFactory(username="member")


@pytest.fixture
def outsider(db):
    from tests.factories import UserFactory

    return UserFactory(username="outsider")


@pytest.fixture
def night(owner, member):
    from tests.factories import GameNightFactory

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


@pytest.fixture(autouse=True)
def _language_of_each_test_is_its_own():
    """A test that switches to German (translation.activate) leaves the next test in English."""
    yield
    translation.deactivate()


def run_async(coroutine):
    """``asyncio.run(coroutine)`` in a thread of its own.

    A test worker that has run a browser test keeps Playwright's event loop running in its
    main thread, where ``asyncio.run`` refuses to start another one.
    """
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
