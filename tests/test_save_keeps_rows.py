"""After a save, the phone that saved keeps its rounds table and gets only the new round's rows.

The answer to an htmx save names no rows the page already shows: its tbody is empty
and marked ``hx-preserve`` (htmx keeps the page's own), and the new round's rows come
beside it for htmx to put on top. That holds only when the page shows exactly the match
the save changed: its form names the version it was rendered from (``seen``). Anything
else (another phone saved or undid in between, the first round, a refused entry, a page
without htmx) gets the whole table, as before.
"""

import re

import pytest

from companion.models import Match
from companion.play import rounds as round_service
from tests.factories import MatchFactory

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
        round_service.add_round(match, deal, number=number, user=match.created_by)


def save(client, match, number, seen):
    data = {"number": number, "points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}
    if seen is not None:
        data["seen"] = seen
    return client.post(f"/matches/{match.pk}/rounds/", data, **HTMX)


def parts(html):
    """(numbers of the rows in the table itself, numbers of the rows htmx adds, tbody kept)."""
    table, _, added = html.partition("<template>")
    return ROW_NUMBERS.findall(table), ROW_NUMBERS.findall(added), 'id="rounds-body" hx-preserve' in html


def version(match):
    return Match.objects.get(pk=match.pk).version


def test_a_save_from_the_current_page_sends_only_the_new_rounds_rows(client, owner, molotow):
    stored(molotow, 3)
    client.force_login(owner)
    html = save(client, molotow, 4, version(molotow)).content.decode()
    assert parts(html) == ([], ["4"], True)
    assert 'hx-swap-oob="afterbegin:#rounds-body"' in html
    # The standings and the next round's form are whole, with the new version to name next time.
    assert 'data-player="Anna">4<' in html
    assert f'name="seen" value="{version(molotow)}"' in html


def test_saves_in_a_row_each_send_one_round(client, owner, molotow):
    stored(molotow, 1)
    client.force_login(owner)
    for number in (2, 3, 4):
        html = save(client, molotow, number, version(molotow)).content.decode()
        assert parts(html) == ([], [str(number)], True)


def test_a_page_behind_another_phones_save_gets_the_whole_table(client, owner, molotow):
    stored(molotow, 3)
    seen = version(molotow)
    round_service.undo_round(molotow, number=3, user=molotow.created_by)  # another phone, meanwhile
    client.force_login(owner)
    html = save(client, molotow, 3, seen).content.decode()
    assert parts(html) == (["3", "2", "1"], [], False)


def test_a_page_that_names_no_version_gets_the_whole_table(client, owner, molotow):
    stored(molotow, 2)
    client.force_login(owner)
    html = save(client, molotow, 3, None).content.decode()
    assert parts(html) == (["3", "2", "1"], [], False)


def test_the_first_round_brings_the_whole_table(client, owner, molotow):
    client.force_login(owner)
    html = save(client, molotow, 1, version(molotow)).content.decode()
    assert parts(html) == (["1"], [], False)


def test_a_refused_entry_leaves_the_table_as_it_was_sent_whole(client, owner, molotow):
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
    html = client.post(f"/matches/{molotow.pk}/rounds/", data, **HTMX).content.decode()
    assert "entry-error" in html and parts(html) == (["2", "1"], [], False)


def test_the_last_round_ends_the_match_on_a_kept_table_too(client, owner, night):
    match = MatchFactory(night=night, game="molotow", names=ABCD, options={"rounds": 3})
    stored(match, 2)
    client.force_login(owner)
    html = save(client, match, 3, version(match)).content.decode()
    assert parts(html) == ([], ["3"], True)
    assert "winner-heading" in html


def test_the_page_itself_always_has_every_row(client, owner, molotow):
    stored(molotow, 3)
    client.force_login(owner)
    html = client.get(molotow.get_absolute_url()).content.decode()
    assert parts(html) == (["3", "2", "1"], [], False)
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


def test_a_kept_table_is_never_cached_as_the_scoreboard(client, owner, molotow):
    stored(molotow, 3)
    client.force_login(owner)
    save(client, molotow, 4, version(molotow))
    html = client.get(molotow.get_absolute_url(), **HTMX).content.decode()
    assert parts(html) == (["4", "3", "2", "1"], [], False)
