"""From a game key, as written in the match file, to its engine."""

from scoring.anrufen import Anrufen
from scoring.base import Engine, ScoringError, describe, gettext_noop
from scoring.counter import Counter
from scoring.elfer import Elfer
from scoring.molotow import Molotow
from scoring.murlan import Murlan

# Every game an engine scores: match files and ``manage.py score`` accept all of them.
GAMES: dict[str, Engine] = {
    engine.key: engine for engine in (Molotow(), Anrufen(), Elfer(), Murlan(), Counter())
}

# Every engine has its web side (companion/games/<key>/); the name stays for the callers.
ENGINES: dict[str, Engine] = GAMES


def get_engine(game: object) -> Engine:
    if not isinstance(game, str) or game not in GAMES:
        raise ScoringError(
            gettext_noop("unknown game %(game)s: expected one of %(games)s"),
            "game.unknown",
            game=describe(game),
            games=", ".join(GAMES),
        )
    return GAMES[game]
