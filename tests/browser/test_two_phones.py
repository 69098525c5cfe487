"""Two phones at one table, the host's and a member's, on the same Molotow match at 390x844.

What one phone saves, undoes or drops shows on the other within 2 s, without a reload; a person
who is typing keeps the entry; a deal overtaken by the other phone is stored again only by the
explicit choice "Save mine as round N", and the database is checked each time.
"""

import re

import pytest
from playwright.sync_api import expect

from companion.access import Viewer
from companion.models import Round
from companion.play import rounds as round_service
from tests.browser.fixtures import log_in, phone_page
from tests.factories import MatchFactory, enter_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora"]
LIVE_MS = 2000  # a change on one phone shows on the other within this


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=NAMES)


@pytest.fixture
def member_phone(browser, live_server, member):
    """The member's phone, logged in through the real form (the host's is ``logged_in``)."""
    for page in phone_page(browser, live_server, "en-US"):
        log_in(page, member)
        yield page


def points(page, name):
    return page.get_by_role("textbox", name=name, exact=True)


def type_deal(page, anna, beat, cla):
    """Three players' points; the page fills in Dora's with the rest of 157."""
    points(page, "Anna").fill(str(anna))
    points(page, "Beat").fill(str(beat))
    points(page, "Cla").fill(str(cla))
    expect(points(page, "Dora")).to_have_value(str(157 - anna - beat - cla))


def total(page, name):
    return page.locator(f'#scoreboard .standing-total[data-player="{name}"]')


def save_and_wait(page, button="Save round"):
    """Tap ``button`` and wait for the save's answer (the database has the round then)."""
    with page.expect_response(
        lambda response: response.url.endswith("/rounds/") and response.request.method == "POST"
    ):
        page.get_by_role("button", name=button).click()


def open_both(host, member, match):
    """Both phones on the match page, each listening to the match before anything happens."""
    for page in (host, member):
        page.on("console", lambda m, p=page: print("H" if p is host else "M", m.text))
        with page.expect_response(lambda response: "/events/" in response.url):
            page.goto(match.get_absolute_url())
        page.evaluate("window.notReloaded = true")


def rounds_in_database(match):
    return list(Round.objects.filter(match=match).order_by("number").values_list("number", "entry"))


def test_a_deal_saved_on_one_phone_shows_on_the_other_within_two_seconds(logged_in, member_phone, molotow):
    host, member = logged_in, member_phone
    open_both(host, member, molotow)
    type_deal(member, 90, 9, 34)
    save_and_wait(member)

    expect(total(host, "Cla")).to_have_text("-1", timeout=LIVE_MS)  # after the member's deal
    expect(host.locator(".round-line")).to_contain_text("Round 2 of 12", timeout=LIVE_MS)
    expect(
        host.get_by_role("status").filter(has_text="Round 1 was saved on another phone.")
    ).to_be_in_viewport()
    expect(host.get_by_role("button", name="Undo round 1")).to_be_attached()
    expect(host.get_by_role("region", name="Rounds").get_by_role("row")).to_have_count(
        3
    )  # heading, round 1's two rows
    assert host.evaluate("window.notReloaded") is True

    # And back: the host's deal shows on the member's phone.
    type_deal(host, 20, 40, 60)
    save_and_wait(host)
    # The answer has come, not yet swapped in: the host's totals are read below once it is.
    expect(host.get_by_role("heading", name="Enter: Round 3 of 12", exact=True)).to_be_attached()
    expect(member.locator(".round-line")).to_contain_text("Round 3 of 12", timeout=LIVE_MS)
    expect(total(member, "Cla")).to_have_text(total(host, "Cla").inner_text())
    assert [number for number, _entry in rounds_in_database(molotow)] == [1, 2]


def test_a_half_typed_entry_is_kept_and_saved_as_the_next_round_only_by_choice(
    logged_in, member_phone, molotow
):
    host, member = logged_in, member_phone
    open_both(host, member, molotow)
    points(host, "Anna").fill("20")  # the host has begun the same deal
    type_deal(member, 90, 9, 34)
    save_and_wait(member)

    said = host.get_by_role("status").filter(
        has_text="Round 1 was saved on another phone. Your entry is kept: save it as round 2, or drop it."
    )
    expect(said).to_be_visible(timeout=LIVE_MS)
    expect(total(host, "Anna")).to_have_text("1")  # the new standings
    expect(points(host, "Anna")).to_have_value("20")  # what the host typed
    expect(host.get_by_role("button", name="Save round")).to_be_hidden()
    mine = host.get_by_role("button", name="Save mine as round 2")
    for seen in (said, mine, host.get_by_role("button", name="Drop mine")):
        expect(seen).to_be_in_viewport()

    # The host finishes typing: the sum line counts what is typed.
    points(host, "Beat").fill("40")
    points(host, "Cla").fill("60")
    expect(host.locator("[data-sum]")).to_contain_text("Sum 157 / 157")
    save_and_wait(host, "Save mine as round 2")
    expect(host.get_by_role("heading", name=re.compile("Enter: Round 3 of 12"))).to_be_attached()
    assert rounds_in_database(molotow) == [
        (1, {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}),
        (2, {"points": {"Anna": 20, "Beat": 40, "Cla": 60, "Dora": 37}}),
    ]


