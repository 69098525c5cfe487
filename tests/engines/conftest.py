"""One WebKit and one Firefox for the whole run (each takes seconds to start), fresh for every test."""

import pytest

from tests.engines.phones import FirefoxPhone, WebKit, shots_folder
from tests.factories import PASSWORD


@pytest.fixture(scope="session")
def webkit_phone():
    phone = WebKit()
    yield phone
    phone.close()


@pytest.fixture(scope="session")
def firefox_phone():
    phone = FirefoxPhone()
    yield phone
    phone.close()


@pytest.fixture(params=["webkit", "firefox"])
def phone(request, live_server):
    """The phone of this engine, with no cookies and on no page: a person who has not logged in yet."""
    phone = request.getfixturevalue(f"{request.param}_phone")
    phone.base = live_server.url
    phone.forget(phone.base)
    yield phone
    phone.goto("about:blank")  # no stream left open to the live server when the database is emptied


@pytest.fixture
def signed_in(phone, owner):
    """The phone, logged in as the night's owner through the real login form."""
    phone.log_in(phone.base, owner, password=PASSWORD)
    return phone


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed journey leaves a screenshot of the phone in ENGINE_SHOTS (if set), to see what it saw."""
    report = yield
    phone = item.funcargs.get("phone")
    if report.failed and call.when == "call" and phone is not None and shots_folder():
        shots_folder().mkdir(parents=True, exist_ok=True)
        phone.screenshot(shots_folder() / f"failed-{item.name}.png")
    return report
