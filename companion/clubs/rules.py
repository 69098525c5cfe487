"""The one place the club night's services ask the rules (``scoring/club.py``, ../shared/spec/club-night.md).

The services work with player ids; the rules with names or any hashable keys. Everything the
services need of the rules passes through :func:`plan` and :func:`draw`, so that the pure
module can change its shape without the views noticing.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

try:  # club-core's pure rules; until they are merged, the simple draw below stands in
    from scoring import club as _club
except ImportError:  # pragma: no cover - removed once scoring/club.py is on the branch
    _club = None

MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class Draw:
    """A drawn sitting: each table's players in seating order (seat 0 deals first), the byes, the seed."""

    tables: list[list[Hashable]]
    byes: list[Hashable]
    seed: int


def plan(present: int, size: int, *, smaller: bool, min_players: int) -> tuple[list[int], int]:
    """The table sizes for ``present`` players and how many sit out (spec: "How many tables")."""
    if size < 1:
        return [], present
    tables = -(-present // size)
    if smaller and size - 1 >= max(min_players, 1) and tables * (size - 1) <= present:
        short = tables * size - present
        return [size] * (tables - short) + [size - 1] * short, 0
    tables = present // size
    return [size] * tables, present - tables * size


def new_seed() -> int:
    return random.SystemRandom().randint(0, MAX_SEED)


def draw(
    present: Sequence[Hashable],
    *,
    size: int,
    smaller: bool,
    min_players: int,
    mode: str,
    history: Sequence[Sequence[Sequence[Hashable]]],
    byes_so_far: Mapping[Hashable, int],
    order: Sequence[Hashable] = (),
    seed: int | None = None,
) -> Draw:
    """Seat ``present`` at tables for the next sitting.

    ``history``: every earlier sitting's tables (lists of players); ``byes_so_far``: how often
    each player sat out; ``order``: the standings before this sitting, best first (``ranked``).
    """
    seed = new_seed() if seed is None else seed
    if _club is not None and hasattr(_club, "draw_sitting"):  # pragma: no cover - club-core's API
        return _club_draw(present, size, smaller, mode, history, byes_so_far, order, seed)
    sizes, bye_count = plan(len(present), size, smaller=smaller, min_players=min_players)
    rng = random.Random(seed)
    pool = list(present)
    rng.shuffle(pool)
    # Byes to the fewest byes so far; among equals at random (the shuffle).
    by_byes = sorted(pool, key=lambda player: byes_so_far.get(player, 0))
    byes = by_byes[:bye_count]
    seated = [player for player in pool if player not in byes]
    if mode == "ranked" and order:
        rank = {player: index for index, player in enumerate(order)}
        seated.sort(key=lambda player: rank.get(player, len(rank)))
    tables = []
    start = 0
    for count in sizes:
        table = seated[start : start + count]
        rng.shuffle(table)
        tables.append(table)
        start += count
    return Draw(tables, byes, seed)


def _club_draw(present, size, smaller, mode, history, byes_so_far, order, seed):  # pragma: no cover
    drawn = _club.draw_sitting(
        list(present),
        table_size=size,
        smaller_tables=smaller,
        mode=mode,
        history=history,
        byes=dict(byes_so_far),
        standings=list(order),
        seed=seed,
    )
    return Draw([list(table) for table in drawn.tables], list(drawn.byes), drawn.seed)
