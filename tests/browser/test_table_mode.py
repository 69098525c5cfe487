"""Table mode: one round, one screen, one thumb (issue 12), measured from what a person sees.

For each game at 390x844 the fields of a typical round and Save ("Save round", "Save game") are inside the viewport
on load and after a save, with no scrolling; the view does not move when a round is saved; the
changed totals light up, the form is empty and focused, and the change is read out. In landscape
(844x390) the standings and the entry sit side by side, with every control of the round and Save on
screen, uncovered, before and after a save. The taps of a typical round are counted
here, and the README's table must say the same.
"""

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.models import Match, RoundChange
from tests.browser.chromium import PHONE
from tests.factories import MatchFactory, play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Anna", "Beat", "Cla", "Dora", "Ernst", "Fränzi"]
LANDSCAPE = {"width": PHONE["height"], "height": PHONE["width"]}

# (game, players): the screen taps and the keyboard taps of a typical round after a save,
# as the README's "Taps per round" table lists them.
TAPS = {
    ("molotow", 4): (1, 7),
    ("anrufen", 4): (4, 2),
    ("elfer", 4): (3, 11),
    ("elfer", 6): (3, 15),
    ("murlan", 4): (4, 0),
    ("murlan", 6): (6, 0),
    ("counter", 6): (1, 12),
}
CASES = list(TAPS)
LABELS = {
    "molotow": "Molotow Jass",
    "anrufen": "Anrufen",
    "elfer": "Elfer raus! Master",
    "murlan": "Murlan",
    "counter": "Free scoring",
}
COUNTER_POINTS = ["12", "5", "3", "7", "0", "9"]

COUNT_INPUT = """
window.__taps = 0; window.__keys = 0;
document.addEventListener("pointerdown", () => { window.__taps += 1; }, true);
document.addEventListener("keydown", () => { window.__keys += 1; }, true);
// The totals that lit up (the highlight fades after a moment, so it is recorded as it happens).
window.__lit = [];
new MutationObserver((records) => {
  for (const record of records) {
    const element = record.target;
    if (element.classList.contains("changed") && element.dataset.player) window.__lit.push(element.dataset.player);
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
"""


# --- what a typical round is, game by game --------------------------------------------


def typical_fields(page, game, names):
    """The controls of a typical round (what must be on screen), in the order they are used."""
    if game in {"molotow", "counter"}:
        return [page.get_by_role("textbox", name=name, exact=True) for name in names]
    if game == "anrufen":
        bidder = page.get_by_role("group", name="Bidder", exact=True)
        partner = page.get_by_role("group", name="Partner", exact=True)
        return [
            bidder.locator("label").first,
            bidder.locator("label").last,
            page.get_by_role("group", name="Contract (stake)").locator("label").last,
            partner.locator("label").last,
            page.get_by_label("Card points of the bidder's side"),
        ]
    if game == "elfer":
        fields = []
        for name in names:
            fields += [
                page.get_by_label(f"{name} went out"),
                page.get_by_label(f"Cards left in {name}'s hand"),
            ]
        return fields
    return [page.get_by_role("button", name=name, exact=True) for name in names]


def play_typical_round(page, game, names):
    """Enter a typical round as a person at the table would, by taps and keys only."""
    if game == "molotow":
        first = page.get_by_role("textbox", name=names[0], exact=True)
        if page.evaluate("document.activeElement.name") != "points_0":
            first.click()
        page.keyboard.type("90")
        page.keyboard.press("Enter")
        page.keyboard.type("9")
        page.keyboard.press("Enter")
        page.keyboard.type("34")
        expect(page.get_by_role("textbox", name=names[3], exact=True)).to_have_value("24")
    elif game == "counter":
        if page.evaluate("document.activeElement.name") != "points_0":
            page.get_by_role("textbox", name=names[0], exact=True).click()
        for index, points in enumerate(COUNTER_POINTS[: len(names)]):
            if index:
                page.keyboard.press("Enter")
            page.keyboard.type(points)
    elif game == "anrufen":
        page.get_by_role("group", name="Bidder", exact=True).get_by_text(names[0], exact=True).click()
        page.get_by_role("group", name="Partner", exact=True).get_by_text(names[2], exact=True).click()
        page.get_by_label("Card points of the bidder's side").click()
        page.keyboard.type("60")
    elif game == "elfer":
        page.get_by_label(f"{names[0]} went out").check()
        page.get_by_label(f"Cards left in {names[1]}'s hand").click()
        hands = ["3,17", "21", "5.6", "1", "2"]
        for index, hand in enumerate(hands[: len(names) - 1]):
            if index:
                page.keyboard.press("Enter")
            page.keyboard.type(hand)
    else:
        for name in names[:-1]:
            page.get_by_role("button", name=name, exact=True).click()
        expect(page.get_by_role("button", name=f"{names[-1]} {len(names)}", exact=True)).to_be_disabled()
    page.get_by_role("button", name=save_name(game)).click()