def test_a_save_overtaken_on_a_deaf_phone_is_refused_until_the_choice_and_drop_mine_stores_nothing(
    logged_in, member_phone, molotow
):
    host, member = logged_in, member_phone
    host.route("**/events/**", lambda route: route.abort())  # the host's phone hears nothing
    host.goto(molotow.get_absolute_url())
    with member.expect_response(lambda response: "/events/" in response.url):
        member.goto(molotow.get_absolute_url())
    type_deal(host, 90, 9, 34)
    type_deal(member, 90, 9, 34)  # both entered the same deal
    save_and_wait(member)

    save_and_wait(host)  # overtaken: refused, the entry kept as typed
    same = (
        "Round 1 was saved on another phone, with the same entry as yours: drop yours, or save it as round 2"
    )
    expect(host.get_by_role("status").filter(has_text=same)).to_be_in_viewport()
    expect(host.locator("[data-sum]")).to_contain_text("Sum 157 / 157")
    expect(points(host, "Dora")).to_have_value("24")
    with host.expect_response(lambda response: response.url.endswith("/rounds/")):
        points(host, "Dora").press("Enter")  # Enter in the last field saves: refused again
    # The refusal looks as before; its answer is in once Save (hidden here) is no longer disabled
    # for it. "Drop mine" tapped before would be answered into the scoreboard this one replaces.
    expect(host.locator(".save-round:disabled")).to_have_count(0)
    expect(host.get_by_role("button", name="Save mine as round 2")).to_be_in_viewport()
    assert len(rounds_in_database(molotow)) == 1

    with host.expect_response(lambda response: "/scoreboard/" in response.url):
        host.get_by_role("button", name="Drop mine").click()
    expect(points(host, "Anna")).to_have_value("")
    expect(host.locator("[data-sum]")).to_have_text("Sum 0 / 157 · 157 missing")
    expect(host.get_by_role("button", name="Save round")).to_be_visible()
    expect(total(host, "Anna")).to_have_text("1")
    assert len(rounds_in_database(molotow)) == 1


def test_undo_on_one_phone_shows_on_the_other(logged_in, member_phone, molotow, owner):
    enter_round(molotow, {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}, number=1, user=owner)
    host, member = logged_in, member_phone
    open_both(host, member, molotow)
    expect(total(host, "Anna")).to_have_text("1")
    with member.expect_response(lambda response: "/rounds/undo/" in response.url):
        member.get_by_role("button", name="Undo round 1").click()

    expect(total(host, "Anna")).to_have_text("0", timeout=LIVE_MS)
    expect(host.locator(".round-line")).to_contain_text("Round 1 of 12")
    expect(
        host.get_by_role("status").filter(has_text="Round 1 was undone on another phone.")
    ).to_be_in_viewport()
    expect(host.get_by_role("button", name=re.compile("Undo round"))).to_be_hidden()
    assert rounds_in_database(molotow) == []
    assert host.evaluate("window.notReloaded") is True


def test_in_german_the_kept_entry_and_the_choice_are_said_in_german(german_logged_in, member_phone, molotow):
    host, member = german_logged_in, member_phone
    open_both(host, member, molotow)
    points(host, "Anna").fill("20")
    type_deal(member, 90, 9, 34)
    save_and_wait(member)

    said = host.get_by_role("status").filter(has_text="Runde 1 wurde auf einem anderen Telefon gespeichert.")
    expect(said).to_be_in_viewport(timeout=LIVE_MS)
    expect(said).to_contain_text("Deine Eingabe bleibt: Speichere sie als Runde 2 oder verwirf sie.")
    expect(points(host, "Anna")).to_have_value("20")
    expect(host.get_by_role("button", name="Meine als Runde 2 speichern")).to_be_in_viewport()
    with host.expect_response(lambda response: "/scoreboard/" in response.url):
        host.get_by_role("button", name="Meine verwerfen").click()
    expect(points(host, "Anna")).to_have_value("")
    expect(host.get_by_role("button", name="Runde speichern")).to_be_visible()
    assert len(rounds_in_database(molotow)) == 1


