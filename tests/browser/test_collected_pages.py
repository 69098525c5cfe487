"""The pages as ``make serve`` sends them: collected, minified, bundled files (companion/lib/static_files.py).

The other browser tests run the sources as written (tests/fixtures.py serves them unhashed);
here the templates name the collected files, and the phone gets them from the collection,
so a bundle that leaves out a part, or joins two in a way that breaks, fails a page here.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.fixtures import log_in
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = [("molotow", 4), ("anrufen", 3), ("elfer", 4), ("murlan", 4), ("counter", 2)]


def test_every_games_scoreboard_runs_from_the_bundles_and_a_molotow_deal_saves(collected_page, owner, night):
    page = collected_page
    log_in(page, owner)
    assert [name for name in page.served if name.startswith("site.")], page.served
    expect(page.get_by_role("link", name="Friday cards")).to_be_visible()

    names = ["Anna", "Beat", "Cla", "Dora"]
    for game, players in GAMES:
        match = MatchFactory(night=night, game=game, names=names[:players])
        page.goto(match.get_absolute_url())
        expect(page.locator("form.entry-form")).to_have_attribute(
            "data-enhanced", "1"
        )  # match.js ran the game's enhancer
        assert page.evaluate("typeof window.htmx") == "object"
        assert page.evaluate("window.__violations") == []
    served = {re.sub(r"\.[0-9a-f]{12}\.", ".", name) for name in page.served}
    # A match page: its one style sheet (table-<game>.css) and the game's script bundle.
    assert served >= {name for game, _players in GAMES for name in (f"table-{game}.css", f"{game}.js")}
    assert not [
        name for name in page.served if name.startswith(("outbox.", "match.", "app.", "entry.", "game."))
    ]

    match = MatchFactory(night=night, game="molotow", names=names)
    page.goto(match.get_absolute_url())
    for name, points in [("Anna", "90"), ("Beat", "9"), ("Cla", "34")]:
        page.get_by_role("textbox", name=name, exact=True).fill(points)
    expect(page.get_by_role("textbox", name="Dora", exact=True)).to_have_value("24")  # entry.js
    with page.expect_request(
        lambda request: request.method == "POST" and request.url.endswith("/rounds/")
    ) as posted:
        page.get_by_role("button", name="Save round").click()
    assert posted.value.headers.get("hx-request") == "true"
    expect(page.get_by_role("heading", name=re.compile("Enter: Round 2 of 12"))).to_be_visible()
    assert page.evaluate("window.__violations") == []
