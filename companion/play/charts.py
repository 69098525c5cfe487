"""Small line charts of running totals, drawn on the server as SVG (no JavaScript, prints as is).

:func:`match_chart` draws a match's chart from its standings and the
scoreboard's rows (the scoreboard and the night report use it); underneath is
one function, :func:`running_totals_svg`::

    running_totals_svg(
        ["Anna", "Beat"],          # the players, in seating order
        [[3, 0], [5, 1]],          # running totals after each round, one value per player
        title="Murlan · running totals",
        start=0,                   # the totals before round 1 (Anrufen: the starting tokens)
        target=[21, 21],           # Murlan: the target line (see below)
        frame_rounds=None,         # Molotow: 12, so the axis shows the whole match
    )

It returns the SVG markup as a string (every name escaped; a template marks
it safe). The chart is meant for paper as much as for screens: black text on
white, thin grey grid, and each player's line differs by dash pattern *and*
colour, with the name and the last total at the end of the line, so it
reads in black and white and without colour vision. It carries ``<title>``
and ``<desc>`` (the final totals in words) for screen readers; pages show
the numbers in a table beside it as well.

Only SVG presentation attributes are used (no ``style``), so a strict
Content-Security-Policy does not affect it.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Mapping, Sequence
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from companion.games import registry
from scoring.base import Standings

# Drawn at about a phone's width (a 390-pixel phone shows it some 360 pixels wide), so the 14-unit
# text stays at least 12 pixels tall there; larger screens cap its height (app.css).
WIDTH, HEIGHT = 400, 270
LEFT, RIGHT, TOP, BOTTOM = 36, 120, 14, 34  # room for the axis labels and the names at the line ends
FONT_SIZE = 14
LABEL_GAP = 17  # the least vertical distance between two end labels (their text is FONT_SIZE tall)
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

# Dark enough to print, told apart by colour-blind readers, and each with its own dash pattern.
LINE_STYLES = (
    ("#0b5fa5", ""),  # blue, solid
    ("#c2410c", "8 4"),  # vermilion, dashed
    ("#047857", "2 3"),  # green, dotted
    ("#6d28d9", "10 3 2 3"),  # violet, dash-dot
    ("#111111", "4 2 1 2 1 2"),  # black, dash-dot-dot
    ("#a16207", "14 4"),  # ochre, long dashes
)
TARGET_COLOUR = "#555555"
GRID_COLOUR = "#c8c8c8"


def line_style(index: int) -> tuple[str, str]:
    """The (colour, dash pattern) of the ``index``-th player; the review pages use it for legends."""
    return LINE_STYLES[index % len(LINE_STYLES)]


_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")
EDGE_COLOUR = "#555555"


def own_colour(colour: str | None) -> str | None:
    """A player's own colour as a chart may draw it (``#rgb`` or ``#rrggbb``), else None."""
    return colour if colour and _HEX.fullmatch(colour) else None


def is_pale(colour: str) -> bool:
    """Too light to show on white paper by itself (a white or pale player): drawn with an edge."""
    digits = colour[1:] if len(colour) == 7 else "".join(part * 2 for part in colour[1:])

    def channel(value: int) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.6


