"""The games the web knows, by the engine's key: ``companion.games.<key>.GAME`` for each engine.

Every engine in ``scoring.registry`` has a web side in ``companion/games/<key>/`` (a Django
app, installed by ``companion/settings.py`` for each engine) whose ``__init__`` defines
``GAME``, an instance of its :class:`companion.games.parts.Game`.
Shared code asks here (``registry.get(match.game).row_template``) instead of
asking which game it holds; ``tests/games/test_games_registry.py`` fails when a game
lacks a part.
"""

from __future__ import annotations

from importlib import import_module

from companion.games.parts import Game
from scoring.registry import ENGINES

# In the engines' order (molotow, anrufen, elfer, murlan, …): the order of every game list.
GAMES: dict[str, Game] = {key: import_module(f"companion.games.{key}").GAME for key in ENGINES}


def get(key: object) -> Game:
    """The game with this key; ``LookupError`` for anything else (a forged URL, an old row)."""
    if not isinstance(key, str) or key not in GAMES:
        raise LookupError(f"no game {key!r}")
    return GAMES[key]


def keys() -> tuple[str, ...]:
    return tuple(GAMES)


def choices() -> list[tuple[str, str]]:
    """(key, translated name) pairs for forms and menus."""
    return [(key, game.label) for key, game in GAMES.items()]


def label(key: str) -> str:
    return str(get(key).label)


DEFAULT = next(iter(GAMES))  # the game a new match or a leaderboard starts with
