"""The strict Content-Security-Policy is on and nothing on the pages trips it, htmx included.

Every document listens for ``securitypolicyviolation`` from its first moment
(an init script, which the page's own policy does not govern), and Chromium's
console reports any refused script, style or image; both must stay empty while
the phone logs in, opens the start page and a Murlan match and saves a hand
through htmx.
"""

import pytest
from playwright.sync_api import expect

from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""


@pytest.fixture
def watched(page):
    """The phone, with every CSP violation and console error recorded."""
    page.add_init_script(LISTEN)
    console = []
    page.on("console", lambda message: message.type == "error" and console.append(message.text))
    page.console_errors = console
    return page


def violations(page) -> list[str]:
    return page.evaluate("window.__violations")


def test_login_start_page_and_an_htmx_round_run_under_the_policy(watched, owner, night):
    page = watched
    match = MatchFactory(night=night, game="murlan", names=["Anna", "Beat", "Cla", "Dora"])

    response = page.goto("/login/")
    policy = response.headers["content-security-policy"]
    assert (
        "script-src 'self'" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    )
    page.get_by_label("Username").fill(owner.username)
    page.get_by_label("Password").fill("a-long-test-password-42")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
    expect(page.get_by_role("link", name="Friday cards")).to_be_visible()
    assert violations(page) == []

    response = page.goto(match.get_absolute_url())
    assert "content-security-policy" in response.headers
    posts = []
    # The save's own request (the live preview asks too, with fetch, as the taps come in).
    saving = match.get_absolute_url() + "rounds/"
    page.on(
        "request",
        lambda request: request.method == "POST" and request.url.endswith(saving) and posts.append(request),
    )
    for name in ["Anna", "Beat", "Cla"]:  # Dora, the last, fills herself in
        page.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="Save hand").click()
    # The standings change at the tap (the live preview's); the next hand's heading is the save's answer.
    expect(page.get_by_role("heading", name="Enter: Hand 2", exact=True)).to_be_attached()
    expect(page.locator('.standing-total[data-player="Anna"]')).to_have_text("3")
    expect(page.locator('.standing-total[data-player="Dora"]')).to_have_text("0")

    assert [request.headers.get("hx-request") for request in posts] == ["true"], "saved through htmx"
    assert page.url.endswith(match.get_absolute_url()), "no full page load"
    assert violations(page) == []
    assert [text for text in page.console_errors if "Content Security Policy" in text] == []
    # htmx was told not to add its indicator <style>: the only styles are the linked sheets.
    assert page.evaluate("document.querySelectorAll('style').length") == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_script_in_the_head_runs_under_the_policy_before_the_page_is_drawn(watched, scheme):
    page = watched
    page.emulate_media(color_scheme=scheme)
    page.add_init_script(
        """new MutationObserver((_, observer) => {
             if (document.body) { window.__atBody = document.documentElement.className; observer.disconnect(); }
           }).observe(document, { childList: true, subtree: true });"""
    )
    page.goto("/login/")
    assert page.evaluate("window.__atBody") == "js"  # set before <body> existed, so before any paint
    assert page.evaluate("document.documentElement.dataset.bsTheme") == scheme
    assert violations(page) == []
    assert [text for text in page.console_errors if "Content Security Policy" in text] == []


def test_the_logo_written_into_the_scoreboard_is_drawn_under_the_policy_with_no_request_for_it(
    watched, logged_in, night
):
    page = watched
    match = MatchFactory(night=night, game="molotow", names=["Anna", "Beat", "Cla", "Dora"])
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(match.get_absolute_url())
    logo = page.get_by_role("link", name="Companion")
    expect(logo).to_be_visible()
    # Drawn: a data: image the policy refused would have no width.
    assert logo.locator("img").evaluate("image => image.complete && image.naturalWidth") > 0
    assert [url for url in fetched if "favicon" in url or url.startswith("data:")] == []
    assert violations(page) == []
    assert [text for text in page.console_errors if "Content Security Policy" in text] == []