def running_totals_svg(
    players: Sequence[str],
    rows: Sequence[Sequence[int] | Mapping[str, int]],
    *,
    title: str,
    start: int | Sequence[int] = 0,
    target: int | Sequence[int] | None = None,
    frame_rounds: int | None = None,
    desc: str | None = None,
    colours: Mapping[str, str | None] | None = None,
) -> str:
    """An SVG line chart of every player's running total, round by round.

    ``rows`` holds the totals after each round: a sequence in the order of
    ``players`` or a mapping by name. ``start`` is the value before round 1
    (one number for everybody, or one per player). ``target`` draws a
    horizontal line (an int) or, as a sequence of the target in force before
    round 1 and after each round, a step line where it rises. ``frame_rounds``
    stretches the round axis to that many rounds and marks the end. ``desc``
    replaces the generated description. ``colours``: each player's own colour by name, as
    their standing card shows it; a line is drawn in it (still with its own dash pattern),
    and a player without one gets the chart's colour for their seat.
    """
    names = list(players)
    series = _series(names, rows, start)
    rounds = len(rows)
    targets = _targets(target, rounds)
    last_round = max(rounds, frame_rounds or 0, 1)
    values = [value for line in series for value in line] + [value for value in targets] + [0]
    low, high, step = _scale(min(values), max(values))

    def x(round_number: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * round_number / last_round

    def y(value: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low)

    ident = "chart-" + hashlib.sha1(repr((title, names, series, targets)).encode()).hexdigest()[:10]
    description = desc if desc is not None else _describe(names, series, rounds)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-labelledby="{ident}-title {ident}-desc" '
        f'font-family="{escape(FONT)}" font-size="{FONT_SIZE}">',
        f'<title id="{ident}-title">{escape(title)}</title>',
        f'<desc id="{ident}-desc">{escape(description)}</desc>',
        f'<rect class="chart-bg" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    parts += _grid(x, y, low, high, step, last_round)
    if frame_rounds:
        parts.append(
            f'<line x1="{x(frame_rounds):.1f}" y1="{TOP}" x2="{x(frame_rounds):.1f}" y2="{HEIGHT - BOTTOM}" '
            f'stroke="{TARGET_COLOUR}" stroke-width="1" stroke-dasharray="3 3"/>'
        )
    if targets:
        parts += _target_line(x, y, targets)
    styles = _styles(names, colours or {})
    for index, line in enumerate(series):
        colour, dashes, kind = styles[index]
        points = " ".join(f"{x(number):.1f},{y(value):.1f}" for number, value in enumerate(line))
        dash = f' stroke-dasharray="{dashes}"' if dashes else ""
        if kind == "pale":  # a white player's line on white paper: a grey edge around it
            parts.append(
                f'<polyline class="chart-edge" points="{points}" fill="none" stroke="{EDGE_COLOUR}" '
                f'stroke-width="4.4" stroke-linejoin="round" stroke-linecap="round"{dash}/>'
            )
        player = escape(names[index])
        parts.append(
            f'<polyline class="chart-line-{kind}" data-player="{player}" points="{points}" fill="none" '
            f'stroke="{colour}" stroke-width="2.4" stroke-linejoin="round" stroke-linecap="round"{dash}/>'
        )
        edge = f' stroke="{EDGE_COLOUR}"' if kind == "pale" else ""
        parts.append(
            f'<circle class="chart-dot-{kind}" cx="{x(rounds):.1f}" cy="{y(line[-1]):.1f}" '
            f'r="3" fill="{colour}"{edge}/>'
        )
    parts += _end_labels(names, series, x(rounds), y, styles)
    parts.append("</svg>")
    return "".join(parts)


def _series(names: list[str], rows: Sequence, start: int | Sequence[int]) -> list[list[int]]:
    starts = [start] * len(names) if isinstance(start, int) else list(start)
    series = [[value] for value in starts]
    for row in rows:
        for index, name in enumerate(names):
            series[index].append(row[name] if isinstance(row, Mapping) else row[index])
    return series


def _targets(target: int | Sequence[int] | None, rounds: int) -> list[int]:
    if target is None:
        return []
    if isinstance(target, int):
        return [target] * (rounds + 1)
    return list(target)


def _scale(low: int, high: int) -> tuple[int, int, int]:
    """Axis bounds on whole "nice" steps (1, 2 or 5 times a power of ten), about five of them."""
    if high == low:
        high = low + 1
    raw = (high - low) / 5
    magnitude = 10 ** max(0, math.floor(math.log10(raw))) if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _round_step(last_round: int) -> int:
    """Every how many rounds the axis is labelled: 1, 2, 5, 10, 20, 50 … so at most ten labels show."""
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale):
            if last_round / step <= 10:
                return step
        scale *= 10


