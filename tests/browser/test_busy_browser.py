"""A round saved while Companion is busy: the phone says so by the Save button and keeps the taps."""

import pytest
from playwright.sync_api import expect

from companion.models import Round
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BUSY = "Companion is busy saving something else. Nothing was saved: please try again in a moment."


def test_a_busy_answer_is_said_by_the_save_button_and_the_entry_is_kept(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="murlan", names=["Anna", "Beat", "Cla", "Dora"])
    page.goto(match.get_absolute_url())
    # The server's busy answer (companion/lib/busy.py), as a locked database would give it.
    # On the context, not the page: once the service worker controls the page, its requests
    # pass through the worker, which page.route does not see.
    page.context.route(
        f"**/matches/{match.pk}/rounds/",
        lambda route: route.fulfill(status=503, body=BUSY, content_type="text/plain; charset=utf-8"),
    )
    for name in ["Beat", "Anna", "Cla"]:  # Dora, the last, fills herself in
        page.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="Save hand").click()
    alert = page.get_by_role("alert").filter(has_text="Companion is busy")
    expect(alert).to_have_text(BUSY)
    expect(alert).to_be_in_viewport()
    expect(page.get_by_label("1st place")).to_have_value("1")  # Beat's seat: the taps are still there
    assert not Round.objects.filter(match=match).exists()

    page.context.unroute(f"**/matches/{match.pk}/rounds/")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator('.standing-total[data-player="Beat"]')).to_have_text("3")
    expect(page.get_by_role("alert").filter(has_text="Companion is busy")).to_have_count(0)