def round_word(game):
    """What the game calls a round: Elfer raus! plays games, Murlan hands."""
    return {"elfer": "Game", "murlan": "Hand"}.get(game, "Round")


def save_name(game):
    return f"Save {round_word(game).lower()}"


def round_heading(game, number):
    return re.compile(rf"Enter: {round_word(game)} {number}\b")


# --- geometry ------------------------------------------------------------------------


def box(locator):
    result = locator.bounding_box()
    assert result is not None, f"{locator} is not on the page"
    return result


# Whether a tap at the element's centre lands on it (nothing sticky or floating lies over it).
UNCOVERED = """(element) => {
  const where = element.getBoundingClientRect();
  const hit = document.elementFromPoint(where.x + where.width / 2, where.y + where.height / 2);
  return hit !== null && (hit === element || element.contains(hit));
}"""


def assert_on_screen(page, locators, viewport, game):
    """Every control fully inside the viewport, none hidden under the sticky Save bar, and a tap
    at its centre lands on it."""
    save_button = page.get_by_role("button", name=save_name(game))
    save = box(save_button)
    assert save["y"] >= 0 and save["y"] + save["height"] <= viewport["height"], save
    assert save_button.evaluate(UNCOVERED), "something lies over Save"
    for locator in locators:
        where = box(locator)
        assert where["y"] >= 0, (locator, where)
        assert where["y"] + where["height"] <= save["y"], (locator, where, save)
        assert where["x"] >= 0 and where["x"] + where["width"] <= viewport["width"], (locator, where)
        assert locator.evaluate(UNCOVERED), (locator, where, "is covered")


def make_match(night, game, players):
    names = SIX[:players]
    return MatchFactory(night=night, game=game, names=names), names


# --- the tests -----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_a_round_and_save_fit_one_phone_screen_before_and_after_saving(logged_in, night, game, players):
    page = logged_in
    page.add_init_script(COUNT_INPUT)
    match, names = make_match(night, game, players)
    page.goto(match.get_absolute_url())
    assert page.evaluate("window.scrollY") == 0
    assert_on_screen(page, typical_fields(page, game, names), PHONE, game)

    save_at = box(page.get_by_role("button", name=save_name(game)))["y"]
    play_typical_round(page, game, names)
    expect(page.get_by_role("heading", name=round_heading(game, 2))).to_be_attached()
    # Save did not move (when the standings grew a line, the page moved up by as much), and the
    # next round is ready on the same screen.
    assert abs(box(page.get_by_role("button", name=save_name(game)))["y"] - save_at) < 1
    assert_on_screen(page, typical_fields(page, game, names), PHONE, game)
    # The changed totals light up; the change is read out; the form is empty and focused.
    assert len(set(page.evaluate("window.__lit"))) >= 2
    expect(page.locator("#table-announcer")).to_contain_text(f"{round_word(game)} 1 saved.")
    focused = page.evaluate("document.activeElement.closest('form.entry-form') !== null")
    assert focused, "the focus is not in the entry form after a save"

    # A second tap on Save right after a save does nothing visible: no errors, no round.
    page.get_by_role("button", name=save_name(game)).click()
    page.wait_for_timeout(400)
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(page.locator(".invalid-feedback, .text-danger")).to_have_count(0)
    assert Match.objects.get(pk=match.pk).rounds.count() == 1

    # Taps per typical round (the README's table): measured on round 2.
    page.evaluate("window.__taps = 0; window.__keys = 0; window.__lit = []")
    page.evaluate(
        "document.body.addEventListener('htmx:beforeSwap', (e) => {"
        " if (e.detail.requestConfig.verb === 'post')"  # the save's answer, not the chart's drawing
        " window.__retarget = e.detail.xhr.getResponseHeader('HX-Retarget'); })"
    )
    play_typical_round(page, game, names)
    expect(page.get_by_role("heading", name=round_heading(game, 3))).to_be_attached()
    taps, keys = page.evaluate("[window.__taps, window.__keys]")
    assert (taps, keys) == TAPS[(game, players)]
    assert abs(box(page.get_by_role("button", name=save_name(game)))["y"] - save_at) < 1
    assert_on_screen(page, typical_fields(page, game, names), PHONE, game)
    # Round 2 came back as an update of the page (only its top swapped): the same signs.
    assert page.evaluate("window.__retarget") == "#table-top"
    assert len(set(page.evaluate("window.__lit"))) >= 2
    expect(page.locator("#table-announcer")).to_contain_text(f"{round_word(game)} 2 saved.")
    assert page.evaluate("document.activeElement.closest('form.entry-form') !== null")
    page.get_by_role("button", name=save_name(game)).click()
    page.wait_for_timeout(400)
    expect(page.get_by_role("alert")).to_have_count(0)
    assert Match.objects.get(pk=match.pk).rounds.count() == 2


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_in_landscape_standings_and_entry_sit_side_by_side(logged_in, night, game, players):
    """At 844x390 the standings sit left of the entry, and every control of a typical round and
    Save are on screen, uncovered, with no scrolling: on load and after a save."""
    page = logged_in
    page.set_viewport_size(LANDSCAPE)
    match, names = make_match(night, game, players)
    page.goto(match.get_absolute_url())

    def assert_one_screen():
        assert page.evaluate("window.scrollY") == 0
        standings = box(page.get_by_role("group", name="Standings"))
        entry = box(page.locator("form.entry-form"))
        assert standings["x"] + standings["width"] <= entry["x"], (standings, entry)
        assert standings["y"] >= 0 and standings["y"] + standings["height"] <= LANDSCAPE["height"], standings
        assert_on_screen(page, typical_fields(page, game, names), LANDSCAPE, game)
        # The header is one line: the page starts with the game, not with a menu.
        assert box(page.get_by_role("heading", level=1))["y"] < 70

    assert_one_screen()
    play_typical_round(page, game, names)
    expect(page.get_by_role("heading", name=round_heading(game, 2))).to_be_attached()
    assert Match.objects.get(pk=match.pk).rounds.count() == 1
    assert_one_screen()