def _grid(x, y, low: int, high: int, step: int, last_round: int) -> list[str]:
    parts = []
    for value in range(low, high + 1, step):
        width, colour, kind = ("1.2", "#000000", "axis") if value == 0 else ("0.7", GRID_COLOUR, "grid")
        parts.append(
            f'<line class="chart-{kind}" x1="{LEFT}" y1="{y(value):.1f}" x2="{WIDTH - RIGHT}" y2="{y(value):.1f}" '
            f'stroke="{colour}" stroke-width="{width}"/>'
        )
        parts.append(
            f'<text class="chart-text" x="{LEFT - 6}" y="{y(value) + 5:.1f}" text-anchor="end" fill="#000000">{value}</text>'
        )
    every = _round_step(last_round)
    bottom = HEIGHT - BOTTOM
    parts.append(
        f'<line class="chart-axis" x1="{LEFT}" y1="{bottom}" x2="{WIDTH - RIGHT}" y2="{bottom}" stroke="#000000"/>'
    )
    for number in range(0, last_round + 1, every):
        parts.append(
            f'<line class="chart-axis" x1="{x(number):.1f}" y1="{bottom}" x2="{x(number):.1f}" y2="{bottom + 4}" '
            'stroke="#000000"/>'
        )
        parts.append(
            f'<text class="chart-text" x="{x(number):.1f}" y="{bottom + 19}" text-anchor="middle" '
            f'fill="#000000">{number}</text>'
        )
    return parts


def _target_line(x, y, targets: list[int]) -> list[str]:
    """A step line: flat while a target is in force, rising after the round that raised it."""
    path = [f"M{x(0):.1f},{y(targets[0]):.1f}"]
    labels = [(0, targets[0])]
    for number in range(1, len(targets)):
        path.append(f"H{x(number):.1f}")
        if targets[number] != targets[number - 1]:
            path.append(f"V{y(targets[number]):.1f}")
            labels.append((number, targets[number]))
    path.append(f"H{x(len(targets) - 1) + 0.1:.1f}")
    parts = [
        f'<path class="chart-target" d="{"".join(path)}" fill="none" stroke="{TARGET_COLOUR}" stroke-width="1.6" '
        'stroke-dasharray="6 2 1 2"/>'
    ]
    for number, value in labels:
        parts.append(
            f'<text class="chart-text-muted" x="{x(number) + 3:.1f}" y="{y(value) - 4:.1f}" fill="{TARGET_COLOUR}">'
            f"\u25b2 {value}</text>"
        )
    return parts


def _styles(names: list[str], colours: Mapping[str, str | None]) -> list[tuple[str, str, str]]:
    """Each player's (colour, dash pattern, kind): kind is the seat's style number, whose colour a
    dark page lightens (app.css), or "own" (the player's colour, the same on every page) or "pale"."""
    styles = []
    for index, name in enumerate(names):
        colour, dashes = line_style(index)
        own = own_colour(colours.get(name))
        if own is None:
            styles.append((colour, dashes, str(index % len(LINE_STYLES))))
        else:
            styles.append((own, dashes, "pale" if is_pale(own) else "own"))
    return styles


# An end label's baseline stays between these: its letters below the chart's top edge, and on the
# plot's bottom line at most (below it are the rounds' numbers).
LABEL_TOP = FONT_SIZE
LABEL_BOTTOM = HEIGHT - BOTTOM + 4
LABEL_CHARS = 12  # a longer label ("Maximiliane 30") runs off the chart's right edge in a wide phone font


