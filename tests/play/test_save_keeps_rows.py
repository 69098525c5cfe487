"""After a save, the phone that saved gets an update of what it shows, not the whole scoreboard.

The answer to an htmx save is then the top of the scoreboard (standings, the next
round's form) for htmx to swap (``HX-Retarget: #table-top``), the actions and the chart
as out-of-band parts, and only the new round's rows, for htmx to put on top of the
page's rounds table. That holds only when the page shows exactly the match the save
changed: its form names the version it was rendered from (``seen``). Anything else
(another phone saved or undid in between, the first round, a refused entry, a page
without htmx) gets the whole scoreboard, as before.
"""

import re

import pytest

from companion.access import Viewer
from companion.models import Match
from companion.play import rounds as round_service
from tests.factories import MatchFactory, enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
HTMX = {"HTTP_HX_REQUEST": "true"}
ROW_NUMBERS = re.compile(r'<tr>\s*<th scope="row">(\d+)</th>')


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=ABCD)


def stored(match, count):
    deal = {"points": dict(zip(ABCD, (90, 9, 34, 24), strict=True))}
    for number in range(1, count + 1):
        enter_round(match, deal, number=number, user=match.created_by)


def save(client, match, number, seen):
    data = {"number": number, "points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}
    if seen is not None:
        data["seen"] = seen
    return client.post(f"/matches/{match.pk}/rounds/", data, **HTMX)


def parts(response):
    """(numbers of the rows of a whole table, numbers of the rows htmx adds, whether it is an update)."""
    html = response.content.decode()
    table, _, added = html.partition("<template>")
    update = response.get("HX-Retarget") == "#table-top"
    assert update == ('id="scoreboard"' not in html)
    return ROW_NUMBERS.findall(table), ROW_NUMBERS.findall(added), update


def version(match):
    return Match.objects.get(pk=match.pk).version


def test_a_save_from_the_current_page_is_answered_with_an_update_and_only_the_new_rows(
    client, owner, molotow
):
    stored(molotow, 3)
    client.force_login(owner)
    seen = version(molotow)
    response = save(client, molotow, 4, seen)
    assert parts(response) == ([], ["4"], True)
    html = response.content.decode()
    assert 'hx-swap-oob="afterbegin:#rounds-body"' in html
    assert 'id="match-actions" hx-swap-oob="true"' in html and "Undo round 4" in html
    assert 'id="match-chart"' in html and html.count('hx-swap-oob="true"') == 1  # the actions
    assert html.count('hx-swap-oob="innerHTML"') == 1  # the chart's place, inside its figure
    # The standings and the next round's form are whole, with the new version to name next time.
    assert f'id="table-top" data-after="{seen}"' in html
    assert 'data-player="Anna">4<' in html
    assert f'name="seen" value="{version(molotow)}"' in html
    assert "Round 4 saved." in html and 'data-saved="4"' in html


def test_saves_in_a_row_each_bring_one_round(client, owner, molotow):
    stored(molotow, 1)
    client.force_login(owner)
    for number in (2, 3, 4):
        assert parts(save(client, molotow, number, version(molotow))) == ([], [str(number)], True)


def test_a_page_behind_another_phones_save_gets_the_whole_table(client, owner, molotow):
    stored(molotow, 3)
    seen = version(molotow)
    round_service.undo_last(Viewer(owner), molotow.pk, 3)  # another phone, meanwhile
    client.force_login(owner)
    assert parts(save(client, molotow, 3, seen)) == (["3", "2", "1"], [], False)


def test_a_page_that_names_no_version_gets_the_whole_table(client, owner, molotow):
    stored(molotow, 2)
    client.force_login(owner)
    assert parts(save(client, molotow, 3, None)) == (["3", "2", "1"], [], False)


def test_the_first_round_brings_the_whole_table(client, owner, molotow):
    client.force_login(owner)
    assert parts(save(client, molotow, 1, version(molotow))) == (["1"], [], False)


def test_a_refused_entry_gets_the_whole_scoreboard(client, owner, molotow):
    stored(molotow, 2)
    client.force_login(owner)
    data = {
        "number": 3,
        "points_0": 1,
        "points_1": 9,
        "points_2": 34,
        "points_3": 24,
        "seen": version(molotow),
    }
    response = client.post(f"/matches/{molotow.pk}/rounds/", data, **HTMX)
    assert "entry-error" in response.content.decode() and parts(response) == (["2", "1"], [], False)


def test_the_last_round_ends_the_match_in_an_update_too(client, owner, night):
    match = MatchFactory(night=night, game="molotow", names=ABCD, options={"rounds": 3})
    stored(match, 2)
    client.force_login(owner)
    response = save(client, match, 3, version(match))
    assert parts(response) == ([], ["3"], True)
    assert "winner-heading" in response.content.decode()


def test_the_page_itself_always_has_every_row(client, owner, molotow):
    stored(molotow, 3)
    client.force_login(owner)
    assert parts(client.get(molotow.get_absolute_url())) == (["3", "2", "1"], [], False)
    # A save without htmx (no script) goes back to the whole page.
    data = {
        "number": 4,
        "points_0": 90,
        "points_1": 9,
        "points_2": 34,
        "points_3": 24,
        "seen": version(molotow),
    }
    assert client.post(f"/matches/{molotow.pk}/rounds/", data).status_code == 302


def test_an_update_is_never_cached_as_the_scoreboard(client, owner, molotow):
    stored(molotow, 3)
    client.force_login(owner)
    save(client, molotow, 4, version(molotow))
    assert parts(client.get(molotow.get_absolute_url(), **HTMX)) == (["4", "3", "2", "1"], [], False)


def test_a_save_whose_earlier_rows_changed_renders_the_whole_scoreboard_once(
    client, owner, molotow, monkeypatch
):
    """A game whose earlier rows change with a later round gets the whole table; what the
    update would have needed is not built first and thrown away."""
    from companion.play import scoreboard, scoreboard_cache

    stored(molotow, 2)
    client.force_login(owner)
    monkeypatch.setattr(scoreboard_cache, "rows_added", lambda shown, result, rows: None)  # rows changed
    built = []
    whole = scoreboard.scoreboard_context
    monkeypatch.setattr(
        scoreboard_cache, "scoreboard_context", lambda *a, **k: built.append(1) or whole(*a, **k)
    )
    response = save(client, molotow, 3, version(molotow))
    assert parts(response) == (["3", "2", "1"], [], False)
    assert built == [1]


def test_an_update_is_swapped_as_the_form_asks_for_its_whole_scoreboard(client, owner, molotow):
    from companion.play.scoreboard import SAVE_SWAP

    stored(molotow, 1)
    client.force_login(owner)
    page = client.get(molotow.get_absolute_url()).content.decode()
    assert f'hx-target="#scoreboard" hx-swap="{SAVE_SWAP}"' in page
    response = save(client, molotow, 2, version(molotow))
    assert response["HX-Retarget"] == "#table-top" and response["HX-Reswap"] == SAVE_SWAP
    assert f'hx-swap="{SAVE_SWAP}"' in response.content.decode()  # the next round's form


def standings_of(deltas, table=None):
    from scoring.base import RoundResult, Standings

    rounds = tuple(RoundResult(n, {"Anna": d, "Beat": -d}) for n, d in enumerate(deltas, start=1))
    totals = {"Anna": sum(deltas), "Beat": -sum(deltas)}
    return Standings(
        "molotow",
        ("Anna", "Beat"),
        {},
        rounds,
        totals,
        False,
        (),
        "Anna",
        {"Anna": 1, "Beat": 1},
        table=table or {},
    )


def test_the_rows_a_page_lacks_are_the_new_rounds_when_the_earlier_ones_scored_as_it_shows():
    from companion.play.scoreboard import rows_added

    rows = ["row 1", "row 2", "row 3"]
    shown = standings_of([1, 2], {"out": ["Anna", "Beat"], "leader": "Anna"})
    after = standings_of([1, 2, 3], {"out": ["Anna", "Beat", "Anna"], "leader": "Beat"})
    assert rows_added(shown, after, rows) == ["row 3"]


def test_a_page_is_redrawn_when_an_earlier_round_scores_otherwise_after_the_new_one():
    from companion.play.scoreboard import rows_added

    rows = ["row 1", "row 2", "row 3"]
    shown = standings_of([1, 2], {"out": ["Anna", "Beat"]})
    assert rows_added(shown, standings_of([1, 5, 3], {"out": ["Anna", "Beat", "Anna"]}), rows) is None
    assert rows_added(shown, standings_of([1, 2, 3], {"out": ["Anna", "Anna", "Anna"]}), rows) is None
    assert (
        rows_added(shown, standings_of([1, 2, 3], {"out": ["Anna", "Beat", "Anna"], "mark": [1, 2, 3]}), rows)
        is None
    )
    assert (
        rows_added(standings_of([]), standings_of([1]), rows[:1]) is None
    )  # the first round: the whole table
