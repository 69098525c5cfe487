"""Names and the games' words show whole on a 390-pixel phone: no word broken in the middle
("Ann a", "Durchmarsc h"), no short name cut ("An…"). Only a genuinely long name ends in an
ellipsis, and then its full text is still there: in the page for a screen reader, and as a title."""

import pytest

from companion.models import Player
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "A" * 40
FOUR = ["Anna", "Beat", "Cla", "Dora"]

# How a person sees `text` inside the element: on how many lines it is drawn, and whether the
# element cuts it off (an ellipsis, overflow hidden) or lets it spill over its edges.
SEEN = """([el, text]) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const tops = new Set();
  const box = el.getBoundingClientRect();
  let spills = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(text);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at); range.setEnd(node, at + text.length);
    for (const rect of range.getClientRects()) {
      if (rect.width === 0) continue;
      tops.add(Math.round(rect.top));
      spills ||= rect.left < box.left - 0.5 || rect.right > box.right + 0.5;
    }
  }
  const boxes = [el, ...el.querySelectorAll('*')];
  const cut = boxes.some(box => box.textContent.includes(text) && getComputedStyle(box).overflowX !== 'visible'
                                && box.scrollWidth > box.clientWidth + 0.5);
  return {lines: tops.size, cut: cut || spills};
}"""


def seen(locator, text):
    return locator.evaluate(f"(el, text) => ({SEEN})([el, text])", text)


def test_tapped_murlan_players_keep_their_names_whole(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="murlan", names=[*FOUR[:3], "Maximilian"])
    page.goto(match.get_absolute_url())
    taps = page.locator(".tap-player")
    taps.nth(0).click()
    taps.nth(1).click()  # the first two now carry their place, 1 and 2
    for index, name in enumerate([*FOUR[:3], "Maximilian"]):
        assert seen(taps.nth(index), name) == {"lines": 1, "cut": False}, name


def test_a_forty_letter_murlan_name_is_shortened_but_still_named(logged_in, night):
    page = logged_in
    match = MatchFactory(night=night, game="murlan", names=[LONG, *FOUR[1:]])
    page.goto(match.get_absolute_url())
    tap = page.locator(".tap-player").first
    assert seen(tap, LONG)["lines"] == 1
    assert page.get_by_role("button", name=LONG, exact=True).count() == 1
    assert page.locator(f'.tap-player [title="{LONG}"], .tap-player[title="{LONG}"]').count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") == 390


def test_german_contracts_keep_their_words_whole(german_logged_in, night):
    page = german_logged_in
    match = MatchFactory(night=night, game="anrufen", names=FOUR)
    page.goto(match.get_absolute_url())
    contracts = page.locator(".contract-grid")
    for word in ("Normal", "Hundert", "Bettel", "Durchmarsch"):
        label = contracts.locator("label", has_text=word).first
        assert seen(label, word) == {"lines": 1, "cut": False}, word
    through = contracts.locator("label", has_text="Durchmarsch").first
    through.click()  # chosen, it starts with a tick
    assert seen(through, "Durchmarsch") == {"lines": 1, "cut": False}


def test_four_standings_tiles_show_short_names_whole(logged_in, night, owner):
    page = logged_in
    names = ["Anna", "Beat", "Cla", "Dora"]
    match = MatchFactory(night=night, game="molotow", names=names)
    for name, colour in zip(names, ("#d63384", "#0d6efd", "#198754", "#fd7e14"), strict=True):
        Player.objects.filter(owner=owner, name=name).update(colour=colour, emoji="🃏")
    page.goto(match.get_absolute_url())
    tiles = page.locator(".standings-compact .standing-name")
    for index, name in enumerate(names):
        assert seen(tiles.nth(index), name) == {"lines": 1, "cut": False}, name


def test_a_long_name_in_a_standings_tile_takes_two_lines_ends_in_an_ellipsis_and_keeps_its_full_text(
    logged_in, night
):
    # A name wraps to two lines (issue 37: one line cut "Bartholomäus" to five letters); only a
    # name longer than that is cut, below its second line, never beside the card.
    page = logged_in
    match = MatchFactory(night=night, game="molotow", names=[LONG, *FOUR[1:]])
    page.goto(match.get_absolute_url())
    tile = page.locator(".standings-compact .standing-name").first
    shown = tile.evaluate(
        "(el) => ({lines: Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)),"
        " cut: el.scrollHeight > el.clientHeight + 0.5, spills: el.scrollWidth > el.clientWidth + 0.5})"
    )
    assert shown == {"lines": 2, "cut": True, "spills": False}
    assert tile.get_attribute("title") == LONG
    assert page.get_by_role("group", name="Standings").get_by_text(LONG, exact=True).count() == 1
