"""What the style sheets cost a phone at every save, not only how they look.

A save puts its round's rows on top of the rounds table. Chromium then restyles only what
the new rows can change, unless a style rule ends in a sibling combinator and a bare
universal part (Bootstrap's ``legend + *``): every element is matched against such a rule,
and every parent learns that its children depend on their neighbours, so putting one row
before the others restyled every row (500-600 elements a save at 30 rounds, instead of about
190; measured with Chromium's trace in ``make bench-entry``'s setting).
"""

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from companion.lib.static_files import bundles


def selectors(css: str) -> list[str]:
    """The selectors of every style rule in ``css`` (inside @media too; not keyframe steps)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for head in re.findall(r"([^{};]+)\{", css):
        head = head.strip()
        if head.startswith("@") or re.fullmatch(r"(from|to|[\d.]+%)(\s*,\s*(from|to|[\d.]+%))*", head):
            continue
        found += [part.strip() for part in top_level(head, ",")]
    return found


def top_level(text: str, separators: str) -> list[str]:
    """``text`` split at the ``separators`` that are outside parentheses."""
    parts, depth, current = [], 0, ""
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char in separators and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [*parts, current]


def restyles_siblings(selector: str) -> bool:
    """Whether ``selector`` has a sibling combinator (+ ~) and ends in a part that names nothing."""
    depth, last, sibling = 0, -1, False
    for index, char in enumerate(selector):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and char in " >+~":
            last = index
            sibling = sibling or char in "+~"
    rightmost = re.sub(r"\([^()]*\)", "", selector[last + 1 :].strip())
    return sibling and not re.search(r"^[a-zA-Z]|[.#\[]", rightmost)


def test_the_check_finds_what_it_looks_for():
    assert restyles_siblings("legend+*") and restyles_siblings(".a > legend ~ :not(.x)")
    assert not restyles_siblings("legend + .toggle-grid") and not restyles_siblings(
        ".table > :not(caption) > * > *"
    )
    assert selectors("@media (x){a+*{b:c}} @keyframes k{from{o:0}50%{o:1}} p,q{r:s}") == ["a+*", "p", "q"]


@pytest.mark.parametrize("bundle", [name for name in bundles() if name.endswith(".css")])
def test_no_style_a_match_page_loads_makes_a_save_restyle_the_whole_rounds_table(bundle):
    costly = [
        f"{source}: {selector}"
        for source in bundles()[bundle]
        for selector in selectors(Path(finders.find(source)).read_text(encoding="utf-8"))
        if restyles_siblings(selector)
    ]
    assert costly == []
