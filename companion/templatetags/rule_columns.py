"""``{% rule_columns %}<section>…</section>…{% endrule_columns %}``: a rule summary in two columns.

The sections are split here, on the server, into two halves of about the same height, each in its
own column container; print.css sets the two side by side in a grid. CSS ``column-count`` would
balance them in the browser, but WebKit (every iPhone's Safari) ignores it when it paginates: it
printed the rules in one column, Anrufen's on two A4 pages. Two explicit containers paginate the
same in WebKit, Firefox and Chromium. On a phone the grid has one column: the first half, then the
second, the sections in their written order.
"""

import math
import re

from django import template
from django.utils.html import strip_tags
from django.utils.safestring import mark_safe

register = template.Library()

SECTION = re.compile(r"<section\b.*?</section>", re.DOTALL)
# About this many characters fit on one line of a printed column (9 pt, half of A4 less the gap).
LINE = 55


def height(section: str) -> float:
    """The printed height of a section in lines, roughly: its text, table rows, headings and gaps."""
    lines = 0.0
    for tag, block in re.findall(r"<(p|li|tr|h2)\b(.*?)(?=<(?:p|li|tr|h2)\b|$)", section, re.DOTALL):
        # A table row's cells are narrow: its text wraps about twice as often as a paragraph's.
        width = LINE / 2 if tag == "tr" else LINE
        lines += max(1, math.ceil(len(" ".join(strip_tags(block).split())) / width))
    headings = section.count("<h2")
    paragraphs = section.count("<p") + section.count("<table")
    return lines + 1.5 * headings + 0.4 * paragraphs


def balanced_split(heights: list[float]) -> int:
    """How many sections go into the first column so that the taller column is as short as it can be.

    A tie keeps more in the first column: a column is read top to bottom, the left one first.
    """
    total = sum(heights)
    best, best_tallest = len(heights), total
    for count in range(len(heights), -1, -1):
        first = sum(heights[:count])
        tallest = max(first, total - first)
        if tallest < best_tallest:
            best, best_tallest = count, tallest
    return best


@register.tag
def rule_columns(parser, token):
    nodelist = parser.parse(("endrule_columns",))
    parser.delete_first_token()
    return RuleColumnsNode(nodelist)


class RuleColumnsNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        sections = SECTION.findall(self.nodelist.render(context))
        count = balanced_split([height(section) for section in sections])
        columns = ["".join(sections[:count]), "".join(sections[count:])]
        inner = "".join(f'<div class="rules-column">{column}</div>' for column in columns if column)
        return mark_safe(f'<div class="rules-text">{inner}</div>')
