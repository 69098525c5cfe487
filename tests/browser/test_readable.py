"""Readable everywhere: thumb-sized links and buttons, no axe-core violations in either theme, charts
with text a phone can read (issue 12).

The pages are the ones a table uses: home, a night, the scoreboard of every game, a match's history,
a player, the leaderboards and the rules, at 390x844. axe-core comes with the axe-playwright-python
package (a dev dependency); it checks contrast (4.5:1), names, landmarks and the rest of its rules.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from companion.games import registry
from companion.models import Player
from tests.factories import MatchFactory, enter_round, play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ABCD = ["Anna", "Beat", "Cla", "Dora"]
# A round of each game, in play (the scoreboard shows standings, the form, the rounds and a chart).
ROUND = {
    "molotow": {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
    "anrufen": {"bidder": "Anna", "bid": "normal", "partner": "Cla", "points": 60},
    "elfer": {"cards": {"Beat": [3, 17], "Cla": [21], "Dora": [5]}},
    "murlan": {"order": ABCD},
    "counter": {"points": {"Anna": 20, "Beat": -5}},
}

# Every link and button a person can see; the skip link (shown on focus) and Anrufen's hidden
# default button for Enter (out of sight and out of the tab order) are not tapped.
# More targets can be named (e.g. the toggle labels of the entry forms).
SMALL_TARGETS = """(more) => {
  const small = [];
  for (const element of document.querySelectorAll("a[href], button, summary, input[type=submit]" + (more || ""))) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (element.closest(".visually-hidden-focusable, [hidden]")) continue;
    if (element.tagName !== "SUMMARY" && element.closest("details:not([open])")) continue;
    if (getComputedStyle(element).visibility === "hidden") continue;
    if (element.tabIndex < 0 && element.getAttribute("aria-hidden") === "true") continue;
    if (box.width < 44 || box.height < 44) {
      small.push(`${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 40)}" `
        + `${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}"""

# The rendered size of every chart text (its font size times the chart's scale on screen), and
# whether two end labels overlap.
CHART_TEXT = """() => {
  const svg = document.querySelector("svg.chart");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = Array.from(svg.querySelectorAll("text")).map(
    (text) => parseFloat(getComputedStyle(text).fontSize) * scale);
  const labels = Array.from(svg.querySelectorAll(".chart-label")).map((text) => text.getBoundingClientRect());
  let overlaps = 0;
  labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => {
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps += 1;
  }));
  const background = getComputedStyle(svg.querySelector(".chart-bg")).fill;
  return { smallest: Math.min(...sizes), overlaps, background, page: getComputedStyle(document.body).backgroundColor };
}"""


@pytest.fixture
def pages(night, owner):
    """The main pages, with a match of every game in play and one finished."""
    scoreboards = {}
    for game in registry.GAMES:
        match = MatchFactory(night=night, game=game, names=ABCD)
        enter_round(match, ROUND[game], number=1, user=owner)
        scoreboards[game] = match.get_absolute_url()
    finished = play_match(night, "murlan", ABCD, [{"order": ABCD}] * 7)
    anna = Player.objects.get(owner=owner, name="Anna")
    return {
        "home": "/",
        "night": night.get_absolute_url(),
        **{f"scoreboard {game}": url for game, url in scoreboards.items()},
        "finished match": finished.get_absolute_url(),
        "history": f"{scoreboards['molotow']}history/",
        "player": f"/players/{anna.pk}/",
        "leaderboards": "/leaderboards/",
        "rules": "/rules/",
        **{f"rules {game}": f"/rules/{game}/" for game in registry.GAMES},
    }


def test_every_link_and_button_is_at_least_44_by_44_pixels(logged_in, pages):
    page = logged_in
    small = {}
    for name, url in pages.items():
        page.goto(url)
        found = page.evaluate(SMALL_TARGETS)
        if found:
            small[name] = found
    assert small == {}


def test_in_landscape_the_scoreboards_targets_stay_thumb_sized(logged_in, pages):
    """The compact landscape entry (844x390) keeps every link, button and toggle at 44x44 px or more."""
    page = logged_in
    page.set_viewport_size({"width": 844, "height": 390})
    small = {}
    for name, url in pages.items():
        if not name.startswith("scoreboard"):
            continue
        page.goto(url)
        found = page.evaluate(SMALL_TARGETS, ", .entry-form label.btn, .entry-form .form-control")
        if found:
            small[name] = found
    assert small == {}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_in_either_theme(logged_in, pages, scheme):
    page = logged_in
    page.emulate_media(color_scheme=scheme)
    axe = Axe()
    violations = {}
    for name, url in pages.items():
        page.goto(url)
        assert page.evaluate("document.documentElement.dataset.bsTheme") == scheme
        found = axe.run(page).response["violations"]
        if found:
            violations[name] = [
                f"{violation['id']}: {[node['target'] for node in violation['nodes']][:3]}"
                for violation in found
            ]
    assert violations == {}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chart_reads_on_a_phone_in_the_page_colours(logged_in, night, owner, scheme):
    page = logged_in
    page.emulate_media(color_scheme=scheme)
    # Six players ending on nearly the same totals: the end labels must still stand apart.
    six = [*ABCD, "Ernst", "Fränzi"]
    match = play_match(night, "murlan", six, [{"order": six}, {"order": list(reversed(six))}])
    page.goto(match.get_absolute_url())
    page.locator("#match-chart").scroll_into_view_if_needed()  # the chart is drawn when it comes into view
    expect(page.get_by_role("img", name="Running totals, hand by hand")).to_be_visible()
    chart = page.evaluate(CHART_TEXT)
    assert chart["smallest"] >= 12, chart
    assert chart["overlaps"] == 0, chart
    assert chart["background"] == chart["page"], chart  # no white box in dark mode