# Every layout shift of the page, as Lighthouse adds them up (cumulative layout shift), and
# what moved in each, for the failure message.
SHIFTS = """
window.__shifts = 0;
window.__moved = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__shifts += entry.value;
    for (const source of entry.sources) {
      const node = source.node && source.node.outerHTML ? source.node.outerHTML.slice(0, 160) : String(source.node);
      window.__moved.push(`${entry.value.toFixed(4)} at ${entry.startTime.toFixed(0)} ms: ${node}`);
    }
  }
}).observe({ type: "layout-shift", buffered: true });
"""
ONE_ROUND = {
    "molotow": {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
    "anrufen": {"bidder": "Anna", "bid": "normal", "partner": "Cla", "points": 60},
    "elfer": {"cards": {"Beat": [3, 17], "Cla": [21], "Dora": [5]}},
    "murlan": {"order": SIX[:4]},
    "counter": {"points": {"Anna": 20, "Beat": -5}},
}


@pytest.mark.parametrize("game", list(ONE_ROUND))
def test_the_scoreboard_does_not_jump_when_its_scripts_start(logged_in, night, game):
    """The first paint is laid out as the scripts leave it (taps, sum line, steppers, preview)."""
    page = logged_in
    match = play_match(night, game, SIX[:4], [ONE_ROUND[game]] * 3)
    page.add_init_script(SHIFTS)

    # The page's own scripts come late, so the browser paints the page before they run.
    def late(route):
        if "/theme." not in route.request.url:
            time.sleep(0.15)
        route.continue_()

    page.context.route(re.compile(r"/static/.*\.js$"), late)
    page.goto(match.get_absolute_url())
    expect(page.get_by_role("button", name=save_name(game))).to_be_visible()
    page.wait_for_timeout(300)
    assert page.evaluate("performance.getEntriesByName('first-contentful-paint').length") == 1
    assert page.evaluate("window.__shifts") < 0.001, page.evaluate("window.__moved")


# Every frame the browser renders while the page loads: does it show part of the scoreboard? The
# match clock is the first thing after the scoreboard, so a frame with the scoreboard's start and
# no clock shows a scoreboard still being parsed (a rounds table without its later rows and Edit
# column, whose columns then narrow).
FRAMES = """
window.__partial = [];
(function frame() {
  if (document.getElementById("scoreboard") && !document.getElementById("match-clock")) {
    window.__partial.push(document.querySelectorAll("#rounds-body tr").length);
  }
  if (document.readyState === "loading") requestAnimationFrame(frame);
})();
"""


def test_a_slow_phone_paints_the_scoreboard_whole(logged_in, night):
    """A phone twenty times slower than this machine parses the page in several slices and may paint
    between them; the scoreboard is never painted half parsed, so its table does not jump."""
    page = logged_in
    match = play_match(night, "counter", SIX[:6], [ONE_ROUND["counter"]] * 30)
    page.add_init_script(FRAMES)
    page.add_init_script(SHIFTS)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 20})
    # Where the parse is cut differs from load to load: three loads, each given the time a slow phone needs.
    for _ in range(3):
        page.goto(match.get_absolute_url(), timeout=30_000)
        expect(page.get_by_role("button", name="Save round")).to_be_visible(timeout=30_000)
        expect(page.locator("#rounds-body tr")).to_have_count(30)
        # The rows of the rounds table in each frame that showed part of the scoreboard.
        assert page.evaluate("window.__partial") == []
        assert page.evaluate("window.__shifts") < 0.001, page.evaluate("window.__moved")


