"""Playwright driving Debian's Chromium against pytest-django's live_server, phone-sized.

`make test` installs Chromium (as root, with apt) before the suite runs, so
these tests are never skipped: a missing browser fails them loudly.
"""

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.factories import PASSWORD


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, has_touch=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def logged_in(page, owner):
    """The phone, logged in as the night's owner through the real login form."""
    page.goto("/login/")
    page.get_by_label("Username").fill(owner.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
    return page
