"""What the scoreboard shows, built from a match and its standings (no queries beyond the match's own).

Views call :func:`scoreboard_context`; templates get plain values: players
with their totals, the leader(s), the running rows, and the names of the
game's partial templates.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from companion.games import registry
from companion.games.parts import winners_text
from companion.models import Match, RoundChange, Seat
from companion.nights.settlement import match_settle_text
from companion.offline.strings import STRINGS
from companion.play.charts import HEIGHT, WIDTH, match_chart, seat_colours
from companion.standings import seats_of
from scoring.base import Standings
from scoring.registry import ENGINES


@dataclass(frozen=True)
class PlayerLine:
    seat: Seat
    name: str
    total: int
    is_leader: bool
    is_winner: bool
    is_dealer: bool
    extra: dict[str, Any]


@dataclass(frozen=True)
class RoundRow:
    number: int
    cells: list[tuple[int, int]]  # (delta, running total) per seat
    extras: dict[str, Any]
    entry: dict[str, Any]
    # This round's entries of the engine's per-round lists in ``Standings.table`` (e.g. who
    # went out in an Elfer raus! game): a row template reads these, not the whole table,
    # so a round's rows depend on that round only and can be cached (``rounds_html``).
    table: dict[str, Any]
    # The entry's per-player values in seat order ("points": [90, 9, 34, 24]), for every part
    # of the entry that maps players to values: a row template lists them without a lookup by
    # name per seat, and whatever order the stored JSON has.
    by_seat: dict[str, list[Any]] = field(default_factory=dict)


def seat_order(entry: dict[str, Any], players: list[str]) -> dict[str, list[Any]]:
    """Each part of ``entry`` that maps players to values, as a list in seat order (None: not given)."""
    seated = set(players)
    return {
        key: [value.get(name) for name in players]
        for key, value in entry.items()
        if isinstance(value, dict) and value and seated.issuperset(value)
    }


def player_lines(match: Match, result: Standings) -> list[PlayerLine]:
    """The standing cards in seat order (as the players sit and as the rounds' columns run);
    ahead: first by the engine's places once a round is in."""
    someone_scored = bool(result.rounds)
    lines = []
    for seat in seats_of(match):
        name = seat.player.name
        lines.append(
            PlayerLine(
                seat=seat,
                name=name,
                total=result.totals[name],
                is_leader=someone_scored and result.places[name] == 1,
                is_winner=name in result.winners,
                is_dealer=name == result.dealer,
                extra={key: value[name] for key, value in result.extras.items() if isinstance(value, dict)},
            )
        )
    return lines


def round_rows(match: Match, result: Standings) -> list[RoundRow]:
    entries = {r.number: r.entry for r in match.rounds.all()}
    running = dict.fromkeys(result.players, registry.get(match.game).start_total(result.options))
    lists = per_round(result)
    rows = []
    for index, round_result in enumerate(result.rounds):
        cells = []
        for name in result.players:
            running[name] += round_result.deltas[name]
            cells.append((round_result.deltas[name], running[name]))
        rows.append(
            RoundRow(
                round_result.number,
                cells,
                round_result.extras,
                entries.get(round_result.number, {}),
                {key: value[index] for key, value in lists.items()},
                seat_order(entries.get(round_result.number, {}), list(result.players)),
            )
        )
    return rows


ROW_SECONDS = 6 * 3600


# Part of every cached row's key: a change to the rows' markup is not served from an older cache.
ROW_MARKUP = 2


def round_line(match: Match, row: RoundRow, *, editable: bool) -> str:
    """A round's first row: its number, each seat's running total and change, the Edit link.

    Built here rather than by a template: the rows a worker has not rendered yet (each
    process has its own cache) are rendered on a save, and this row was most of their cost.
    The row under it is the game's own template (``Game.row_template``).
    """
    cells = "".join(
        '<td class="text-end"><span class="running">{}</span> <small class="delta">({}{})</small></td>'.format(
            int(running), "+" if delta > 0 else "", int(delta)
        )
        for delta, running in row.cells
    )
    edit = ""
    if editable:
        edit = format_html(
            '<td class="text-end round-actions"><a class="btn btn-sm btn-link" href="{}" data-needs-connection>{}'
            '<span class="visually-hidden"> {}</span></a></td>',
            reverse("round_edit", args=[match.pk, row.number]),
            _("Edit"),
            registry.get(match.game).words.edit_link % {"number": row.number},
        )
    return f'<tr>\n      <th scope="row">{int(row.number)}</th>\n      {cells}{edit}\n    </tr>\n'


def rounds_html(
    match: Match, rows: list[RoundRow], lines: list[PlayerLine], *, editable: bool
) -> list[SafeString]:
    """The rounds table's rows, newest first, each round rendered once and then taken from the cache.

    A round's rows show only the round itself (its entry, changes, running totals and
    ``RoundRow.table``), the names at the table and the language, so a saved round
    leaves every earlier round's rows as they were: a save renders one round, not the
    whole table. The key is a digest of everything the rows are given.
    """
    game = registry.get(match.game)
    names = [line.name for line in lines]
    keys = [
        "round:"
        + hashlib.blake2b(
            repr((ROW_MARKUP, match.pk, game.row_template, get_language(), editable, names, row)).encode(),
            digest_size=16,
        ).hexdigest()
        for row in reversed(rows)
    ]
    found = cache.get_many(keys)
    missing = {}
    html = []
    for key, row in zip(keys, reversed(rows), strict=True):
        if key not in found:
            context = {
                "match": match,
                "row": row,
                "lines": lines,
                "editable": editable,
                **game.row_context(row.entry),
            }
            missing[key] = found[key] = round_line(match, row, editable=editable) + render_to_string(
                game.row_template, context
            )
        html.append(mark_safe(found[key]))  # rendered above or earlier from our own templates
    if missing:
        cache.set_many(missing, ROW_SECONDS)
    return html


def winners_sentence(result: Standings) -> str:
    winners = list(result.winners)
    if not winners:
        return ""
    if len(winners) == 1:
        return _("%(name)s wins!") % {"name": winners[0]}
    if len(winners) == len(result.players):
        return _("Everybody shares the win.")
    names = ", ".join(winners[:-1])
    return _("%(names)s and %(last)s share the win.") % {"names": names, "last": winners[-1]}


def signed(number: int) -> str:
    """A total as read aloud or shared: a real minus sign (U+2212), no plus."""
    return f"\u2212{-number}" if number < 0 else str(number)


def totals_sentence(lines: list[PlayerLine]) -> str:
    """Everybody's total, in seat order: "Anna 2, Beat 0, Cla -2, Dora 0" (with a real minus)."""
    return ", ".join(f"{line.name} {signed(line.total)}" for line in lines)


def saved_sentence(match: Match, number: int, lines: list[PlayerLine]) -> str:
    """What a screen reader hears after a save (the scoreboard's aria-live region)."""
    words = registry.get(match.game).words
    return words.saved % {"number": number, "totals": totals_sentence(lines)}


def share_text(match: Match, result: Standings) -> str:
    """The result of a finished match, to send to a chat.

    "Molotow Jass, Jassabend bei Chläus: Dora wins — Dora 5 · Chläus 2 · Beat 1 · Anna -2" (a real minus):
    by the engine's places, the winners first (equal places keep the seating order). When the night
    plays for money, who pays whom for this match follows: ". Settle up: Anna pays Dora CHF 1.40; …".
    """
    if not result.finished or not result.winners:
        return ""
    totals = " · ".join(f"{name} {signed(result.totals[name])}" for name in result.by_place())
    text = _("%(game)s, %(night)s: %(winners)s — %(totals)s") % {
        "game": match.get_game_display(),
        "night": match.night.title,
        "winners": winners_text(result.winners),
        "totals": totals,
    }
    # At the night's price for the game, the match's own payments follow (scoring.md §6).
    settle = match_settle_text(match, result.totals, result.options)
    return f"{text}. {settle}" if settle else text


# How many rounds waiting on a phone the scoreboard describes ahead (each is a round line rendered
# with every scoreboard): a table's evening offline, not a whole one. More waiting, the page asks
# to send them before the next (js/outbox-queue.js).
AHEAD_MOST = 12


@dataclass(frozen=True)
class Head:
    """What the top of the scoreboard says of the round to enter: its number and line, or that the match is over."""

    standings: Standings
    number: int  # the round to enter
    label: str  # "Round 4 of 12", or "Match over after 12 rounds"
    over: bool


def head(match: Match, result: Standings, more: int = 0) -> Head:
    """The scoreboard's head once ``more`` rounds, their entries not known yet, follow ``result``.

    With ``more``, the match ends only at its number of rounds: an end by the scores is told by the
    engine's preview of those rounds (play/preview.py), or by the server once they are stored.
    """
    played = len(result.rounds) + more
    limit = result.options.get("rounds")
    game = registry.get(match.game)
    if result.finished or (more and limit and played >= limit):
        return Head(result, played + 1, game.words.over_after % {"count": played}, True)
    ahead = ENGINES[result.game].ahead(result, more) if more else result
    return Head(ahead, played + 1, game.round_label(played + 1, limit), False)


def heads_ahead(match: Match, result: Standings) -> list[Head]:
    """What the scoreboard's head says after 0, 1, 2, … rounds waiting on a phone, up to the match's end.

    The page keeps them (detail.html#heads-ahead): while rounds wait offline it shows the one after
    them, as the server will once they are stored (js/outbox-queue.js), and no round past the last.
    """
    if result.finished:
        return []
    limit = result.options.get("rounds")
    count = min(limit - len(result.rounds), AHEAD_MOST) if limit else AHEAD_MOST
    return [head(match, result, more) for more in range(count + 1)]


def last_key(match: Match) -> str:
    """The key of the newest stored round ("" before the first): a page whose save of that round lost
    its answer knows its own entry by it, not as another phone's (js/live.js)."""
    newest = max(match.rounds.all(), key=lambda stored: stored.number, default=None)
    return str(newest.key) if newest is not None and newest.key else ""


def live_words(match: Match) -> dict[str, Any]:
    """What the page says when another phone changed the match, in the game's word (js/live.js)."""
    return {**STRINGS["live"], **registry.get(match.game).words.live}


def overtaken_choice(match: Match, result: Standings, number: int, entry=None) -> dict[str, Any]:
    """What the entry form says when another phone's change overtook ``entry``, typed for round ``number``.

    ``result``: the match as it is now. The entry is kept as typed; the person chooses to save it
    as the next round, or to drop it. A round stored meanwhile is said as such (and whether it is
    the very entry typed here: two phones entered the same deal); otherwise (rounds undone, or a
    race that another save won) the sentence names the next round.
    """
    words = live_words(match)
    following = len(result.rounds) + 1
    if following == number:  # the round was stored by a save that won the race for it
        following += 1
    values = {"number": number, "next": following}
    sentence = words["savedKept"] if following > number else words["movedKept"]
    stored = {r.number: r.entry for r in match.rounds.all()}
    if entry is not None and following > number and stored.get(number) == dict(entry):
        sentence = words["sameKept"]
    return {"sentence": sentence % values, "next": following, "save": words["saveAsNext"] % values}


def round_label(match: Match, result: Standings) -> str:
    played = len(result.rounds)
    limit = result.options.get("rounds")
    if result.finished:
        return registry.get(match.game).words.over_after % {"count": played}
    return registry.get(match.game).round_label(played + 1, limit)


def entry_form(match: Match, result: Standings, data=None, *, initial=None):
    """The game's entry form for the match as it stands (bound to ``data`` when given)."""
    game = registry.get(match.game)
    return game.entry_form(
        data,
        players=result.players,
        options=result.options,
        standings=result,
        initial=initial,
        **game.entry_kwargs(match),
    )


def standings_html(match: Match, result: Standings) -> SafeString:
    """The standing cards of ``result`` as the scoreboard shows them (detail.html#standings).

    The live preview of a new round sends them, so that Save paints the standings after that
    round at the tap (js/match.js) instead of after the save's round trip; the save's answer then
    puts the same cards in again, from the same template.
    """
    form = None if result.finished else entry_form(match, result, initial={"number": len(result.rounds) + 1})
    game = registry.get(match.game)
    context = {
        "standings": result,
        "lines": player_lines(match, result),
        "form": form,  # Elfer raus! counts each player's bonus cards from the next round's form
        "game_status": game.status_context(result),
        **game_templates(match),
    }
    return render_to_string("play/detail.html#standings", context)


def head_html(match: Match, result: Standings) -> SafeString:
    """The round line of ``result`` (detail.html#round-line): sent with a new round's preview, so a
    round waiting offline says the next round, its dealer and the match's end as the engine does."""
    return render_to_string(
        "play/detail.html#round-line", {"line": head(match, result), **game_templates(match)}
    )


def per_round(result: Standings) -> dict[str, list[Any]]:
    """The engine's per-round lists in ``Standings.table`` (one entry per round, e.g. who went out)."""
    return {
        key: list(value)
        for key, value in result.table.items()
        if isinstance(value, list | tuple) and len(value) == len(result.rounds)
    }


def rows_added(shown: Standings, result: Standings, rows: list[RoundRow]) -> list[RoundRow] | None:
    """The rows of ``result`` (``rows``) that a page showing ``shown`` lacks; None when it must be redrawn.

    Only new rounds at the end, after the same stored rounds: every earlier round must have
    scored exactly as the page shows it (its changes, extras and per-round table entries, from
    which its rows are built), so a game whose earlier rows change with a later round is
    redrawn. Decided from the standings, without building the rows the page already has.
    """
    count = len(shown.rounds)
    if not count or len(result.rounds) <= count or result.rounds[:count] != shown.rounds:
        return None
    before, after = per_round(shown), per_round(result)
    if before.keys() != after.keys() or any(after[key][:count] != before[key] for key in before):
        return None
    return rows[count:]


# How a save's answer is swapped: the form's hx-swap, and the view's HX-Reswap when it answers
# with an update of the top of the scoreboard only. The view stays where it is (no scrolling to
# the swapped part, none to a focused field): the next round is entered where the last one was.
SAVE_SWAP = "outerHTML show:none focus-scroll:false"


def scoreboard_context(
    match: Match,
    result: Standings,
    *,
    form=None,
    error: str = "",
    saved: int | None = None,
    added: list[RoundRow] | None = None,
    shown_version: str = "",
    rows: list[RoundRow] | None = None,
) -> dict[str, Any]:
    """``saved``: the number of the round just saved (the page then says so to screen readers).

    ``added``: the rows that the page that asked lacks (:func:`rows_added`), when it shows the
    match of version ``shown_version`` (as it was before this request changed it) and the change
    only added rounds: ``update`` is then that version and ``rounds_html`` holds only them: the answer
    is then an update of the page's scoreboard (play/detail.html#scoreboard-update), so a
    phone neither downloads nor lays out the whole rounds table again after each save.
    ``rows``: the match's rows (``round_rows``) when the caller has them already.
    """
    if form is None and not result.finished:
        form = entry_form(match, result, initial={"number": len(result.rounds) + 1})
    if rows is None:
        rows = round_rows(match, result)
    lines = player_lines(match, result)
    heads = heads_ahead(match, result)
    return {
        "chart_size": CHART_SIZE,
        "save_swap": SAVE_SWAP,
        "match": match,
        "night": match.night,
        "standings": result,
        "lines": lines,
        "saved": saved,
        "announce": saved_sentence(match, saved, lines) if saved else "",
        "share_text": share_text(match, result),
        "rows": rows,
        "rounds_html": rounds_html(match, rows if added is None else added, lines, editable=True),
        "update": shown_version if added is not None else "",
        "last_number": rows[-1].number if rows else None,
        "round_label": round_label(match, result),
        "head": heads[0] if heads else head(match, result),
        "heads_ahead": heads,
        "winners_sentence": winners_sentence(result),
        "form": form,
        "error": error,
        "open_ended": result.options.get("rounds", 0) is None,
        "game_status": registry.get(match.game).status_context(result),
        **game_templates(match),
        "entry_template": form.template_name if form is not None else "",
        "live_words": live_words(match),
        "last_key": last_key(match),
    }


def game_templates(match: Match) -> dict[str, Any]:
    """The game's own parts of a scoreboard page: its partials, script and style sheet."""
    game = registry.get(match.game)
    return {
        "game_parts": game,
        "status_template": game.status_template,
        "row_template": game.row_template,
    }


def recent_changes(match: Match, limit: int = 20):
    return list(RoundChange.objects.filter(match=match).select_related("user").order_by("-at", "-pk")[:limit])


# The chart's place on the scoreboard keeps its shape before it is drawn, so nothing moves then.
CHART_SIZE = (WIDTH, HEIGHT)


def chart(match: Match, result: Standings, rows: list[RoundRow]):
    """The running totals as SVG ("" before the first round), for ``play/views.match_chart``."""
    if not rows:
        return ""
    title = str(registry.get(match.game).words.chart_title)
    return match_chart(match.game, result, rows, title, seat_colours(seats_of(match)))
