"""Ratings from places, and what else the review pages keep of each finished match.

**Ratings** are openskill's Plackett-Luce model fed with every finished match in
playing order (the night's date, then the match's start): each seat is a team of
one, ranked by ``Seat.place`` (the engine's places; equal places tie). A player has
one rating per game and one over all games (``Rating.game == ""``), each row the
rating after one match, so the player page draws its history.

* **Shown figure:** the conservative estimate mu - 3 sigma (openskill's ``ordinal()``)
  times :data:`SCALE`, rounded. A newcomer starts at 0 (mu 25, sigma 25/3) and climbs
  as results come in and the uncertainty shrinks; a strong regular ends near 1,000.
* **Provisional** until a player has :data:`PROVISIONAL` rated matches in it.
* **Pools:** players belong to one roster (their owner's), so each owner's
  nights are rated on their own.
* **Kept current:** after every change of a match that is finished, or was (a round
  that ends it, the table ending it, an edit, undo or resumption), by a task the
  change unit hands its standings to (``companion.review.tasks``, run by the worker
  after the commit, never in the request). The ratings are recomputed from that match
  onward (usually it is the latest, so one match); the records and partnerships of
  that match alone are rewritten. A night moved to another date and deleted matches
  re-rate from there on, as tasks too. ``manage.py rebuild_ratings`` recomputes
  everything from scratch.
* **Small transactions:** :func:`rate` computes outside any transaction and writes
  :data:`BATCH` matches per transaction, so a re-rating of a long history never holds
  SQLite's write lock for more than a moment: the other tables' saves interleave.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from django.db import connection, transaction
from django.db.models import Max, OuterRef, Q, Subquery
from django.db.models.signals import post_save
from django.dispatch import receiver
from openskill.models import PlackettLuce

from companion import standings as standings_service
from companion.games import registry
from companion.models import GameNight, Match, Seat
from companion.review.models import OVERALL, Feat, Partnership, Rating
from scoring.base import ScoringError, Standings
from scoring.registry import ENGINES

SCALE = 40  # the shown figure: openskill's ordinal (mu - 3 sigma) times this
PROVISIONAL = 5  # a rating is provisional until this many matches are rated in it
MODEL = PlackettLuce()

PLAYING_ORDER = ("night__date", "started_at", "pk")
BATCH = 100  # matches whose ratings are written per transaction (a few milliseconds of write lock)


def shown(mu: float, sigma: float) -> int:
    """The figure the pages show: the conservative estimate, scaled (see the module docstring)."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal() * SCALE)


def is_provisional(number: int) -> bool:
    return number < PROVISIONAL


@dataclass(frozen=True)
class SeatResult:
    player_id: int
    place: int
    won: bool


def _from(match: Match, prefix: str = "") -> Q:
    """The matches played at or after ``match`` (in playing order), as a filter; ``prefix``: the path to a match."""
    date, started, pk = match.night.date, match.started_at, match.pk
    return (
        Q(**{f"{prefix}night__date__gt": date})
        | Q(**{f"{prefix}night__date": date, f"{prefix}started_at__gt": started})
        | Q(**{f"{prefix}night__date": date, f"{prefix}started_at": started, f"{prefix}pk__gte": pk})
    )


def rate(owner_id: int, since: Match | None = None) -> int:
    """Recompute the ratings of an owner's players from ``since`` onward (all of them without it).

    Reads first (the seats of the finished matches from there on, each player's last rating
    before it), computes in memory, then writes in small transactions: the stale ratings are
    deleted latest first and the new ones inserted earliest first, :data:`BATCH` matches at a
    time (the numbers of a player's ratings are unique, so the old ones go before the new ones
    come). Returns the number of matches rated.
    """
    later = Match.objects.filter(night__owner_id=owner_id)
    if since is not None:
        # The matches from there on first (the nights' index by owner and date), then their rows
        # (by match): far cheaper than filtering every rating of the owner by its night's date.
        later = later.filter(_from(since))
    seats = Seat.objects.filter(match__in=later.values("pk"), match__finished_at__isnull=False)
    rows = list(
        seats.order_by("match__night__date", "match__started_at", "match_id", "position").values_list(
            "match_id", "match__game", "player_id", "place", "won"
        )
    )
    matches: dict[int, tuple[str, list[SeatResult]]] = {}
    for match_id, game, player_id, place, won in rows:
        matches.setdefault(match_id, (game, []))[1].append(SeatResult(player_id, place, won))
    state = _last_ratings({row[2] for row in rows}, before=later) if since is not None else {}
    new: list[list[Row]] = []
    for match_id, (game, results) in matches.items():
        new.append([row for pool in (game, OVERALL) for row in _rate_match(state, match_id, pool, results)])
    stale = list(later.order_by(*PLAYING_ORDER).values_list("pk", flat=True))
    # Latest first: what is left while this runs is a history without its end, never a clash.
    for start in range(len(stale), 0, -BATCH):
        with transaction.atomic():
            Rating.objects.filter(match_id__in=stale[max(start - BATCH, 0) : start]).delete()
    for start in range(0, len(new), BATCH):
        with transaction.atomic():
            _insert([row for rated in new[start : start + BATCH] for row in rated])
    return len(matches)


