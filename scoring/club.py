"""The rules of a club night (../shared/spec/club-night.md): tables, byes, draws, table points, standings.

Pure Python, no Django: the web app (``companion/clubs/``), the night file import and the
``club_standings`` / ``club_draw`` commands call the same code. A rule the organiser can break
(too few players, a bad club file) raises :class:`ClubError`: one English sentence that says what
is wrong and where (``club.sittings[1].tables[0]: Dora is seated twice``), with a stable ``code``
and ``params`` so the web layer translates it like every engine error.

The API:

* :func:`table_plan` ``(n, game, table_size, smaller_tables) -> TablePlan``: how many tables of which
  size, and how many byes; :func:`table_sizes` the sizes a game allows.
* :func:`choose_byes`, :func:`meetings`, :func:`repeat_score`, :func:`draw` (``balanced`` / ``ranked``)
  ``-> Draw``; :func:`next_sitting` draws the next sitting of a :class:`Club`.
* :func:`table_points`, :func:`outcome` / :func:`outcome_of` (a table's :class:`Outcome`),
  :func:`standings` ``(club, provisional=False) -> list[Standing]``.
* :func:`read_club` checks a night file's ``"club"`` object against its matches ``-> Club``;
  :func:`read_club_file` does the whole file; :func:`club_document` writes the object back.

Every draw is reproducible: all randomness comes from ``random.Random(seed)``, the players are
sorted by name first, and the search counts its steps rather than timing them.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.base import FIRST_DEALER, Engine, Standings, is_int
from scoring.errors import Phrase, ScoringError, gettext_noop
from scoring.names import check_name, name_key
from scoring.registry import get_engine
from scoring.text import describe, quote

BALANCED = "balanced"
RANKED = "ranked"
MODES = (BALANCED, RANKED)
TABLE_POINTS = "table_points"
RESULTS = "results"
RANKINGS = (TABLE_POINTS, RESULTS)

EXACT_MOST = 16  # up to this many seated players the balanced draw finds the least repeat score
RANDOM_SEATINGS = 2000  # beyond it: never worse than the best of this many random seatings
RESTARTS = 12  # local searches from fresh random seatings, besides the one from the best random one
SEED_MOST = 999_999  # a seed chosen for the organiser: short enough to read off a screen
SEED_LIMIT = 2**63  # a seed in a file is a 64-bit whole number (what a database keeps)
COUNT_MOST = 1000  # drop worst and planned sittings: no club night comes near


class ClubError(ScoringError):
    """A club night rule broken; ``where`` is the place in the file (``club.sittings[1].tables[0]``).

    ``str()`` is ``"<where>: <sentence>"`` (or the sentence alone); :meth:`translated` keeps the
    place as it is (it names the file's fields) and translates the sentence.
    """

    def __init__(self, template: str, /, code: str = "club", *, where: str | None = None, **params: Any):
        self.where = where
        super().__init__(template, code, **params)

    @property
    def message(self) -> str:
        return f"{self.where}: {self.problem}" if self.where else self.problem

    def translated(self, gettext) -> str:
        problem = self.translated_problem(gettext)
        return f"{self.where}: {problem}" if self.where else problem


# --- how many tables ---------------------------------------------------------


@dataclass(frozen=True)
class TablePlan:
    """The tables of one sitting: their sizes (full tables first) and how many sit out."""

    sizes: tuple[int, ...]
    byes: int

    @property
    def tables(self) -> int:
        return len(self.sizes)

    @property
    def seated(self) -> int:
        return sum(self.sizes)


def table_sizes(game: str) -> range:
    """The player counts the game's engine allows at one table (molotow 4, anrufen 3 to 4, ...)."""
    engine = get_engine(game)
    return range(engine.min_players, engine.max_players + 1)


def smaller_tables_allowed(game: str, table_size: int, smaller_tables: bool = True) -> bool:
    """Whether tables of ``table_size - 1`` may be used: asked for, and a count the game allows."""
    return smaller_tables and (table_size - 1) in table_sizes(game)


def check_table_size(game: str, table_size: Any, where: str | None = None) -> int:
    engine = get_engine(game)
    if not is_int(table_size):
        raise ClubError(
            gettext_noop("the table size must be a whole number, not %(value)s"),
            "club.table_size_not_int",
            where=where,
            value=describe(table_size),
        )
    if table_size not in table_sizes(game):
        if engine.min_players == engine.max_players:
            template = gettext_noop("%(game)s is played at tables of exactly %(low)d players, not %(count)d")
        else:
            template = gettext_noop(
                "%(game)s is played at tables of %(low)d to %(high)d players, not %(count)d"
            )
        raise ClubError(
            template,
            "club.table_size",
            where=where,
            game=engine.title,
            low=engine.min_players,
            high=engine.max_players,
            count=table_size,
        )
    return table_size


def table_plan(present: int, game: str, table_size: int, smaller_tables: bool = True) -> TablePlan:
    """The tables for ``present`` entrants (spec "How many tables"); :class:`ClubError` when there are none.

    13 players of Anrufen at 4 → 4, 3, 3, 3; 14 of Molotow → 4, 4, 4 and 2 byes; 5 of Anrufen at 4
    → one table of 4 and 1 bye.
    """
    check_table_size(game, table_size)
    s = table_size
    if smaller_tables_allowed(game, s, smaller_tables):
        t = -(-present // s)
        if t > 0 and t * (s - 1) <= present:
            smaller = t * s - present
            return TablePlan((s,) * (t - smaller) + (s - 1,) * smaller, 0)
    t = present // s
    if t == 0:
        raise ClubError(
            gettext_noop("%(count)d present players are too few for a table of %(size)d: nothing was drawn"),
            "club.too_few",
            count=present,
            size=s - 1 if smaller_tables_allowed(game, s, smaller_tables) else s,
        )
    return TablePlan((s,) * t, present - t * s)


# --- byes --------------------------------------------------------------------


def choose_byes(
    present: Sequence[str], byes_so_far: Mapping[str, int], count: int, rng: random.Random
) -> list[str]:
    """``count`` present entrants with the fewest byes so far; among equals, at random (by ``rng``)."""
    order = sorted(present)
    rng.shuffle(order)
    order.sort(key=lambda name: byes_so_far.get(name, 0))  # stable: the shuffle breaks the ties
    return sorted(order[:count])


# --- the repeat score --------------------------------------------------------


def meetings(tables: Iterable[Sequence[str]]) -> dict[frozenset[str], int]:
    """``m(a, b)``: in how many of these tables (earlier sittings') ``a`` and ``b`` sat together."""
    met: dict[frozenset[str], int] = {}
    for table in tables:
        for pair in itertools.combinations(table, 2):
            key = frozenset(pair)
            met[key] = met.get(key, 0) + 1
    return met


def repeat_score(tables: Iterable[Sequence[str]], met: Mapping[frozenset[str], int]) -> int:
    """``R``: the sum over tables and over pairs at each table of ``m(a, b)``."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in itertools.combinations(table, 2))


# --- the draw ----------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    """A drawn sitting: its tables (players in seating order, table 1 first), byes, seed and ``R``."""

    seed: int
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]
    mode: str = BALANCED
    repeat_score: int = 0
    number: int | None = None

    def to_json(self) -> dict[str, Any]:
        """What ``club_draw`` prints: ``{"number", "seed", "tables", "byes"}``."""
        return {
            "number": self.number,
            "seed": self.seed,
            "tables": [
                {"table": number, "players": list(players)}
                for number, players in enumerate(self.tables, start=1)
            ],
            "byes": list(self.byes),
        }


def new_seed() -> int:
    """A seed for a draw that was not given one (from the system's randomness)."""
    return random.SystemRandom().randint(1, SEED_MOST)


def draw(
    present: Sequence[str],
    plan: TablePlan,
    *,
    mode: str = BALANCED,
    seed: int | None = None,
    history: Iterable[Sequence[str]] = (),
    byes_so_far: Mapping[str, int] | None = None,
    places: Mapping[str, int] | None = None,
) -> Draw:
    """Seat ``present`` at ``plan``'s tables.

    ``history``: the tables of the earlier sittings (for ``balanced``); ``byes_so_far``: each
    entrant's byes; ``places``: the standings before this sitting (for ``ranked``; an entrant
    missing there comes last). Byes are chosen first, then the seats; within a table the order
    is random. All of it follows from ``seed`` (a new one when ``None``: see :attr:`Draw.seed`).
    """
    if mode not in MODES:
        raise ClubError(
            gettext_noop("unknown draw %(value)s: expected %(choices)s"),
            "club.mode",
            value=describe(mode),
            choices=" or ".join(quote(choice) for choice in MODES),
        )
    if seed is None:
        seed = new_seed()
    if len(present) != plan.seated + plan.byes:
        raise ValueError("the plan is for another number of players")
    rng = random.Random(seed)
    players = sorted(present)
    byes = choose_byes(players, byes_so_far or {}, plan.byes, rng)
    seated = [name for name in players if name not in set(byes)]
    score = 0
    if mode == RANKED:
        ranked = list(seated)
        rng.shuffle(ranked)
        last = 1 + len(seated)
        ranked.sort(key=lambda name: (places or {}).get(name, last))
        groups, start = [], 0
        for size in plan.sizes:
            groups.append(ranked[start : start + size])
            start += size
        score = repeat_score(groups, meetings(history))
    else:
        groups, score = _balanced(seated, plan.sizes, meetings(history), rng)
    for group in groups:
        rng.shuffle(group)
    return Draw(seed, tuple(tuple(group) for group in groups), tuple(byes), mode, score)


def _balanced(
    seated: list[str], sizes: Sequence[int], met: Mapping[frozenset[str], int], rng: random.Random
) -> tuple[list[list[str]], int]:
    """Groups of ``sizes`` (in that order) with the least repeat score found, and that score."""
    order = list(seated)
    rng.shuffle(order)  # the search takes the first best it meets: a random one among equals
    n = len(order)
    weights = [[0] * n for _ in range(n)]
    for i, j in itertools.combinations(range(n), 2):
        weights[i][j] = weights[j][i] = met.get(frozenset((order[i], order[j])), 0)
    if not any(any(row) for row in weights):
        groups, start = [], 0  # nobody met yet: every seating has R = 0
        for size in sizes:
            groups.append(order[start : start + size])
            start += size
        return groups, 0
    best, cost = _best_random(weights, sizes, rng, RANDOM_SEATINGS)
    best, cost = _improve(best, weights, cost)
    for _ in range(RESTARTS):
        if cost == 0:
            break
        start_groups = _random_groups(n, sizes, rng)
        groups, found = _improve(start_groups, weights, _cost(start_groups, weights))
        if found < cost:
            best, cost = groups, found
    if n <= EXACT_MOST and cost > 0:
        best, cost = _exact(weights, sizes, best, cost)
    # Equal-sized groups are interchangeable: which of them is table 1 is random too.
    by_size: dict[int, list[list[int]]] = {}
    for group in best:
        by_size.setdefault(len(group), []).append(group)
    for same in by_size.values():
        rng.shuffle(same)
    ordered = [by_size[size].pop() for size in sizes]
    return [[order[i] for i in group] for group in ordered], cost


def _random_groups(n: int, sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    people = list(range(n))
    rng.shuffle(people)
    groups, start = [], 0
    for size in sizes:
        groups.append(people[start : start + size])
        start += size
    return groups


def _cost(groups: Iterable[Sequence[int]], weights: list[list[int]]) -> int:
    return sum(weights[a][b] for group in groups for a, b in itertools.combinations(group, 2))


def _best_random(
    weights: list[list[int]], sizes: Sequence[int], rng: random.Random, tries: int
) -> tuple[list[list[int]], int]:
    """The best of ``tries`` uniformly random seatings (the floor the spec sets beyond 16 players)."""
    n = len(weights)
    people = list(range(n))
    bounds, start = [], 0
    for size in sizes:
        bounds.append((start, start + size))
        start += size
    best_order, best_cost = list(people), None
    shuffle = rng.shuffle
    for _ in range(tries):
        shuffle(people)
        cost = 0
        for low, high in bounds:
            for x in range(low, high):
                row = weights[people[x]]
                for y in range(x + 1, high):
                    cost += row[people[y]]
        if best_cost is None or cost < best_cost:
            best_order, best_cost = list(people), cost
            if cost == 0:
                break
    return [best_order[low:high] for low, high in bounds], best_cost or 0


def _improve(groups: list[list[int]], weights: list[list[int]], cost: int) -> tuple[list[list[int]], int]:
    """Swap two players of different tables while that lowers ``R`` (best swap first)."""
    groups = [list(group) for group in groups]
    n = len(weights)
    table_of = [0] * n
    for number, group in enumerate(groups):
        for person in group:
            table_of[person] = number
    # sums[p][t]: p's meetings with the players at table t
    sums = [[sum(weights[p][q] for q in group) for group in groups] for p in range(n)]
    while True:
        best_delta, best_pair = 0, None
        for x in range(n):
            tx, sx, wx = table_of[x], sums[x], weights[x]
            for y in range(x + 1, n):
                ty = table_of[y]
                if tx == ty:
                    continue
                sy = sums[y]
                delta = sy[tx] - sx[tx] + sx[ty] - sy[ty] - 2 * wx[y]
                if delta < best_delta:
                    best_delta, best_pair = delta, (x, y)
        if best_pair is None:
            return groups, cost
        x, y = best_pair
        tx, ty = table_of[x], table_of[y]
        groups[tx][groups[tx].index(x)] = y
        groups[ty][groups[ty].index(y)] = x
        table_of[x], table_of[y] = ty, tx
        for p in range(n):
            row = sums[p]
            row[tx] += weights[p][y] - weights[p][x]
            row[ty] += weights[p][x] - weights[p][y]
        cost += best_delta


def _exact(
    weights: list[list[int]], sizes: Sequence[int], known: list[list[int]], known_cost: int
) -> tuple[list[list[int]], int]:
    """The least repeat score over every partition into tables of ``sizes``: branch and bound.

    Symmetry is broken by always seating the lowest unseated player next (tables of one size are
    interchangeable; their order is decided afterwards), so each partition is met once. The
    search looks only for partitions strictly better than the best known (the local search's,
    usually already the optimum). Every possible table is costed once, cheapest first per lowest
    player, so a branch stops at the first table too dear for what is left. What a set of
    unseated players can do at best is remembered per set, exactly once solved, else as a lower
    bound, so no set is searched twice with the same budget; a per-player bound (each one meets
    at least their cheapest neighbours) prunes the rest.
    """
    n = len(weights)
    full, small = max(sizes), min(sizes)
    full_count = sizes.count(full) if full != small else len(sizes)
    bits = [1 << p for p in range(n)]
    # tables_from[p]: (cost, mask, is_full) of every table whose lowest player is p, cheapest first.
    tables_from: list[list[tuple[int, int, bool]]] = []
    cost_of = [0] * (1 << n)  # by a table's mask (a list: the innermost loop indexes it)
    for p in range(n):
        row, tables = weights[p], []
        for size in {full, small}:
            for others in itertools.combinations(range(p + 1, n), size - 1):
                cost, table = 0, bits[p]
                for index, q in enumerate(others):
                    cost += row[q]
                    table |= bits[q]
                    other_row = weights[q]
                    for r in others[index + 1 :]:
                        cost += other_row[r]
                tables.append((cost, table, size == full))
                cost_of[table] = cost
        tables.sort(key=lambda item: item[0])
        tables_from.append(tables)
    cheapest = [sorted((weights[p][q], q) for q in range(n) if q != p) for p in range(n)]
    exact: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
    lower: dict[tuple[int, int], int] = {}

    def bound(mask: int) -> int:
        need, total = small - 1, 0
        for p in range(n):
            if mask & bits[p]:
                taken = 0
                for weight, q in cheapest[p]:
                    if mask & bits[q]:
                        total += weight
                        taken += 1
                        if taken == need:
                            break
        return (total + 1) // 2

    def last_two(
        mask: int, first: int, fulls: int, smalls: int, budget: int
    ) -> tuple[int, tuple[int, ...]] | None:
        """One or two tables left: every way to split them, without recursing (most of the work)."""
        if fulls + smalls == 1:
            cost = cost_of[mask]
            return (cost, (mask,)) if cost < budget else None
        rest = [bits[q] for q in range(first + 1, n) if mask & bits[q]]
        sizes_here = {full} if smalls == 0 else {small} if fulls == 0 else {full, small}
        best, limit, seat = None, budget, bits[first]
        for size in sizes_here:
            for others in itertools.combinations(rest, size - 1):
                table = seat + sum(others)
                cost = cost_of[table] + cost_of[mask ^ table]
                if cost < limit:
                    best, limit = (cost, (table, mask ^ table)), cost
        return best

    def search(mask: int, fulls: int, budget: int) -> tuple[int, tuple[int, ...]] | None:
        """The best seating of ``mask`` costing less than ``budget`` (tables as masks), or None."""
        if mask == 0:
            return (0, ()) if budget > 0 else None
        key = (mask, fulls)
        if key in exact:
            found = exact[key]
            return found if found[0] < budget else None
        floor = lower.get(key)
        if floor is None:
            floor = lower[key] = bound(mask)
        if floor >= budget:
            return None
        remaining = bin(mask).count("1")
        smalls = (remaining - fulls * full) // small if full != small else 0
        first = (mask & -mask).bit_length() - 1
        if fulls + smalls <= 2:
            found = last_two(mask, first, fulls, smalls, budget)
            if found is None:
                lower[key] = budget
            else:
                exact[key] = found
            return found
        outside = ~mask
        best: tuple[int, tuple[int, ...]] | None = None
        limit = budget
        candidates = tables_from[first]
        for cost, table, is_full in candidates:
            if cost >= limit:
                break
            if table & outside or not (fulls if is_full else smalls):
                continue
            found = search(mask & ~table, fulls - is_full, limit - cost)
            if found is not None:
                best = (cost + found[0], (table, *found[1]))
                limit = best[0]
        if best is None:
            lower[key] = budget
        else:
            exact[key] = best
        return best

    found = search((1 << n) - 1, full_count, known_cost)
    if found is None:
        return known, known_cost
    groups = [[p for p in range(n) if table & bits[p]] for table in found[1]]
    groups.sort(key=len, reverse=True)  # back into the order of ``sizes``: full tables first
    return groups, found[0]


def _combinations(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


# --- results across tables ---------------------------------------------------


def table_points(places: Mapping[str, int]) -> dict[str, int]:
    """(players with a worse place) - (players with a better place): places 1,2,3,4 give +3,+1,-1,-3."""
    return {
        name: sum(other > place for other in places.values())
        - sum(other < place for other in places.values())
        for name, place in places.items()
    }


@dataclass(frozen=True)
class Outcome:
    """A table's match as the standings count it: engine places, results (higher is better), finished."""

    places: dict[str, int]
    results: dict[str, int]
    finished: bool

    @property
    def table_points(self) -> dict[str, int]:
        return table_points(self.places)


def result_sign(engine: Engine, options: Mapping[str, Any]) -> int:
    """-1 where the lowest total wins (so that a higher result is always better), else 1."""
    return -1 if engine.lower_is_better(options) else 1


def outcome(
    game: str,
    options: Mapping[str, Any],
    totals: Mapping[str, int],
    places: Mapping[str, int],
    finished: bool,
) -> Outcome:
    """Results from totals: total - the starting total (Anrufen's chips), negated where lowest wins.

    ``options`` are the match's cleaned house rules (the engine reads its starting total there).
    """
    engine = get_engine(game)
    start, sign = engine.start_total(options), result_sign(engine, options)
    return Outcome(
        places=dict(places),
        results={name: sign * (total - start) for name, total in totals.items()},
        finished=finished,
    )


def outcome_of(result: Standings) -> Outcome:
    """The :class:`Outcome` of an engine's standings."""
    return outcome(result.game, result.options, result.totals, result.places, result.finished)


# --- a club night ------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A numbered table: players in seating order; ``outcome`` None while nothing is known of its match.

    ``match`` is the index of its match in a night file (only when read from or written to one).
    """

    number: int
    players: tuple[str, ...]
    outcome: Outcome | None = None
    match: int | None = None

    @property
    def finished(self) -> bool:
        return self.outcome is not None and self.outcome.finished


@dataclass(frozen=True)
class Sitting:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()
    seed: int | None = None
    mode: str = BALANCED

    @property
    def complete(self) -> bool:
        """Every table's match finished (by the rules or ended by the organiser)."""
        return all(table.finished for table in self.tables)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for table in self.tables for name in table.players)


@dataclass(frozen=True)
class Club:
    """A club night: its settings, entrants (``departed`` left early) and sittings so far."""

    game: str
    table_size: int
    options: dict[str, Any] = field(default_factory=dict)
    smaller_tables: bool = True
    ranking: str = TABLE_POINTS
    drop_worst: int = 0
    entrants: tuple[str, ...] = ()
    departed: tuple[str, ...] = ()
    sittings: tuple[Sitting, ...] = ()
    planned_sittings: int | None = None

    @property
    def present(self) -> tuple[str, ...]:
        gone = set(self.departed)
        return tuple(name for name in self.entrants if name not in gone)

    def plan(self, present: int | None = None) -> TablePlan:
        count = len(self.present) if present is None else present
        return table_plan(count, self.game, self.table_size, self.smaller_tables)


# --- standings -----------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """One entrant's line of the standings (spec "Standings")."""

    player: str
    place: int
    sittings: int
    table_points: int
    result: int
    wins: int

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "place": self.place,
            "sittings": self.sittings,
            "table_points": self.table_points,
            "result": self.result,
            "wins": self.wins,
        }


@dataclass(frozen=True)
class _Score:
    table_points: int
    result: int
    win: bool


def sitting_scores(sitting: Sitting, *, provisional: bool = False) -> dict[str, tuple[int, int, bool]]:
    """Each player's (table points, result, win) in one sitting; byes score (0, 0, False).

    Only finished tables count, unless ``provisional``: then running tables count as they stand.
    """
    scores: dict[str, tuple[int, int, bool]] = dict.fromkeys(sitting.byes, (0, 0, False))
    for table in sitting.tables:
        result = table.outcome
        if result is None or not (result.finished or provisional):
            continue
        points = result.table_points
        for name in table.players:
            scores[name] = (points[name], result.results[name], result.places[name] == 1)
    return scores


def standings(club: Club, *, provisional: bool = False) -> list[Standing]:
    """Every entrant's standing, best place first (then by name).

    Final standings count the complete sittings; ``provisional`` ones count every sitting, running
    tables as they stand (a table with nothing known of its match yet is left out).
    """
    per_player: dict[str, list[_Score]] = {name: [] for name in club.entrants}
    for sitting in club.sittings:
        if not (provisional or sitting.complete):
            continue
        for name, (points, result, win) in sitting_scores(sitting, provisional=provisional).items():
            per_player.setdefault(name, []).append(_Score(points, result, win))
    lines = []
    for name, scores in per_player.items():
        counted = scores
        if club.drop_worst and len(scores) >= club.drop_worst + 1:
            worst_first = sorted(scores, key=lambda s: (s.table_points, s.result, s.win))
            counted = worst_first[club.drop_worst :]
        lines.append(
            (
                name,
                len(scores),
                sum(s.table_points for s in counted),
                sum(s.result for s in counted),
                sum(s.win for s in counted),
            )
        )

    def key(line) -> tuple[int, int, int]:
        _name, _sittings, points, result, wins = line
        return (points, result, wins) if club.ranking != RESULTS else (result, points, wins)

    lines.sort(key=lambda line: (tuple(-value for value in key(line)), line[0].casefold(), line[0]))
    ranked = []
    for line in lines:
        place = 1 + sum(key(other) > key(line) for other in lines)
        ranked.append(Standing(line[0], place, line[1], line[2], line[3], line[4]))
    return ranked


def places_of(lines: Iterable[Standing]) -> dict[str, int]:
    return {line.player: line.place for line in lines}


# --- the next sitting ----------------------------------------------------------


def check_can_draw(club: Club) -> None:
    """A sitting is drawn only when the one before it is complete."""
    if club.sittings and not club.sittings[-1].complete:
        last = club.sittings[-1]
        raise ClubError(
            gettext_noop("sitting %(number)d is not complete yet: tables %(tables)s are still playing"),
            "club.sitting_running",
            number=last.number,
            tables=", ".join(str(table.number) for table in last.tables if not table.finished),
        )


def next_sitting(club: Club, *, mode: str = BALANCED, seed: int | None = None) -> Draw:
    """The next sitting of ``club`` for its present entrants (spec "The draw")."""
    check_can_draw(club)
    present = club.present
    plan = club.plan(len(present))
    byes_so_far: dict[str, int] = {}
    for sitting in club.sittings:
        for name in sitting.byes:
            byes_so_far[name] = byes_so_far.get(name, 0) + 1
    history = [table.players for sitting in club.sittings for table in sitting.tables]
    places = places_of(standings(club)) if mode == RANKED else None
    drawn = draw(present, plan, mode=mode, seed=seed, history=history, byes_so_far=byes_so_far, places=places)
    return Draw(
        drawn.seed, drawn.tables, drawn.byes, drawn.mode, drawn.repeat_score, number=len(club.sittings) + 1
    )


# --- the night file's "club" object ----------------------------------------------

CLUB_KEYS = (
    "game",
    "options",
    "table_size",
    "smaller_tables",
    "ranking",
    "drop_worst",
    "planned_sittings",
    "entrants",
    "departed",
    "sittings",
    "standings",  # written by an export, computed anew on import
)
SITTING_KEYS = ("number", "seed", "mode", "tables", "byes")
TABLE_KEYS = ("table", "players", "match")


def _unknown(data: Mapping, allowed: Sequence[str], where: str) -> None:
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise ClubError(
            gettext_noop("unknown field %(fields)s"),
            "club.unknown_field",
            where=where,
            fields=", ".join(quote(key) for key in unknown),
        )


def _object(value: Any, where: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise ClubError(
            gettext_noop("must be an object, not %(value)s"),
            "club.not_object",
            where=where,
            value=describe(value),
        )
    return value


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise ClubError(
            gettext_noop("must be a list, not %(value)s"), "club.not_list", where=where, value=describe(value)
        )
    return value


def _whole(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if not is_int(value):
        raise ClubError(
            gettext_noop("must be a whole number, not %(value)s"),
            "club.not_int",
            where=where,
            value=describe(value),
        )
    if low is not None and value < low:
        raise ClubError(
            gettext_noop("must be at least %(low)d, not %(value)s"),
            "club.too_low",
            where=where,
            low=low,
            value=describe(value),
        )
    if high is not None and value > high:
        raise ClubError(
            gettext_noop("must be at most %(high)d, not %(value)s"),
            "club.too_high",
            where=where,
            high=high,
            value=describe(value),
        )
    return value


def _entrant(value: Any, entrants: set[str], where: str) -> str:
    if not isinstance(value, str) or value not in entrants:
        raise ClubError(
            gettext_noop("%(value)s is not an entrant of the club night"),
            "club.not_an_entrant",
            where=where,
            value=describe(value),
        )
    return value


def _settings(data: Mapping) -> tuple[Engine, dict[str, Any], int, bool, str, int, int | None]:
    if "game" not in data:
        raise ClubError(
            gettext_noop("the club night has no %(field)s"), "club.missing", where="club", field=quote("game")
        )
    try:
        engine = get_engine(data["game"])
    except ScoringError as error:
        raise ClubError(error.template, error.code, where="club.game", **error.params) from None
    options = data.get("options")
    options = {} if options is None else _object(options, "club.options")
    if FIRST_DEALER in options:
        raise ClubError(
            gettext_noop("a club night's options never name %(option)s: the first seat at each table deals"),
            "club.first_dealer",
            where="club.options",
            option=quote(FIRST_DEALER),
        )
    if "table_size" not in data:
        raise ClubError(
            gettext_noop("the club night has no %(field)s"),
            "club.missing",
            where="club",
            field=quote("table_size"),
        )
    table_size = check_table_size(engine.key, data["table_size"], "club.table_size")
    try:
        engine.clean_options([f"player {seat}" for seat in range(1, table_size + 1)], dict(options))
    except ScoringError as error:
        raise ClubError(error.template, error.code, where="club.options", **error.params) from None
    smaller = data.get("smaller_tables", True)
    if not isinstance(smaller, bool):
        raise ClubError(
            gettext_noop("must be true or false, not %(value)s"),
            "club.not_bool",
            where="club.smaller_tables",
            value=describe(smaller),
        )
    ranking = data.get("ranking", TABLE_POINTS)
    if not isinstance(ranking, str) or ranking not in RANKINGS:
        raise ClubError(
            gettext_noop("unknown ranking %(value)s: expected %(choices)s"),
            "club.ranking",
            where="club.ranking",
            value=describe(ranking),
            choices=" or ".join(quote(choice) for choice in RANKINGS),
        )
    drop_worst = data.get("drop_worst", 0)
    if not is_int(drop_worst) or drop_worst < 0:
        raise ClubError(
            gettext_noop("drop worst must be a whole number of sittings, 0 or more, not %(value)s"),
            "club.drop_worst",
            where="club.drop_worst",
            value=describe(drop_worst),
        )
    _whole(drop_worst, "club.drop_worst", 0, COUNT_MOST)
    planned = data.get("planned_sittings")
    if planned is not None:
        planned = _whole(planned, "club.planned_sittings", 1, COUNT_MOST)
    return engine, dict(options), table_size, smaller, ranking, drop_worst, planned


def _names(data: Mapping, key: str, where: str) -> list[str]:
    names = _list(data.get(key, []), where)
    seen: dict[str, str] = {}
    for index, name in enumerate(names):
        try:
            check_name(name)
        except ScoringError as error:
            raise ClubError(error.template, error.code, where=f"{where}[{index}]", **error.params) from None
        if name_key(name) in seen:
            raise ClubError(
                gettext_noop("%(name)s is listed twice"),
                "club.listed_twice",
                where=f"{where}[{index}]",
                name=quote(name),
            )
        seen[name_key(name)] = name
    return list(names)


def read_club(data: Any, matches: Sequence[Standings]) -> Club:
    """Check a night file's ``"club"`` object against the file's scored ``matches``; :class:`ClubError`.

    Refused (spec "The night file"): a player seated twice in one sitting or both seated and sitting
    out, a name that is not an entrant, a table whose size breaks the table rules, a table's match
    with other players or another game, a ``match`` index that does not exist (or is another
    table's), sittings not numbered 1, 2, 3…, an incomplete sitting followed by another, an unknown
    ranking, a negative drop worst, a table size the game does not allow, and options the game
    refuses or that name a ``first_dealer``. ``"standings"`` is not read.
    """
    data = _object(data, "club")
    _unknown(data, CLUB_KEYS, "club")
    engine, options, table_size, smaller, ranking, drop_worst, planned = _settings(data)
    entrants = _names(data, "entrants", "club.entrants")
    known = set(entrants)
    departed = _list(data.get("departed", []), "club.departed")
    for index, name in enumerate(departed):
        _entrant(name, known, f"club.departed[{index}]")
        if name in departed[:index]:
            raise ClubError(
                gettext_noop("%(name)s is listed twice"),
                "club.listed_twice",
                where=f"club.departed[{index}]",
                name=name,
            )
    raw_sittings = _list(data.get("sittings", []), "club.sittings")
    used: dict[int, str] = {}
    sittings: list[Sitting] = []
    for index, raw in enumerate(raw_sittings):
        where = f"club.sittings[{index}]"
        if sittings and not sittings[-1].complete:
            before = sittings[-1]
            raise ClubError(
                gettext_noop(
                    "sitting %(number)d follows sitting %(before)d, which is not complete: "
                    "tables %(tables)s are still playing"
                ),
                "club.after_incomplete",
                where=where,
                number=index + 1,
                before=before.number,
                tables=", ".join(str(table.number) for table in before.tables if not table.finished),
            )
        sittings.append(_read_sitting(raw, index, where, engine, table_size, smaller, known, matches, used))
    return Club(
        game=engine.key,
        table_size=table_size,
        options=options,
        smaller_tables=smaller,
        ranking=ranking,
        drop_worst=drop_worst,
        entrants=tuple(entrants),
        departed=tuple(departed),
        sittings=tuple(sittings),
        planned_sittings=planned,
    )


def _read_sitting(
    raw: Any,
    index: int,
    where: str,
    engine: Engine,
    table_size: int,
    smaller: bool,
    known: set[str],
    matches: Sequence[Standings],
    used: dict[int, str],
) -> Sitting:
    raw = _object(raw, where)
    _unknown(raw, SITTING_KEYS, where)
    for key in ("number", "seed", "tables"):
        if key not in raw:
            raise ClubError(
                gettext_noop("the sitting has no %(field)s"), "club.missing", where=where, field=quote(key)
            )
    number = raw["number"]
    if not is_int(number) or number != index + 1:
        raise ClubError(
            gettext_noop("the sittings are numbered 1, 2, 3…: this one must be %(expected)d, not %(value)s"),
            "club.sitting_number",
            where=where,
            expected=index + 1,
            value=describe(number),
        )
    seed = _whole(raw["seed"], f"{where}.seed", -SEED_LIMIT, SEED_LIMIT - 1)
    mode = raw.get("mode", BALANCED)
    if not isinstance(mode, str) or mode not in MODES:
        raise ClubError(
            gettext_noop("unknown draw %(value)s: expected %(choices)s"),
            "club.mode",
            where=f"{where}.mode",
            value=describe(mode),
            choices=" or ".join(quote(choice) for choice in MODES),
        )
    seated: set[str] = set()
    tables: list[Table] = []
    allowed = {table_size}
    if smaller_tables_allowed(engine.key, table_size, smaller):
        allowed.add(table_size - 1)
    for number_index, raw_table in enumerate(_list(raw["tables"], f"{where}.tables")):
        at = f"{where}.tables[{number_index}]"
        raw_table = _object(raw_table, at)
        _unknown(raw_table, TABLE_KEYS, at)
        for key in TABLE_KEYS:
            if key not in raw_table:
                raise ClubError(
                    gettext_noop("the table has no %(field)s"), "club.missing", where=at, field=quote(key)
                )
        if not is_int(raw_table["table"]) or raw_table["table"] != number_index + 1:
            raise ClubError(
                gettext_noop(
                    "the tables are numbered 1, 2, 3…: this one must be %(expected)d, not %(value)s"
                ),
                "club.table_number",
                where=at,
                expected=number_index + 1,
                value=describe(raw_table["table"]),
            )
        players = _list(raw_table["players"], f"{at}.players")
        for name in players:
            _entrant(name, known, at)
            if name in seated:
                raise ClubError(
                    gettext_noop("%(name)s is seated twice"), "club.seated_twice", where=at, name=name
                )
            seated.add(name)
        if len(players) not in allowed:
            raise ClubError(
                gettext_noop("a table of %(count)d players, but the club night's tables seat %(sizes)s"),
                "club.table_size_broken",
                where=at,
                count=len(players),
                sizes=" or ".join(str(size) for size in sorted(allowed, reverse=True)),
            )
        tables.append(
            Table(
                number_index + 1,
                tuple(players),
                *_table_match(raw_table["match"], at, engine, players, matches, used),
            )
        )
    byes = _list(raw.get("byes", []), f"{where}.byes")
    for bye_index, name in enumerate(byes):
        at = f"{where}.byes[{bye_index}]"
        _entrant(name, known, at)
        if name in seated:
            raise ClubError(
                gettext_noop("%(name)s is both seated and sitting out"),
                "club.seated_and_bye",
                where=at,
                name=name,
            )
        if name in byes[:bye_index]:
            raise ClubError(gettext_noop("%(name)s sits out twice"), "club.bye_twice", where=at, name=name)
    present = len(seated) + len(byes)
    try:
        plan: TablePlan | None = table_plan(present, engine.key, table_size, smaller)
    except ClubError:
        plan = None  # too few for one table: no table is right
    sizes = tuple(len(table.players) for table in tables)
    if plan is None or plan.sizes != sizes or plan.byes != len(byes):
        raise ClubError(
            gettext_noop(
                "tables of %(sizes)s with %(byes)d byes break the table rules: %(count)d players sit at %(expected)s"
            ),
            "club.plan_broken",
            where=where,
            sizes=", ".join(map(str, sizes)) or "0",
            byes=len(byes),
            count=present,
            expected=(
                Phrase(
                    gettext_noop("tables of %(sizes)s with %(byes)d byes"),
                    sizes=", ".join(map(str, plan.sizes)),
                    byes=plan.byes,
                )
                if plan is not None
                else Phrase(gettext_noop("no table"))
            ),
        )
    return Sitting(index + 1, tuple(tables), tuple(byes), seed, mode)


def _table_match(
    value: Any,
    at: str,
    engine: Engine,
    players: list[str],
    matches: Sequence[Standings],
    used: dict[int, str],
) -> tuple[Outcome, int]:
    if not is_int(value) or not 0 <= value < len(matches):
        raise ClubError(
            gettext_noop("match %(value)s does not exist: the file has %(count)d matches, numbered from 0"),
            "club.no_such_match",
            where=at,
            value=describe(value),
            count=len(matches),
        )
    if value in used:
        raise ClubError(
            gettext_noop("match %(index)d is already the match of %(other)s"),
            "club.match_twice",
            where=at,
            index=value,
            other=used[value],
        )
    used[value] = at
    result = matches[value]
    if result.game != engine.key:
        raise ClubError(
            gettext_noop("match %(index)d is %(game)s, not the club night's %(club_game)s"),
            "club.match_game",
            where=at,
            index=value,
            game=get_engine(result.game).title,
            club_game=engine.title,
        )
    if list(result.players) != list(players):
        raise ClubError(
            gettext_noop("match %(index)d seats %(seated)s, not the table's %(players)s in this order"),
            "club.match_players",
            where=at,
            index=value,
            seated=", ".join(quote(name) for name in result.players),
            players=", ".join(players),
        )
    return outcome_of(result), value


def read_club_file(data: Any) -> Club:
    """A whole night file with a ``"club"`` object: every match scored, then the club checked."""
    from scoring.matchfile import read_match  # the match file reader imports the registry too

    if not isinstance(data, Mapping):
        raise ClubError(
            gettext_noop("a club night file is a JSON object with %(club)s and %(matches)s, not %(value)s"),
            "club.file_not_object",
            club=quote("club"),
            matches=quote("matches"),
            value=describe(data),
        )
    if "club" not in data:
        raise ClubError(gettext_noop("the file has no %(field)s"), "club.no_club", field=quote("club"))
    raw_matches = _list(data.get("matches", []), "matches")
    scored = []
    for index, raw in enumerate(raw_matches):
        try:
            scored.append(read_match(raw).score())
        except ClubError:
            raise
        except ScoringError as error:
            # The engine's own sentence, after where it is (read by the commands, in English).
            raise ClubError(
                "%(problem)s", error.code, where=f"matches[{index}]", problem=str(error)
            ) from None
    return read_club(data["club"], scored)


def club_document(club: Club, *, with_standings: bool = True) -> dict[str, Any]:
    """The ``"club"`` object of a night file (``Table.match`` the index of each table's match)."""
    document: dict[str, Any] = {
        "game": club.game,
        "options": dict(club.options),
        "table_size": club.table_size,
        "smaller_tables": club.smaller_tables,
        "ranking": club.ranking,
        "drop_worst": club.drop_worst,
    }
    if club.planned_sittings is not None:
        document["planned_sittings"] = club.planned_sittings
    document["entrants"] = list(club.entrants)
    document["departed"] = list(club.departed)
    sittings = []
    for sitting in club.sittings:
        written: dict[str, Any] = {"number": sitting.number, "seed": sitting.seed}
        if sitting.mode != BALANCED:
            written["mode"] = sitting.mode
        written["tables"] = [
            {"table": table.number, "players": list(table.players), "match": table.match}
            for table in sitting.tables
        ]
        written["byes"] = list(sitting.byes)
        sittings.append(written)
    document["sittings"] = sittings
    if with_standings:
        document["standings"] = [line.to_json() for line in standings(club)]
    return document
