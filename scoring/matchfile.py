"""The match file of match-format.md: read it, score it, write it.

The ``score`` command, the match export and the night import all go through
here, so the file is read and written in one place.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.base import FIRST_DEALER, ScoringError, Standings, describe
from scoring.registry import get_engine

MATCH_KEYS = ("game", "players", "options", "rounds")


@dataclass(frozen=True)
class MatchFile:
    game: str
    players: list[str]
    options: dict[str, Any]
    rounds: list[dict[str, Any]]

    def score(self, *, closed: bool = False) -> Standings:
        return get_engine(self.game).score(self.players, self.options, self.rounds, closed=closed)

    def to_json(self) -> dict[str, Any]:
        return match_document(self.game, self.players, self.options, self.rounds)


def parse_json(text: str | bytes) -> Any:
    """JSON text to data; a syntax error becomes a sentence with line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ScoringError(
            f"the file is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except UnicodeDecodeError:
        raise ScoringError("the file is not UTF-8 text") from None


def read_match(data: Any) -> MatchFile:
    """Check the outer shape of a match; the engine checks seats, options and rounds."""
    if not isinstance(data, Mapping):
        raise ScoringError(f"a match must be a JSON object, not {describe(data)}")
    unknown = sorted(str(key) for key in data if key not in MATCH_KEYS)
    if unknown:
        raise ScoringError(f"unknown field {', '.join(repr(key) for key in unknown)} in the match")
    for key in ("game", "players", "rounds"):
        if key not in data:
            raise ScoringError(f"the match has no {key!r}")
    engine = get_engine(data["game"])
    players = list(engine.clean_players(data["players"]))
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise ScoringError(f"options must be an object, not {describe(options)}")
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise ScoringError(f"rounds must be a list, not {describe(rounds)}")
    return MatchFile(engine.key, players, dict(options), list(rounds))


def score_match(data: Any, *, closed: bool = False) -> Standings:
    return read_match(data).score(closed=closed)


def match_document(
    game: str, players: Sequence[str], options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """A match as the file writes it: keys in the order of match-format.md."""
    return {
        "game": game,
        "players": list(players),
        "options": dict(options),
        "rounds": [dict(entry) for entry in rounds],
    }


def with_first_dealer(options: Mapping[str, Any], players: Sequence[str], seat: int) -> dict[str, Any]:
    """House rules as the file writes them: ``first_dealer`` first, by name."""
    return {FIRST_DEALER: players[seat], **{k: v for k, v in options.items() if k != FIRST_DEALER}}


# Where a round entry names players, per game: keys of maps, single names, lists of names.
NAME_MAPS = {"molotow": ("points",), "anrufen": (), "elfer": ("bonus", "cards", "jokers"), "murlan": ()}
NAME_VALUES = {"molotow": ("draw_loser",), "anrufen": ("bidder", "partner"), "elfer": (), "murlan": ()}
NAME_LISTS = {"molotow": (), "anrufen": (), "elfer": (), "murlan": ("order",)}


def renamed(game: str, entry: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """``entry`` with its players renamed by ``names`` (old -> new); other names stay.

    Rounds name players (match-format.md), so a renamed player or an import in
    another spelling rewrites them here, the one place that knows where names stand.
    """
    entry = dict(entry)
    for key in NAME_MAPS[game]:
        if isinstance(entry.get(key), Mapping):
            entry[key] = {names.get(name, name): value for name, value in entry[key].items()}
    for key in NAME_VALUES[game]:
        if isinstance(entry.get(key), str):
            entry[key] = names.get(entry[key], entry[key])
    for key in NAME_LISTS[game]:
        if isinstance(entry.get(key), list):
            entry[key] = [names.get(name, name) for name in entry[key]]
    return entry
