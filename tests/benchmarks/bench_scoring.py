"""How long the engines take to fold rounds: ``make bench-scoring`` (not a test; prints figures).

Folding is pure arithmetic, so a whole 1,000-round match must take well under
a millisecond per round; the web app folds a match on every request.
"""

from __future__ import annotations

import random
import statistics
import time

from scoring.registry import get_engine

ABCD = ["Anna", "Beat", "Cla", "Dora"]


def molotow_rounds(rng: random.Random, count: int) -> list[dict]:
    rounds = []
    for _ in range(count):
        cuts = sorted(rng.sample(range(1, 157), 3))
        values = [a - b for a, b in zip([*cuts, 157], [0, *cuts], strict=True)]
        points = dict(zip(ABCD, values, strict=True))
        entry: dict = {"points": points}
        counts = {v: values.count(v) for v in values}
        if max(values) < 100 and 3 in counts.values():
            tied = [n for n in ABCD if counts[points[n]] == 3]
            entry["draw_loser"] = tied[0]
        rounds.append(entry)
    return rounds


def anrufen_rounds(rng: random.Random, count: int) -> list[dict]:
    rounds = []
    for _ in range(count):
        bidder, partner = rng.sample(ABCD, 2)
        rounds.append(
            {"bidder": bidder, "bid": "normal", "partner": partner, "points": rng.randrange(0, 91, 10)}
        )
    return rounds


def elfer_rounds(rng: random.Random, count: int) -> list[dict]:
    values = [v for v in range(1, 22) if v != 11]
    rounds = []
    for _ in range(count):
        out = rng.choice(ABCD)
        cards = {name: rng.sample(values, 3) for name in ABCD if name != out}
        rounds.append({"bonus": {out: 2}, "cards": cards, "jokers": {}})
    return rounds


def murlan_rounds(rng: random.Random, count: int) -> list[dict]:
    # Rotating orders keep everybody level, so the raised target is never reached alone.
    return [{"order": ABCD[i % 4 :] + ABCD[: i % 4]} for i in range(count)]


CASES = [
    ("molotow", {"rounds": 100}, molotow_rounds, 100),
    ("anrufen", {}, anrufen_rounds, 1000),
    ("elfer", {}, elfer_rounds, 1000),
    ("murlan", {"target": 1000, "max_target": 1000}, murlan_rounds, 600),
]


def main(repeats: int = 20) -> None:
    rng = random.Random(2026)
    print(f"{'game':<8} {'rounds':>6} {'median ms/match':>16} {'µs/round':>9}")
    for game, options, make, count in CASES:
        engine = get_engine(game)
        rounds = make(rng, count)
        timings = []
        for _ in range(repeats):
            start = time.perf_counter()
            engine.score(ABCD, options, rounds)
            timings.append(time.perf_counter() - start)
        median = statistics.median(timings)
        verdict = "PASS" if median / count < 0.001 else "FAIL"
        print(
            f"{game:<8} {count:>6} {median * 1000:>16.2f} {median / count * 1e6:>9.1f}  {verdict} under 1 ms a round"
        )


if __name__ == "__main__":
    main()
