"""While a save is under way the page does only what the person sees (issue 17).

Save changes at once when tapped and while it is disabled during the save: Bootstrap's
.15 s colour transition animated the button on the main thread, a frame every 16 ms, in
the very moments the server renders the answer on the same cores.
"""

import pytest

from tests.browser.test_offline_browser import open_match
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=["Anna", "Beat", "Cla", "Dora"])


def test_save_changes_at_once_when_tapped_and_while_saving(logged_in, molotow):
    page = logged_in
    open_match(page, molotow)
    save = page.get_by_role("button", name="Save round")
    assert save.evaluate("button => getComputedStyle(button).transitionDuration") == "0s"
    disabled = "button => { button.disabled = true; return getComputedStyle(button).transitionDuration; }"
    assert save.evaluate(disabled) == "0s"
