"""The printable report of a game night: its matches in order, their standings, winners and charts.

Everything is computed from the rounds by the engines (as the scoreboard
does), in four queries whatever the number of matches: the matches, their
seats with players, their rounds (the night itself is loaded by the view).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext

from companion.games import registry
from companion.models import GameNight, Match
from companion.nights.settlement import night_settlement_view
from companion.play.charts import match_chart, seat_colours
from companion.play.clock import Clock, clock
from companion.play.scoreboard import RoundRow, round_rows, winners_sentence
from companion.standings import seats_of, standings
from scoring.base import Standings


@dataclass(frozen=True)
class Place:
    rank: int
    name: str
    total: int
    won: bool
    detail: str  # the game's words beside the total (Molotow: "5 sticks, 2 potatoes"), or empty


@dataclass(frozen=True)
class MatchReport:
    number: int  # the match's place in the night, from 1
    match: Match
    standings: Standings
    places: list[Place]
    rows: list[RoundRow]
    chart: SafeString
    outcome: str  # who won, or that it is still being played
    clock: Clock  # when it started and ended, how long it took without the breaks


@dataclass(frozen=True)
class Tally:
    name: str
    played: int
    won: int


def night_matches(night: GameNight) -> list[Match]:
    """The night's matches in the order they started, with seats, players and rounds prefetched."""
    return list(night.matches.in_playing_order().with_standings())


def ranked(result: Standings) -> list[Place]:
    """By the engine's places, best first; equal totals share a place (1, 1, 3)."""
    detail = registry.get(result.game).place_detail
    return [
        Place(result.places[name], name, result.totals[name], name in result.winners, detail(result, name))
        for name in result.by_place()
    ]


def match_report(number: int, match: Match) -> MatchReport:
    result = standings(match)
    rows = round_rows(match, result)
    outcome = winners_sentence(result) if result.finished else gettext("Still being played.")
    title = gettext("Match %(number)d, %(game)s: running totals") % {
        "number": number,
        "game": match.get_game_display(),
    }
    return MatchReport(
        number,
        match,
        result,
        ranked(result),
        rows,
        match_chart(match.game, result, rows, title, seat_colours(seats_of(match))),
        outcome,
        clock(match),
    )


def night_report(night: GameNight) -> dict[str, Any]:
    """The report's context: every match, and who won how many matches of the night."""
    matches = night_matches(night)
    reports = [match_report(number, match) for number, match in enumerate(matches, start=1)]
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for report in reports:
        played.update(report.standings.players)
        won.update(report.standings.winners)
    tally = sorted(
        (Tally(name, played[name], won[name]) for name in played),
        key=lambda line: (-line.won, line.played, line.name.lower()),
    )
    return {
        "night": night,
        "reports": reports,
        "tally": tally,
        "finished": sum(1 for report in reports if report.standings.finished),
        "settlement": night_settlement_view(night, matches),
    }
