"""Export: a match as its match file, a night as JSON, the rounds as CSV.

The documents are those of docs/match-format.md: a match is exactly its match file
(written by :func:`companion.standings.match_file`, so serialisation lives in
one place) and a night is ``{"game_night": {...}, "matches": [match, ...]}``, with
a club night's ``"club"`` object and its standings (../shared/spec/club-night.md).
Export, import (:mod:`companion.transfer.reading`, :mod:`companion.transfer.storing`)
and export again gives the same document.

**CSV** has one row per round and player: the round, the player, what the
round changed (``result``), the running ``total`` (Anrufen: the token
balance, starting chips included) and one column of the game's own
(``Game.csv_column``: Molotow the card points, Anrufen the player's
role, Elfer raus! the hand, Murlan the place). Headers and values are data, not
translated. A text cell that a spreadsheet would run as a formula (``=``, ``+``,
``-``, ``@``) gets a leading ``'``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.text import slugify

from companion import standings
from companion.clubs.models import ClubNight, ClubTable
from companion.clubs.standings import club_of
from companion.games import registry
from companion.models import GameNight, Match
from companion.nights.settlement import night_settlement
from scoring.club import club_document
from scoring.matchinfo import MatchInfo

CSV_HEADER = ("round", "player", "result", "total")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def match_document(match: Match) -> dict[str, Any]:
    """The match file of ``match`` (docs/match-format.md), with when it was played and its notes."""
    return {**scoring_document(match), **match_info(match).to_json()}


def scoring_document(match: Match) -> dict[str, Any]:
    """Only what scores: game, seats, house rules, rounds, and whether the table ended it."""
    return standings.match_file(match).to_json()


def match_info(match: Match) -> MatchInfo:
    """When the match started and ended (in the server's time zone), its breaks and its notes."""
    return MatchInfo(
        started_at=timezone.localtime(match.started_at),
        ended_at=timezone.localtime(match.finished_at) if match.finished_at else None,
        paused_seconds=match.paused_seconds,
        notes=match.notes,
    )


def night_matches(night: GameNight):
    """The night's matches in playing order, with seats, players and rounds in three queries."""
    return night.matches.in_playing_order().with_standings()


def night_document(night: GameNight) -> dict[str, Any]:
    """The night file; what the night plays for and its settlement only when it sets prices."""
    matches = list(night_matches(night))
    about = {"title": night.title, "date": night.date.isoformat(), "place": night.place, "notes": night.notes}
    document: dict[str, Any] = {"game_night": about, "matches": [match_document(match) for match in matches]}
    settlement = night_settlement(night, matches)
    if settlement is not None:
        about.update(currency=night.currency, prices=dict(night.prices))
        document["settlement"] = settlement.to_json()
    club = club_document_of(night, matches)
    if club is not None:
        document["club"] = club
    return document


def club_document_of(night: GameNight, matches: Sequence[Match]) -> dict[str, Any] | None:
    """A club night's ``"club"`` object with its standings (None for another night).

    Each table names its match by its index in ``matches``, the file's ``"matches"``.
    """
    try:
        club_night = night.club  # loaded with the night by access.get_night_for_user
    except ClubNight.DoesNotExist:
        return None
    club = club_of(club_night)
    index = {match.pk: number for number, match in enumerate(matches)}
    table_matches = {
        (sitting, table): match
        for sitting, table, match in ClubTable.objects.filter(sitting__club=club_night).values_list(
            "sitting__number", "number", "match_id"
        )
    }
    sittings = tuple(
        replace(
            sitting,
            tables=tuple(
                replace(table, match=index[table_matches[sitting.number, table.number]])
                for table in sitting.tables
            ),
        )
        for sitting in club.sittings
    )
    return club_document(replace(club, sittings=sittings))


def dumps(document: Mapping[str, Any]) -> str:
    """JSON as people read it too: names as written (ü, not \\u00fc), indented."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _stem(night: GameNight) -> str:
    return f"{slugify(night.title) or 'game-night'}-{night.date.isoformat()}"


def night_filename(night: GameNight, extension: str) -> str:
    """``friday-cards-2026-11-27.json``: the title as a slug, and the date."""
    return f"{_stem(night)}.{extension}"


def match_filename(match: Match, extension: str) -> str:
    """``friday-cards-2026-11-27-murlan-12.csv``: the night's name, the game and the match's id."""
    return f"{_stem(match.night)}-{match.game}-{match.pk}.{extension}"


def attachment(filename: str) -> str:
    """The Content-Disposition header value of a download."""
    return content_disposition_header(True, filename)


def rounds_csv(match: Match) -> str:
    """One row per round and player: result of the round and running total."""
    match_file = standings.match_file(match)
    result = match_file.score(closed=match.closed)
    players = match_file.players
    # What every player had before the first round: 0, or the starting chips in Anrufen.
    running = {name: result.totals[name] - sum(r.deltas[name] for r in result.rounds) for name in players}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*CSV_HEADER, registry.get(match.game).csv_column])
    for entry, round_result in zip(match_file.rounds, result.rounds, strict=True):
        for name in players:
            running[name] += round_result.deltas[name]
            writer.writerow(
                [
                    round_result.number,
                    _cell(name),
                    round_result.deltas[name],
                    running[name],
                    round_detail(match.game, entry, name),
                ]
            )
    return out.getvalue()


def round_detail(game: str, entry: Mapping[str, Any], name: str) -> str | int:
    """The player's part of one round entry, for the CSV's last column (the game's ``csv_detail``)."""
    return registry.get(game).csv_detail(entry, name)


def _cell(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_START) else text
