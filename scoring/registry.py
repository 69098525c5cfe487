"""From a game key, as written in the match file, to its engine."""

from scoring.anrufen import Anrufen
from scoring.base import Engine, ScoringError
from scoring.elfer import Elfer
from scoring.molotow import Molotow
from scoring.murlan import Murlan

ENGINES: dict[str, Engine] = {engine.key: engine for engine in (Molotow(), Anrufen(), Elfer(), Murlan())}


def get_engine(game: object) -> Engine:
    if not isinstance(game, str) or game not in ENGINES:
        raise ScoringError(f"unknown game {game!r}: expected one of {', '.join(ENGINES)}")
    return ENGINES[game]
