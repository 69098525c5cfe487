"""``{% for marks in line.extra.sticks|fives %}``: a tally's marks in groups of five, as on paper.

``7|fives`` is ``[5, 2]``. Each group is drawn as one element (Molotow's game.css): a
scoreboard with many marks then has a few elements to swap and lay out after each save,
not one per mark (at 30 deals, 20 instead of 110).
"""

from django import template

register = template.Library()


@register.filter
def fives(count) -> list[int]:
    count = max(int(count or 0), 0)
    return [5] * (count // 5) + ([count % 5] if count % 5 else [])
