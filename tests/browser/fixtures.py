"""Playwright driving Debian's Chromium against pytest-django's live_server, phone-sized.

A pytest plugin (``-p tests.browser.fixtures`` in pyproject.toml), so each game's browser
tests (``companion/games/<game>/tests/``) have the same phones as ``tests/browser/``.

`make test` installs Chromium (as root, with apt) before the suite runs, so
these tests are never skipped: a missing browser fails them loudly.
"""

from urllib.parse import urlsplit

import pytest
from django.test import override_settings
from playwright.sync_api import sync_playwright

from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.browser.in_flight import count_requests
from tests.fixtures import PRODUCTION_STATIC


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def live_server(live_server):
    """pytest-django's live server, which has answered every request when the test ends.

    Fixtures that open browsers depend on this one, so they close them before it
    waits; the database is emptied only after that (see tests/browser/in_flight.py).
    """
    in_flight = count_requests(live_server)
    in_flight.open()
    yield live_server
    in_flight.close_and_wait()


def phone_page(browser, live_server, locale: str):
    """A phone whose browser asks for ``locale`` (its Accept-Language and navigator.language)."""
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, has_touch=True, locale=locale)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(browser, live_server):
    yield from phone_page(browser, live_server, "en-US")


@pytest.fixture
def german_page(browser, live_server):
    """A phone set to Swiss German, as at a Jass table in Zurich."""
    yield from phone_page(browser, live_server, "de-CH")


def log_in(page, user):
    """Sign ``user`` in through the real login form, in English, and wait for the home page."""
    from tests.factories import PASSWORD

    page.goto("/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")


@pytest.fixture
def logged_in(page, owner):
    """The phone, logged in as the night's owner through the real login form."""
    log_in(page, owner)
    return page


@pytest.fixture
def german_logged_in(german_page, owner):
    """The Swiss German phone, logged in as the night's owner through the real login form."""
    from tests.factories import PASSWORD

    german_page.goto("/login/")
    german_page.get_by_label("Benutzername").fill(owner.username)
    german_page.get_by_label("Passwort").fill(PASSWORD)
    german_page.get_by_role("button", name="Anmelden").click()
    german_page.wait_for_url("**/")
    return german_page


# The page's Content-Security-Policy violations, kept in window.__violations for a test to read.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


@pytest.fixture
def collected_page(page, collected_static):
    """The phone, with the templates naming the collected files and the static files served from them."""
    served = []

    def from_collection(route):
        path = collected_static / urlsplit(route.request.url).path.removeprefix("/static/")
        served.append(path.name)
        if path.is_file():
            route.fulfill(path=path)
        else:
            route.fulfill(status=404, body="not collected")

    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        page.add_init_script(LISTEN)
        page.route("**/static/**", from_collection)
        page.served = served
        yield page
