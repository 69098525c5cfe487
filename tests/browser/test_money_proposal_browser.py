"""A member proposes a price on a phone; the host, in Swiss German, accepts it on the night page and the
settle-up follows (issue 36, finding 10)."""

import pytest
from playwright.sync_api import expect

from tests.browser.fixtures import log_in
from tests.browser.test_settle_up_browser import fits_the_phone, night_of_cards, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_member_proposes_a_price_and_the_host_accepts_it_on_the_night_page(
    page, german_logged_in, owner, member
):
    night = night_of_cards(owner)
    night.members.add(member)

    log_in(page, member)
    page.goto(f"/nights/{night.pk}/edit/")
    expect(page.get_by_role("group", name="Playing for money: your proposal")).to_be_visible()
    page.get_by_label("Free scoring: CHF per point").fill("0.20")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/nights/{night.pk}/")
    waiting = page.get_by_role("region", name="Proposed: what the night plays for")
    expect(waiting.get_by_text("Your proposal waits for owner to accept it")).to_be_visible()
    expect(waiting.get_by_role("button", name="Accept")).to_have_count(0)
    expect(page.get_by_role("region", name="Settle up")).to_have_count(0)  # nothing changed yet
    assert fits_the_phone(page)

    host = german_logged_in
    host.goto(f"/nights/{night.pk}/")
    proposal = host.get_by_role("region", name="Vorgeschlagen: worum der Abend gespielt wird")
    expect(proposal.get_by_text("member schlägt vor:")).to_be_visible()
    expect(proposal.get_by_text("«keine» → «Freie Wertung: 0,20\u00a0CHF pro Punkt»")).to_be_visible()
    assert fits_the_phone(host)
    shot(host, "night-money-proposal.png")
    proposal.get_by_role("button", name="Annehmen").click()

    expect(host.get_by_role("status")).to_have_text(
        "Angenommen: Der Abend wird jetzt um das gespielt, was member vorgeschlagen hat."
    )
    expect(host.get_by_role("button", name="Annehmen")).to_have_count(0)
    # The night page's live part follows the new prices by itself.
    expect(
        host.get_by_role("region", name="Abrechnen").get_by_text("Dora zahlt Anna 2,40\u00a0CHF.")
    ).to_be_visible()
    assert host.url.endswith(f"/nights/{night.pk}/")
