"""Records and streaks per game, from the nights a user may see, over a period.

Each record is one query for its best row, whatever the number of nights:

* **Best and worst match total** and the **best single round** come from the feats
  kept for every finished seat (``companion.review.models.Feat``); their ``rank``
  already respects the game's direction (a game played lowest-wins ranks the
  lowest total first), so "best" is always the highest rank. The match total is
  the seat's ``score``: the total, less the starting chips in Anrufen.
* **The longest winning streak** is the longest run of matches of the game won in
  a row by one player (``Rating.streak``), linked to the match that reached it.
* **The most matches in a night** counts one player's finished matches of the game
  in one night, and links to the night.
* **The game's own records** (``Game.records``: most potatoes in a Molotow,
  the biggest Anrufen payout, most bonus cards in an Elfer game, the fastest
  Murlan win) are feats like the first three.

A tie goes to whoever set the record first: the earlier night, then the match started
first that night, then (for the best single round, where two seats of one match can reach the
same round) the earlier round. That last step folds the one match again (its seats and rounds:
two more queries, whatever the number of nights), and only when seats of one match tied.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Prefetch, QuerySet, prefetch_related_objects
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from companion import standings as standings_service
from companion.access import nights_for
from companion.games import registry
from companion.games.parts import count_text
from companion.models import GameNight, Player, Seat
from companion.review.models import Feat, Rating
from companion.review.stats import Period, finished_seats
from scoring.base import ScoringError
from scoring.registry import ENGINES


@dataclass(frozen=True)
class Record:
    key: str
    label: str
    text: str  # the record in words: "+7", "5 wins in a row"
    player: Player
    night: GameNight
    url: str  # the match that set it (the night, for the most matches in a night)


def signed(value: int) -> str:
    """A total or a round as the review pages write it: +4, 0, -3 (with a real minus sign)."""
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


@dataclass(frozen=True)
class Kind:
    key: str
    label: str
    text: Callable[[int], str]
    worst: bool = False  # the lowest rank, not the highest


def kinds(game: str) -> list[Kind]:
    """The feat records of a game in the order the page shows them."""
    parts = registry.get(game)
    return [
        Kind("total", _("Best match total"), signed),
        Kind("total", _("Worst match total"), signed, worst=True),
        Kind("round", _("Best single round"), signed),
        *(Kind(record.key, record.label, record.text) for record in parts.records),
    ]


def _in(within: Period, path: str) -> dict:
    bounds = {}
    if within.start is not None:
        bounds[f"{path}__gte"] = within.start
    if within.end is not None:
        bounds[f"{path}__lt"] = within.end
    return bounds


def records(user: AbstractBaseUser, game: str, within: Period) -> list[Record]:
    """Every record of ``game`` in ``within``, from the nights ``user`` may see (a query each)."""
    nights = nights_for(user)
    most_seats = ENGINES[game].max_players
    found = []
    for kind in kinds(game):
        feats = Feat.objects.filter(
            kind=kind.key,
            seat__match__game=game,
            seat__match__night__in=nights,
            **_in(within, "seat__match__night__date"),
        ).select_related("seat__player", "seat__match__night")
        ordered = feats.order_by(
            "rank" if kind.worst else "-rank",
            "seat__match__night__date",
            "seat__match__started_at",
            "seat__match",
            "seat__position",
        )
        # The best round: the best rows, with every seat of the first match that tied (one query).
        feat = _first_round(list(ordered[:most_seats])) if kind.key == "round" else ordered.first()
        if feat is not None:
            found.append(
                Record(
                    kind.key if not kind.worst else "worst_total",
                    str(kind.label),
                    kind.text(feat.value),
                    feat.seat.player,
                    feat.seat.match.night,
                    feat.seat.match.get_absolute_url(),
                )
            )
    streak = _longest_streak(nights, game, within)
    if streak is not None:
        found.append(streak)
    busiest = _most_in_a_night(nights, game, within)
    if busiest is not None:
        found.append(busiest)
    return found


def _first_round(best: list[Feat]) -> Feat | None:
    """Of the seats that reached the best round in the first match that saw it (``best``: the best
    rows in the records' order), the one that reached it in the earliest round; the seat order
    only when they reached it in the same round. The match is folded only when seats tied."""
    if not best:
        return None
    first = best[0]
    tied = [feat for feat in best if feat.rank == first.rank and feat.seat.match_id == first.seat.match_id]
    if len(tied) < 2:
        return first
    match = first.seat.match
    prefetch_related_objects([match], Prefetch("seats", Seat.objects.select_related("player")), "rounds")
    try:
        rounds = standings_service.current(match).rounds
    except ScoringError:
        return first  # rounds that no longer score (rebuild_standings --check reports them)

    def reached(feat: Feat) -> int:
        name = feat.seat.player.name
        return next(
            (n for n, round_ in enumerate(rounds) if round_.deltas.get(name) == feat.value), len(rounds)
        )

    return min(tied, key=reached)


def _longest_streak(nights: QuerySet[GameNight], game: str, within: Period) -> Record | None:
    rating = (
        Rating.objects.filter(
            game=game, streak__gt=0, match__night__in=nights, **_in(within, "match__night__date")
        )
        .select_related("player", "match__night")
        .order_by("-streak", "match__night__date", "match__started_at", "pk")
        .first()
    )
    if rating is None:
        return None
    text = ngettext("%(count)s win in a row", "%(count)s wins in a row", rating.streak) % {
        "count": rating.streak
    }
    return Record(
        "streak",
        str(_("Longest winning streak")),
        text,
        rating.player,
        rating.match.night,
        rating.match.get_absolute_url(),
    )


def _most_in_a_night(nights: QuerySet[GameNight], game: str, within: Period) -> Record | None:
    row = (
        within.seats(finished_seats().filter(match__game=game, match__night__in=nights))
        .values("match__night", "player")
        .annotate(matches=Count("pk"))
        .order_by("-matches", "match__night__date", "match__night")
        .first()
    )
    if row is None:
        return None
    seat = (
        Seat.objects.filter(player=row["player"], match__night=row["match__night"])
        .select_related("player", "match__night")
        .first()
    )
    return Record(
        "busiest",
        str(_("Most matches in a night")),
        count_text("%(count)s match", "%(count)s matches", row["matches"]),
        seat.player,
        seat.match.night,
        reverse("night_detail", args=[seat.match.night_id]),
    )