def rate_from_date(owner_id: int, date: datetime.date) -> int:
    """Recompute an owner's ratings from the nights of ``date`` on (a night moved, matches deleted)."""
    later = Match.objects.filter(night__owner_id=owner_id, night__date__gte=date).select_related("night")
    first = later.order_by(*PLAYING_ORDER).first()
    return 0 if first is None else rate(owner_id, since=first)


def _last_ratings(player_ids: Iterable[int], *, before) -> dict[tuple[int, str], Rating]:
    """Each player's latest rating in each game and overall, of the matches not in ``before`` (a
    queryset of the matches being rated again): two queries on the ratings' own index."""
    counts = (
        Rating.objects.filter(player__in=list(player_ids))
        .exclude(match__in=before.values("pk"))
        .values_list("player", "game")
        .annotate(last=Max("number"))
        .order_by()
    )
    wanted = Q()
    for player_id, game, number in counts:
        wanted |= Q(player_id=player_id, game=game, number=number)
    if not wanted:
        return {}
    return {(rating.player_id, rating.game): rating for rating in Rating.objects.filter(wanted)}


class Row(NamedTuple):
    """A rating as computed, before it is stored (a ``Rating``'s columns, without a model instance:
    making tens of thousands of those was most of a full rebuild's time)."""

    player_id: int
    match_id: int
    game: str
    number: int
    mu: float
    sigma: float
    value: int
    place: int
    streak: int


def _insert(rows: list[Row]) -> None:
    """Many ratings in one prepared INSERT run as a batch."""
    table, quote = Rating._meta.db_table, connection.ops.quote_name
    names = ", ".join(quote(column) for column in Row._fields)
    marks = ", ".join(["%s"] * len(Row._fields))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})", rows
        )  # names from the model


def _rate_match(
    state: dict[tuple[int, str], Rating | Row], match_id: int, pool: str, results: Sequence[SeatResult]
) -> list[Row]:
    before = [state.get((seat.player_id, pool)) for seat in results]
    teams = [[MODEL.rating() if old is None else MODEL.rating(mu=old.mu, sigma=old.sigma)] for old in before]
    after = MODEL.rate(teams, ranks=[seat.place for seat in results])
    rows = []
    for seat, old, (rating,) in zip(results, before, after, strict=True):
        row = Row(
            seat.player_id,
            match_id,
            pool,
            1 if old is None else old.number + 1,
            rating.mu,
            rating.sigma,
            round(rating.ordinal() * SCALE),
            seat.place,
            (1 + (old.streak if old else 0)) if seat.won else 0,
        )
        state[(seat.player_id, pool)] = row
        rows.append(row)
    return rows


# --- records and partnerships of one match ---------------------------------------


def facts(match: Match, result: Standings | None = None) -> tuple[list[Feat], list[Partnership]]:
    """The records and partnerships of a finished match (its seats, players and rounds loaded).

    ``result``: the match's standings when the caller has them (a change just folded it), else
    they are folded here. Its seats' derived columns must be the ones of those standings.
    """
    if result is None:
        try:
            result = standings_service.standings(match)
        except ScoringError:
            return [], []  # rounds that no longer score (rebuild_standings --check reports them)
    if not result.finished:
        return [], []
    game = registry.get(match.game)
    lower = ENGINES[match.game].lower_is_better(result.options)
    sign = -1 if lower else 1
    entries = [r.entry for r in sorted(match.rounds.all(), key=lambda r: r.number)]
    seats = standings_service.seats_of(match)
    by_name = {seat.player.name: seat for seat in seats}
    feats = []
    for seat in seats:
        name = seat.player.name
        feats.append(Feat(seat=seat, kind="total", value=seat.score, rank=sign * seat.score))
        deltas = [round_.deltas[name] for round_ in result.rounds]
        if deltas:
            best = (min if lower else max)(deltas)
            feats.append(Feat(seat=seat, kind="round", value=best, rank=sign * best))
        for record in game.records:
            value = record.value(result, entries, name)
            if value is not None:
                rank = value if record.higher_is_better else -value
                feats.append(Feat(seat=seat, kind=record.key, value=value, rank=rank))
    pairs: dict[tuple[int, int], list[int]] = {}
    for player, partner, made in game.partnerships(result):
        if player in by_name and partner in by_name:
            counts = pairs.setdefault((by_name[player].player_id, by_name[partner].player_id), [0, 0])
            counts[0] += 1
            counts[1] += int(made)
    partnerships = [
        Partnership(match=match, player_id=player, partner_id=partner, bids=bids, made=made)
        for (player, partner), (bids, made) in pairs.items()
    ]
    return feats, partnerships


