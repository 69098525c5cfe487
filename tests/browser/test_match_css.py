"""A match page loads Bootstrap cut to what a match page can show (make css, CSS_CUT=match): it may lack nothing the page uses.

The phone opens every game's match page as ``make serve`` sends it (the collected
``bundles/table-<game>.css``) and goes through what a table sees: rounds and the chart, a
save, a refused entry, an undo and its restore, an undo another phone already made (a
conflict), a lost connection, rounds waiting offline, the notice after a changed round, a
match the table ended, light and dark. The page itself watches: at load and on every change
of its document (a MutationObserver: what htmx swaps in, what the scripts add and take away
again) it looks for an element matched by a rule of full Bootstrap that the page's own style
sheets lack. Pseudo-classes and pseudo-elements are left out of each selector first (a
``:hover`` or ``::before`` rule needs its element on the page, as PurgeCSS decides too).
"""

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from companion.models import Round
from tests.browser.fixtures import log_in
from tests.browser.test_offline_browser import go_offline
from tests.factories import play_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FULL = Path(__file__).resolve().parents[2] / "assets/vendor/bootstrap/bootstrap.min.css"
NAMES = ["Anna", "Beat", "Cla", "Dora"]
ROUND = {
    "molotow": {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
    "anrufen": {"bidder": "Anna", "bid": "normal", "partner": "Cla", "points": 60},
    "elfer": {"cards": {"Beat": [3, 17], "Cla": [21], "Dora": [5]}},
    "murlan": {"order": NAMES},
    "counter": {"points": {"Anna": 20, "Beat": -5}},
}

# Rules purgecss.config.cjs's blocklist drops on purpose (Bootstrap's `legend + *` made every
# save restyle the whole rounds table: tests/serving/test_css_costs.py), as Chromium writes them.
ON_PURPOSE = ["legend + *"]

# Runs in every page before its own scripts. window.__cssMissing (exposed by the test) hears
# of each selector of full Bootstrap the page's style sheets lack and an element matches.
WATCH = """
(() => {
  const full = new CSSStyleSheet();
  full.replaceSync(%(full)s);
  function selectors(rules, into) {
    for (const rule of rules) {
      if (rule.selectorText) {
        let depth = 0, start = 0;
        const text = rule.selectorText + ",";
        for (let i = 0; i < text.length; i++) {
          if (text[i] === "(") depth++;
          else if (text[i] === ")") depth--;
          else if (text[i] === "," && depth === 0) { into.add(text.slice(start, i).trim()); start = i + 1; }
        }
      }
      if (rule.cssRules) selectors(rule.cssRules, into);
    }
    return into;
  }
  // ".btn:not(:disabled):hover" -> ".btn", "::backdrop" -> "*", "> :not(.a) + .b" -> "> * + .b"
  const PSEUDO = /::?[\\w-]+(?:\\((?:[^()]|\\([^()]*\\))*\\))?/g;
  function relaxed(selector) {
    return selector.replace(PSEUDO, (found, at, text) => (at === 0 || /[\\s>+~(,]/.test(text[at - 1]) ? "*" : ""));
  }
  function watch() {
    const shipped = new Set();
    for (const sheet of document.styleSheets) selectors(sheet.cssRules, shipped);
    const onPurpose = new Set(%(on_purpose)s);
    const dropped = [...selectors(full.cssRules, new Set())].filter((s) => !shipped.has(s) && !onPurpose.has(s));
    const checks = [];
    for (const selector of dropped) {
      const plain = relaxed(selector);
      if (plain.trim() === "*") continue; // a rule for no element in particular (::backdrop)
      try { document.querySelector(plain); checks.push([selector, plain]); } catch (error) { /* not a selector left */ }
    }
    const told = new Set();
    window.__cssTold = told;
    function look(where) {
      for (const [selector, plain] of checks) {
        const element = !told.has(selector) && document.querySelector(plain);
        if (element) {
          told.add(selector);
          window.__cssMissing(selector, `${where}: <${element.localName} class="${element.className.baseVal ?? element.className}">`);
        }
      }
    }
    window.__cssChecks = checks.length;
    look("loaded");
    new MutationObserver(() => look("changed")).observe(document.documentElement, {
      subtree: true, childList: true, attributes: true,
    });
  }
  if (document.readyState === "complete") watch(); else window.addEventListener("load", watch);
})();
"""


@pytest.fixture
def watched(collected_page):
    """The phone on the collected files, reporting what its style sheets lack (see WATCH)."""
    page = collected_page
    reported = {}
    page.expose_function(
        "__cssMissing", lambda selector, where: reported.setdefault(selector, f"{page.url} {where}")
    )
    page.add_init_script(WATCH % {"full": json.dumps(FULL.read_text()), "on_purpose": json.dumps(ON_PURPOSE)})
    page.missing = reported
    return page


def open_match(page, match):
    page.goto(match.get_absolute_url())
    expect(page.locator("#scoreboard")).to_be_visible()
    watching(page)
    assert [name for name in page.served if name.startswith(f"table-{match.game}.")], page.served


def watching(page):
    """Wait until the page has looked once (at its load event); then it looks at every change."""
    page.wait_for_function("() => window.__cssChecks > 1000")  # full Bootstrap's rules the cut left out


def missing(page) -> dict[str, str]:
    """What the pages reported, and what this page found but may not have reported yet."""
    return {**dict.fromkeys(page.evaluate("() => [...window.__cssTold]"), page.url), **page.missing}


def notice(page):
    return page.locator(".table-notice")


@pytest.mark.parametrize("game", list(ROUND))
def test_a_match_page_uses_no_bootstrap_rule_its_style_sheets_lack(watched, owner, night, game):
    page = watched
    log_in(page, owner)
    match = play_match(night, game, NAMES, [ROUND[game]] * 2)
    # A page that hears nothing of the other phone below (its event stream is cut), so that its
    # undo is the one that missed the other's and answers with a conflict.
    page.route("**/events/**", lambda route: route.abort())

    open_match(page, match)
    page.emulate_media(color_scheme="dark")  # js/theme.js sets data-bs-theme="dark"
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    page.emulate_media(color_scheme="light")

    # An entry the server refuses (nothing typed), said in place.
    page.locator(".save-round").click()
    expect(page.locator("#entry-error")).to_be_visible()

    # Undo, its notice and Restore; then the same undo from a page that missed it: a conflict.
    page.locator("#match-actions form[action$='/undo/'] button").click()
    expect(page.locator(".restore-form button")).to_be_visible()
    page.locator(".restore-form button").click()
    expect(notice(page)).to_be_visible()
    expect(page.locator(".restore-form")).to_have_count(0)
    other = Client()  # another phone at the table undoes the same round first
    other.force_login(owner)
    last = Round.objects.filter(match=match).order_by("-number").first().number
    assert other.post(reverse("round_undo", args=[match.pk]), {"number": last}).status_code == 302
    page.locator("#match-actions form[action$='/undo/'] button").click()
    # The conflict's own notice: the restore's notice was on the screen before the tap.
    expect(notice(page)).to_contain_text("already undone")

    # A request the network loses: js/net-errors.js says so.
    page.reload()
    page.route("**/rounds/undo/", lambda route: route.abort())
    page.locator("#match-actions form[action$='/undo/'] button").click()
    expect(page.locator("[data-net-error]:visible, .net-error:visible").first).to_be_visible()
    page.unroute("**/rounds/undo/")

    # A changed round: back on the match page with the notice of the change.
    number = Round.objects.filter(match=match).order_by("-number").first().number
    page.goto(reverse("round_edit", args=[match.pk, number]))
    page.locator(".save-round").click()
    expect(page.locator(".messages .alert")).to_be_visible()
    watching(page)

    # A match the table ended: the winners, Rematch and Resume.
    ended = play_match(night, game, NAMES, [ROUND[game]] * 2, closed=True)
    open_match(page, ended)
    expect(page.locator(".winner-banner")).to_be_visible()
    page.emulate_media(color_scheme="dark")
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    page.emulate_media(color_scheme="light")

    assert missing(page) == {}, (
        f"run `make css`; a match page uses rules its Bootstrap cut lacks: {missing(page)}"
    )


NO_CONNECTION = "Not saved — no connection. Your entry is kept; tap Save again."


def test_a_molotow_deal_saved_and_deals_waiting_offline_use_no_rule_the_cut_lacks(watched, owner, night):
    page = watched
    log_in(page, owner)
    match = play_match(night, "molotow", NAMES, [ROUND["molotow"]])
    open_match(page, match)
    page.wait_for_load_state("networkidle")

    def deal(points):
        for name, value in zip(["Anna", "Beat", "Cla"], points, strict=True):
            page.get_by_role("textbox", name=name, exact=True).fill(str(value))
        page.get_by_role("button", name="Save round").click()

    deal([90, 9, 34])  # the htmx update: the top, the actions and the chart, a changed total lit
    expect(page.get_by_role("heading", name=re.compile("Enter: Round 3 of 12"))).to_be_visible()
    expect(page.locator(".changed").first).to_be_attached()
    go_offline(page)
    deal([20, 100, 20])
    # Into the outbox: the next deal is typed into the fresh form it puts in (the heading follows it).
    expect(page.get_by_role("heading", name=re.compile("Enter: Round 4 of 12"))).to_be_visible()
    deal([60, 40, 30])
    expect(page.locator("tr.outbox-row")).to_have_count(2)
    page.context.set_offline(False)
    # Sent at once, or by the outbox's retry 10 s later when the network was not back yet.
    expect(page.locator("tr.outbox-row")).to_have_count(0, timeout=25_000)
    expect(page.get_by_role("heading", name=re.compile("Enter: Round 5 of 12"))).to_be_visible()
    assert missing(page) == {}, (
        f"run `make css`; a match page uses rules its Bootstrap cut lacks: {missing(page)}"
    )
