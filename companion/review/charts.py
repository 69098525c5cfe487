"""The player page's chart: matches played and won per month (or year), as server-rendered SVG.

A pure function of the buckets ``companion.review.stats.results_over_time`` returns.
It needs no JavaScript, scales with its ``viewBox`` and looks like the match
charts of ``companion.play.charts`` (their font, grid colour and first line
colour; black on white, so it prints as it shows). The two series differ by
shape, not only colour: a won bar is filled, the rest of the played bar is
only outlined. Only presentation attributes are used (no ``style``), for the
strict Content-Security-Policy. The SVG carries a ``<title>`` and a ``<desc>``
for screen readers, and the page puts the same numbers in a table beside it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from companion.play.charts import FONT, GRID_COLOUR, line_style, own_colour, running_totals_svg

WON_COLOUR = line_style(0)[0]
WIDTH, HEIGHT = 420, 240  # drawn at about phone width (some 360 pixels): 15-unit text stays 12 pixels tall
FONT_SIZE = 15
LEFT, RIGHT, TOP, BOTTOM = 34, 6, 28, 24
MAX_LABELS = 6  # x-axis labels shown at most; the table beside the chart has them all


class BucketLike(Protocol):
    label: str
    played: int
    won: int


def _ticks(top: int) -> list[int]:
    """Gridlines from 0 past ``top`` on a round step (1, 2 or 5 times a power of ten), about four of them."""
    if top <= 0:
        return [0, 1]
    magnitude = 10 ** max(0, math.floor(math.log10(top / 4))) if top >= 4 else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude * 4 >= top)
    return list(range(0, math.ceil(top / step) * step + 1, step))


def results_over_time_svg(
    buckets: Sequence[BucketLike], *, title: str, description: str, chart_id: str, colour: str | None = None
) -> SafeString:
    """Bars per bucket: the outline is the matches played, the filled part the matches won.

    ``colour``: the player's own, as their standing cards and match charts show them (the
    first chart colour when they have none)."""
    won_colour = own_colour(colour) or WON_COLOUR
    ticks = _ticks(max((bucket.played for bucket in buckets), default=0))
    ceiling = ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(len(buckets), 1)
    bar = max(slot * 0.7, 1)

    def y(value: int) -> float:
        return TOP + plot_h - plot_h * value / ceiling

    chart_id = escape(chart_id)
    parts = [
        f'<svg class="chart chart-results" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-labelledby="{chart_id}-title {chart_id}-desc" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="{escape(FONT)}" font-size="{FONT_SIZE}" fill="#000000">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(description)}</desc>',
        f'<rect class="chart-bg" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    for tick in ticks:
        parts.append(
            f'<line class="chart-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            f'stroke="{GRID_COLOUR}" stroke-width="0.7"/>'
            f'<text class="chart-text" x="{LEFT - 6}" y="{y(tick) + 5:.1f}" text-anchor="end">{tick}</text>'
        )
    every = math.ceil(len(buckets) / MAX_LABELS) if buckets else 1
    for index, bucket in enumerate(buckets):
        x = LEFT + slot * index + (slot - bar) / 2
        parts.append(
            f'<rect class="chart-played" x="{x:.1f}" y="{y(bucket.played):.1f}" width="{bar:.1f}" '
            f'height="{y(0) - y(bucket.played):.1f}" fill="#ffffff" stroke="#000000" stroke-width="1.5">'
            f"<title>{escape(_bar_text(bucket))}</title></rect>"
        )
        if bucket.won:
            parts.append(
                f'<rect class="chart-won" x="{x:.1f}" y="{y(bucket.won):.1f}" width="{bar:.1f}" '
                f'height="{y(0) - y(bucket.won):.1f}" fill="{won_colour}" stroke="#000000" stroke-width="1.5"/>'
            )
        if index % every == 0:
            parts.append(
                f'<text class="chart-text" x="{x + bar / 2:.1f}" y="{HEIGHT - BOTTOM + 17}" '
                f'text-anchor="middle">{escape(bucket.label)}</text>'
            )
    parts.append(
        f'<line class="chart-axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
        'stroke="#000000" stroke-width="1.2"/>'
    )
    parts.append(_legend(won_colour))
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above is escaped


def _bar_text(bucket: BucketLike) -> str:
    return _("%(label)s: %(won)s won of %(played)s played") % {
        "label": bucket.label,
        "won": bucket.won,
        "played": bucket.played,
    }


def _legend(won_colour: str) -> str:
    won, played = escape(_("won")), escape(_("played"))
    return (
        '<g class="chart-legend">'
        f'<rect x="{LEFT}" y="6" width="12" height="12" fill="{won_colour}" stroke="#000000" stroke-width="1.5"/>'
        f'<text class="chart-text" x="{LEFT + 18}" y="17">{won}</text>'
        f'<rect class="chart-key-played" x="{LEFT + 90}" y="6" width="12" height="12" fill="#ffffff" stroke="#000000" '
        'stroke-width="1.5"/>'
        f'<text class="chart-text" x="{LEFT + 108}" y="17">{played}</text>'
        "</g>"
    )


def rating_history_svg(
    name: str, start: int, values: Sequence[int], *, title: str, description: str
) -> SafeString:
    """The player page's rating chart: one line over the player's matches, drawn like a match's chart
    (``companion.play.charts.running_totals_svg``: its axes, grid, line and end label), from ``start``,
    the rating before the first match shown, through the rating after each match."""
    svg = running_totals_svg(
        [name], [[value] for value in values], title=title, start=start, desc=description
    )
    return mark_safe(svg)  # running_totals_svg escapes every name and text it writes