def test_an_edit_an_end_and_a_resume_show_on_the_typing_phone_and_its_entry_comes_back(
    logged_in, member_phone, molotow, owner
):
    enter_round(molotow, {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}, number=1, user=owner)
    host, member = logged_in, member_phone
    open_both(host, member, molotow)
    points(host, "Anna").fill("20")

    member.get_by_role("link", name="Edit round 1").click()
    points(member, "Anna").fill("110")
    points(member, "Cla").fill("14")
    member.get_by_role("button", name="Save round 1").click()
    expect(total(member, "Anna")).to_have_text("-3")
    expect(total(host, "Anna")).to_have_text("-3", timeout=LIVE_MS)
    expect(
        host.get_by_role("status").filter(has_text="The match was changed on another phone.")
    ).to_be_in_viewport()
    expect(points(host, "Anna")).to_have_value("20")
    expect(host.get_by_role("button", name="Save round")).to_be_visible()  # still round 2: no choice to make

    member.get_by_role("link", name="End the match").click()
    member.get_by_role("button", name="Yes, end the match here").click()
    expect(host.get_by_role("heading", name="🏆 Beat, Cla and Dora share the win.")).to_be_visible(
        timeout=LIVE_MS
    )
    expect(points(host, "Anna")).to_have_count(0)

    member.get_by_role("button", name="Resume").click()
    expect(host.get_by_role("heading", name=re.compile("Enter: Round 2 of 12"))).to_be_attached(
        timeout=LIVE_MS
    )
    expect(points(host, "Anna")).to_have_value("20")  # what the host had typed, kept on the phone
    assert [number for number, _entry in rounds_in_database(molotow)] == [1]


def test_drop_mine_without_a_connection_says_so_in_view_and_keeps_the_entry(logged_in, member_phone, molotow):
    host, member = logged_in, member_phone
    open_both(host, member, molotow)
    points(host, "Anna").fill("20")
    type_deal(member, 90, 9, 34)
    save_and_wait(member)
    drop = host.get_by_role("button", name="Drop mine")
    expect(drop).to_be_visible(timeout=LIVE_MS)

    host.context.set_offline(True)
    host.wait_for_function("() => !navigator.onLine")  # the page learns of it in a task of its own
    drop.click()
    expect(host.get_by_role("alert").filter(has_text="This needs a connection.")).to_be_in_viewport()
    expect(points(host, "Anna")).to_have_value("20")
    expect(drop).to_be_in_viewport()


def test_a_scoreboard_asked_for_before_this_phones_undo_does_not_put_the_undone_round_back(
    logged_in, molotow, owner
):
    """The stream names another phone's edit; the page asks for its scoreboard, and while that
    answer is on its way this phone undoes a round. The late answer is older than the page."""
    for number, (anna, beat, cla) in enumerate([(90, 9, 34), (20, 100, 20)], start=1):
        enter_round(
            molotow,
            {"points": {"Anna": anna, "Beat": beat, "Cla": cla, "Dora": 157 - anna - beat - cla}},
            number=number,
            user=owner,
        )
    host = logged_in
    with host.expect_response(lambda response: "/events/" in response.url):
        host.goto(molotow.get_absolute_url())
    held = []

    def answer_later(route):
        held.append((route, route.fetch()))  # the server answers now; the page hears it when we say

    host.route(re.compile(rf"/matches/{molotow.pk}/scoreboard/"), answer_later, times=1)
    round_service.edit_entry(
        Viewer(owner), molotow.pk, 1, {"points": {"Anna": 40, "Beat": 9, "Cla": 84, "Dora": 24}}
    )
    while not held:
        host.wait_for_timeout(50)
    with host.expect_response(lambda response: "/rounds/undo/" in response.url):
        host.get_by_role("button", name="Undo round 2").click()
    expect(host.get_by_role("button", name="Restore round 2")).to_be_visible()

    type_deal(host, 75, 35, 35)  # the next deal, typed while the answer is on its way
    # Everything the page shows from now on, as it changes: the entry's heading, Save, the note.
    host.evaluate("""() => {
        window.shown = [];
        const look = () => window.shown.push([
            document.getElementById("entry-heading")?.textContent.trim(),
            document.querySelector("#scoreboard .save-round")?.hidden,
            document.querySelector("#scoreboard [data-live-note]")?.textContent.trim(),
        ].join(" | "));
        new MutationObserver(look).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    }""")

    route, answer = held[0]
    with host.expect_response(re.compile(rf"/matches/{molotow.pk}/scoreboard/")):
        route.fulfill(response=answer)
    host.wait_for_timeout(500)  # time to put a late answer in, which must not happen

    shown = host.evaluate("window.shown")
    assert set(shown) <= {"Enter: Round 2 of 12 | false | "}, shown  # never round 3, Save never hidden
    expect(host.get_by_role("button", name="Restore round 2")).to_be_visible()
    expect(points(host, "Anna")).to_have_value("75")
    save_and_wait(host)
    assert rounds_in_database(molotow) == [
        (1, {"points": {"Anna": 40, "Beat": 9, "Cla": 84, "Dora": 24}}),
        (2, {"points": {"Anna": 75, "Beat": 35, "Cla": 35, "Dora": 12}}),
    ]