def test_an_undone_round_can_be_restored_exactly_for_a_few_seconds(logged_in, night):
    page = logged_in
    match, names = make_match(night, "molotow", 4)
    page.goto(match.get_absolute_url())
    play_typical_round(page, "molotow", names)
    expect(page.get_by_role("heading", name=round_heading("molotow", 2))).to_be_attached()
    stored = Match.objects.get(pk=match.pk).rounds.get().entry

    # Undo asks nothing, and offers the round back.
    page.get_by_role("button", name="Undo round 1").click()
    restore = page.get_by_role("button", name="Restore round 1")
    expect(restore).to_be_visible()
    assert not Match.objects.get(pk=match.pk).rounds.exists()
    restore.click()
    expect(page.get_by_role("heading", name=round_heading("molotow", 2))).to_be_attached()
    assert Match.objects.get(pk=match.pk).rounds.get().entry == stored
    actions = list(
        RoundChange.objects.filter(match=match).order_by("at", "pk").values_list("action", flat=True)
    )
    assert actions == ["added", "undone", "added"]

    # The offer goes away by itself.
    page.get_by_role("button", name="Undo round 1").click()
    expect(page.get_by_role("button", name="Restore round 1")).to_be_visible()
    expect(page.get_by_role("button", name="Restore round 1")).to_have_count(0, timeout=12_000)


def test_after_undo_far_down_the_page_the_new_standings_and_restore_are_on_screen(logged_in, night):
    # Six hands of Elfer raus!: the entry is tall, Undo is far below it (a tester found the
    # confirmation and Restore above the screen, and Undo game 7 under the thumb instead).
    page = logged_in
    game = {"cards": {name: [3 + seat] for seat, name in enumerate(SIX) if seat}}  # Anna went out
    match = play_match(night, "elfer", SIX, [game] * 8)
    page.goto(match.get_absolute_url())
    undo = page.get_by_role("button", name="Undo game 8")
    # The thumb scrolled until Undo sat in the top half of the screen.
    page.evaluate("(y) => window.scrollTo(0, y)", box(undo)["y"] + page.evaluate("window.scrollY") - 200)
    assert page.evaluate("window.scrollY") > 300
    undo.click()
    restore = page.get_by_role("button", name="Restore game 8")
    expect(restore).to_be_visible()
    page.wait_for_timeout(300)  # htmx scrolls once the swap has settled
    for locator in (restore, page.get_by_text("Game 8 was undone."), page.locator(".standing-total").first):
        where = box(locator)
        assert where["y"] >= 0 and where["y"] + where["height"] <= PHONE["height"], (locator, where)


def test_the_readme_lists_the_measured_taps_per_round():
    readme = Path(__file__).resolve().parents[2].joinpath("README.md").read_text()
    for (game, players), (taps, keys) in TAPS.items():
        row = f"| {LABELS[game]} | {players} | {taps} | {keys} |"
        assert row in readme, row


def finished_molotow(night):
    night.title = "Jassabend bei Chläus"
    night.save()
    deals = [
        {"points": {"Dora": 110, "Chläus": 20, "Beat": 17, "Anna": 10}},
        {"points": {"Dora": 60, "Chläus": 50, "Beat": 40, "Anna": 7}},
    ]
    return play_match(night, "molotow", ["Anna", "Beat", "Chläus", "Dora"], deals, options={"rounds": 2})


# The winner first, then the best totals first; a real minus sign.
SHARED = "Molotow Jass, Jassabend bei Chläus: Anna wins \u2014 Anna 4 · Beat 2 · Chläus 2 · Dora \u22122"


def test_the_result_goes_to_the_phones_share_sheet(logged_in, night):
    page = logged_in
    page.add_init_script(
        "navigator.share = (data) => { window.__shared = data.text; return Promise.resolve(); };"
    )
    match = finished_molotow(night)
    page.goto(match.get_absolute_url())
    share = page.get_by_role("button", name="Share the result")
    assert box(share)["y"] + box(share)["height"] <= PHONE["height"]
    share.click()
    assert page.evaluate("window.__shared") == SHARED


def test_without_a_share_sheet_the_result_is_copied(logged_in, night):
    page = logged_in
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script("Object.defineProperty(navigator, 'share', { value: undefined });")
    match = finished_molotow(night)
    page.goto(match.get_absolute_url())
    page.get_by_role("button", name="Share the result").click()
    expect(page.get_by_role("status").filter(has_text="Copied")).to_have_text("Copied: paste it into a chat.")
    assert page.evaluate("navigator.clipboard.readText()") == SHARED