def record_match(match: Match) -> None:
    """Rewrite the records and partnerships of one match (none while it is in play)."""
    store_facts(match, *facts(match))


@transaction.atomic
def store_facts(match: Match, feats: list[Feat], partnerships: list[Partnership]) -> None:
    """Replace the records and partnerships of one match with these (one small transaction)."""
    Feat.objects.filter(seat__match=match).delete()
    Partnership.objects.filter(match=match).delete()
    Feat.objects.bulk_create(feats)
    Partnership.objects.bulk_create(partnerships)


def rated_places(match: Match) -> set[tuple[int, int, bool]]:
    """The (player, place, won) of each rating the match has in its game (empty when it is not rated)."""
    return {
        (rating.player_id, rating.place, rating.streak > 0)
        for rating in Rating.objects.filter(match=match, game=match.game)
    }


def rebuild(owner_id: int | None = None) -> tuple[int, int]:
    """Every rating, record and partnership from scratch (of one owner's nights when given):
    (matches rated, matches recorded)."""
    with transaction.atomic():
        matches = Match.objects.all() if owner_id is None else Match.objects.filter(night__owner_id=owner_id)
        Feat.objects.filter(seat__match__in=matches).delete()
        Partnership.objects.filter(match__in=matches).delete()
        if owner_id is None:
            Rating.objects.all().delete()  # rate() below deletes an owner's own
        owners = GameNight.objects.order_by().values_list("owner", flat=True).distinct()
        if owner_id is not None:
            owners = [owner_id]
        rated = sum(rate(owner) for owner in owners)
        recorded = 0
        finished = matches.filter(finished_at__isnull=False).with_standings().order_by("pk")
        feats: list[Feat] = []
        partnerships: list[Partnership] = []
        for match in finished.iterator(chunk_size=500):
            more_feats, more_partnerships = facts(match)
            feats += more_feats
            partnerships += more_partnerships
            recorded += 1
            if len(feats) > 5000:
                Feat.objects.bulk_create(feats, batch_size=1000)
                feats = []
        Feat.objects.bulk_create(feats, batch_size=1000)
        Partnership.objects.bulk_create(partnerships, batch_size=1000)
    return rated, recorded


# --- keeping them current ------------------------------------------------------
# A change of a match hands its review work to a task explicitly (companion.play.rounds,
# companion.review.tasks); so does a night's edit that moves its date (companion.nights.services).
# Left here: what happens to matches stored or deleted in bulk, where no change unit runs.


@receiver(post_save, sender=GameNight)
def _night_saved(sender, instance: GameNight, created: bool = False, **kwargs) -> None:
    """A night stored with its matches at once (an import) is rated once they are all in."""
    if created:
        transaction.on_commit(lambda: night_stored(instance.pk))


def night_stored(night_id: int) -> None:
    """Records and ratings for the finished matches of a night stored in bulk (by ``import_night``)."""
    matches = list(
        Match.objects.filter(night_id=night_id, finished_at__isnull=False)
        .select_related("night")
        .with_standings()
        .order_by(*PLAYING_ORDER)
    )
    if not matches:
        return
    with transaction.atomic():
        for match in matches:
            record_match(match)
    rate(matches[0].night.owner_id, since=matches[0])


# --- reading them ------------------------------------------------------------------


def current(player_ids: Iterable[int], game: str | None = None, before: datetime.date | None = None):
    """Each player's latest rating per game and overall (only ``game`` when given), from nights before
    ``before`` when given (a past period's standing): ``{(player_id, game): Rating}``, one query."""
    latest = Rating.objects.filter(player=OuterRef("player"), game=OuterRef("game"))
    rows = Rating.objects.filter(player__in=list(player_ids))
    if before is not None:
        latest = latest.filter(match__night__date__lt=before)
        rows = rows.filter(match__night__date__lt=before)
    if game is not None:
        rows = rows.filter(game=game)
    rows = rows.filter(number=Subquery(latest.order_by("-number").values("number")[:1]))
    return {(rating.player_id, rating.game): rating for rating in rows}


CHART_MATCHES = 100  # the rating chart shows the player's last this many matches


def history(player_id: int, game: str = OVERALL) -> tuple[int, list[Rating]]:
    """The player's ratings over their last :data:`CHART_MATCHES` matches, oldest first, and the rating before
    them (0, a newcomer's, when the chart starts at the first match): one query."""
    rows = list(
        Rating.objects.filter(player_id=player_id, game=game)
        .select_related("match__night")
        .order_by("-number")[: CHART_MATCHES + 1]
    )
    rows.reverse()
    if len(rows) > CHART_MATCHES:
        return rows[0].value, rows[1:]
    return 0, rows
