"""A round saved offline waits on the phone and is sent once when the connection is back, in both engines.

Firefox goes offline through its own network emulation (WebDriver BiDi), so navigator.onLine and the
"offline"/"online" events are the engine's. WebKit cannot be taken offline over WebDriver: its page is
told by script (see ``WebKit.offline``) and its requests would still go through, so there the test
shows the outbox in WebKit (IndexedDB, the queue, the one send), not WebKit noticing the outage.
"""

import pytest

from companion.models import Match, Round
from companion.standings import standings
from tests.factories import MatchFactory

pytestmark = [pytest.mark.engines, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]
WAITING = "() => document.querySelectorAll('tr.outbox-row').length"


def stored(match):
    return list(Round.objects.filter(match=match).order_by("number").values_list("number", "entry"))


def test_a_round_saved_offline_is_sent_once_when_the_connection_is_back(signed_in, night):
    phone = signed_in
    match = MatchFactory(night=night, game="molotow", names=ABCD)
    phone.goto(phone.base + match.get_absolute_url())
    phone.heading("Enter: Round 1 of 12")
    phone.offline(True)
    phone.sees("Offline")  # the outbox's banner: from now on Save keeps the round on the phone

    phone.type(phone.field("Anna"), "90")
    phone.type(phone.field("Beat"), "9")
    phone.type(phone.field("Cla"), "34")
    phone.tap(phone.button("Save round"))
    phone.wait(f"() => ({WAITING})() === 1", what="one round waiting to send")
    phone.sees("waiting to send")
    phone.heading("Enter: Round 2 of 12")  # the form is for the deal after the waiting one
    assert phone.value(phone.field("Anna")) == ""
    assert stored(match) == []

    phone.offline(False)
    phone.wait(f"() => ({WAITING})() === 0", what="the waiting round sent")
    phone.heading("Enter: Round 2 of 12")
    assert stored(match) == [(1, {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}})]
    totals = standings(Match.objects.with_standings().get(pk=match.pk)).totals
    assert totals == {"Anna": 1, "Beat": 1, "Cla": -1, "Dora": -1}
    phone.shows_totals(totals)
    phone.call("() => new Promise((resolve) => setTimeout(resolve, 1000))")  # nothing sent twice
    assert len(stored(match)) == 1
