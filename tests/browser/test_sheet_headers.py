"""A blank score sheet on a phone keeps each word of its column headers whole ("potatoes", not
"potato/es"): a header wraps only between words; the sheet scrolls sideways inside itself instead."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = ["molotow", "anrufen", "elfer", "counter", "murlan"]

# Every word of each header cell and on how many lines it is drawn (a split word is on two or more).
WORDS = """table => [...table.querySelectorAll('thead th')].flatMap(cell => {
  const found = [];
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('.visually-hidden')) continue;
    for (const match of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index); range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      found.push([match[0], tops.size]);
    }
  }
  return found;
})"""


@pytest.mark.parametrize("language", ["page", "german_page"])
@pytest.mark.parametrize("game", GAMES)
def test_no_header_word_of_a_blank_sheet_is_split_on_a_phone(request, game, language):
    page = request.getfixturevalue(language)
    page.goto(f"/rules/{game}/sheet/")
    words = page.locator(".sheet-table").evaluate(WORDS)
    assert words, "the sheet has headers"
    assert [word for word, lines in words if lines != 1] == []
    assert page.evaluate("document.documentElement.scrollWidth") == 390