def label_spots(wanted: Sequence[float]) -> list[float]:
    """Where the end labels stand (baselines, in the order of ``wanted``): each as near its line's end
    as it can be, no two closer than ``LABEL_GAP`` and all inside the chart (issue 37: two players
    ending close together had their labels on top of each other, or pushed off the top edge).

    Labels that would touch form a group, spaced ``LABEL_GAP`` apart around the middle of where its
    labels want to be, then held inside the chart; a group that meets another joins it. A label far
    from the crowd keeps its place by its line.
    """
    if not wanted:
        return []
    order = sorted(range(len(wanted)), key=lambda index: wanted[index])
    gap = min(LABEL_GAP, (LABEL_BOTTOM - LABEL_TOP) / max(len(wanted) - 1, 1))  # many labels: closer
    groups: list[list[int]] = []  # each a run of ``order``; its labels stand gap apart from its top

    def top_of(group: list[int]) -> float:
        middle = sum(wanted[index] for index in group) / len(group)
        top = middle - gap * (len(group) - 1) / 2
        return min(max(top, LABEL_TOP), LABEL_BOTTOM - gap * (len(group) - 1))

    for index in order:
        groups.append([index])
        while len(groups) > 1 and top_of(groups[-2]) + gap * len(groups[-2]) > top_of(groups[-1]):
            groups[-2:] = [groups[-2] + groups[-1]]
    spots = [0.0] * len(wanted)
    for group in groups:
        top = top_of(group)
        for place, index in enumerate(group):
            spots[index] = top + gap * place
    return spots


def label_text(name: str, total: int) -> str:
    """A line end's label: the name, shortened so that name and total stay inside the chart."""
    number = str(total)
    room = max(LABEL_CHARS - len(number) - 1, 3)
    return f"{name if len(name) <= room else name[: room - 1] + '…'} {number}"


def _end_labels(names: list[str], series: list[list[int]], end_x: float, y, styles) -> list[str]:
    """Name and last total at each line's end, nudged apart where lines end close together."""
    spots = label_spots([y(line[-1]) + 4 for line in series])
    parts = []
    for index, spot in enumerate(spots):
        colour, _dashes, kind = styles[index]
        # A pale player's name is written in the text colour: pale letters are not read on white.
        fill = f'fill="{colour}"' if kind != "pale" else 'fill="#000000"'
        parts.append(
            f'<text class="chart-label chart-label-{kind}" x="{end_x + 7:.1f}" y="{spot:.1f}" '
            f'{fill} font-weight="600">{escape(label_text(names[index], series[index][-1]))}</text>'
        )
    return parts


def _describe(names: list[str], series: list[list[int]], rounds: int) -> str:
    finals = ", ".join(f"{name} {line[-1]}" for name, line in zip(names, series, strict=True))
    over = ngettext("Running totals over %(count)d round.", "Running totals over %(count)d rounds.", rounds)
    return " ".join([over % {"count": rounds}, gettext("Last totals: %(totals)s.") % {"totals": finals}])


def match_chart(
    game: str,
    result: Standings,
    rows: Sequence,
    title: str,
    colours: Mapping[str, str | None] | None = None,
) -> SafeString:
    """A match's running totals as SVG: from the game's starting totals, with its target line if any,
    the frame of a fixed length. ``rows`` are the scoreboard's (``cells``: delta and running total);
    ``colours`` the players' own colours by name (:func:`seat_colours`)."""
    parts = registry.get(game)
    limit = result.options.get("rounds")
    totals = [[running for _delta, running in row.cells] for row in rows]
    svg = running_totals_svg(
        result.players,
        totals,
        title=title,
        start=parts.start_total(result.options),
        target=parts.chart_target(result),
        frame_rounds=limit if isinstance(limit, int) else None,
        desc=_described_in(parts.words, title, result.players, totals, result.by_place()),
        colours=colours,
    )
    return mark_safe(svg)  # running_totals_svg escapes every name and text it writes


def _described_in(
    words, title: str, names: Sequence[str], totals: list[list[int]], order: Sequence[str]
) -> str | None:
    """What a screen reader hears of a match's chart, in the game's word for a round, the last
    totals by place (``order``, the engine's): "Running totals, game by game: 3 games. Last totals:
    Anna 5, Beat 2." (None before the first)."""
    if not totals:
        return None
    last = dict(zip(names, totals[-1], strict=True))
    finals = ", ".join(f"{name} {last[name]}" for name in order)
    counted = words.count % {"count": len(totals)}
    return f"{title}: {counted}. " + gettext("Last totals: %(totals)s.") % {"totals": finals}


def seat_colours(seats: Sequence) -> dict[str, str | None]:
    """The colours the standing cards show, by player name, for :func:`match_chart`."""
    return {seat.player.name: seat.player.colour or None for seat in seats}
