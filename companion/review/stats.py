"""Statistics for the review pages, aggregated in the database.

Every function here is one query whose size does not depend on how many
nights or rounds exist: the database groups the derived seat columns
(``Seat.won``, ``Seat.place``, ``Seat.score``, ``Match.round_count``, kept by
``companion.standings.refresh``) and Python only turns a handful of sums into
rates. No round is loaded and no match is folded.

Decisions:

* **Finished matches only.** A match still in play has no result yet, so it
  counts nowhere here (the night page shows it as in play).
* **Periods go by the night's date**, not by the moment a match ended: a
  match finished after midnight still belongs to Friday's night.
* **Each game's own figure** (``Game.figure`` in ``companion/games/<game>/``):
  Molotow net sticks per match, Anrufen tokens won or lost overall, Elfer
  raus! average score per game (a match holds several games: its rounds),
  Murlan average place in the final standings (1 is the winner; lower is better).
* **Leaderboards rank** by matches won, then win rate, then the game's
  figure, then name: a period's winner is whoever won most.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, F, Q, QuerySet, Sum
from django.db.models.functions import Coalesce, TruncMonth
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

from companion.access import nights_for
from companion.games import registry
from companion.games.parts import Figure
from companion.models import Player, Seat

PERIODS = {
    "month": _("This month"),
    "year": _("This year"),
    "last_year": _("Last year"),
    "all": _("All time"),
}


@dataclass(frozen=True)
class Period:
    """The nights a period covers, by their date: ``start`` inclusive, ``end`` exclusive (``None``: open)."""

    key: str
    start: datetime.date | None = None
    end: datetime.date | None = None

    @property
    def label(self) -> str:
        return str(PERIODS[self.key])

    @property
    def last_day(self) -> datetime.date | None:
        return None if self.end is None else self.end - datetime.timedelta(days=1)

    def seats(self, seats: QuerySet[Seat]) -> QuerySet[Seat]:
        """``seats`` of matches in the period's nights."""
        if self.start is not None:
            seats = seats.filter(match__night__date__gte=self.start)
        if self.end is not None:
            seats = seats.filter(match__night__date__lt=self.end)
        return seats


def period(key: str | None, today: datetime.date | None = None, default: str = "all") -> Period:
    """The period a query string names (an unknown name falls back to ``default``)."""
    key = key if key in PERIODS else default
    today = today or timezone.localdate()
    this_year = today.replace(month=1, day=1)
    if key == "month":
        return Period(key, today.replace(day=1))
    if key == "year":
        return Period(key, this_year)
    if key == "last_year":
        return Period(key, this_year.replace(year=today.year - 1), this_year)
    return Period(key)


@dataclass(frozen=True)
class GameLine:
    """A player's sums for one game (per game on the player page, per player on a leaderboard)."""

    game: str
    played: int
    won: int
    score: int  # sum of Seat.score
    place_sum: int
    rounds: int  # sum of Match.round_count
    player: Player | None = None
    me: bool = False  # the player is the viewer ("this is me", confirmed: companion.me)

    @property
    def game_label(self) -> str:
        return registry.label(self.game)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def figure(self) -> Figure:
        return registry.get(self.game).figure

    @property
    def figure_value(self) -> float | int | None:
        return self.figure.value(self)

    @property
    def figure_text(self) -> str:
        return format_figure(self.figure, self.figure_value)


def format_figure(figure: Figure, value: float | int | None) -> str:
    if value is None:
        return "\u2013"  # en dash: no value
    text = f"{value:.{figure.decimals}f}" if figure.decimals else f"{round(value)}"
    # The language's decimal separator: 1.5 in English, 1,5 in German.
    text = text.replace(".", formats.get_format("DECIMAL_SEPARATOR"))
    if figure.signed and value > 0:
        text = f"+{text}"
    return text.replace("-", "\u2212")  # a real minus sign reads better in big numbers


def finished_seats() -> QuerySet[Seat]:
    return Seat.objects.filter(match__finished_at__isnull=False)


# The sums every GameLine is made of, as database aggregates.
SUMS = {
    "played": Count("pk"),
    "won_count": Count("pk", filter=Q(won=True)),
    "score_sum": Coalesce(Sum("score"), 0),
    "place_total": Coalesce(Sum("place"), 0),
    "round_sum": Coalesce(Sum("match__round_count"), 0),
}


def _line(row: dict, game: str, player: Player | None = None, me: bool = False) -> GameLine:
    return GameLine(
        me=me,
        game=game,
        played=row["played"],
        won=row["won_count"],
        score=row["score_sum"],
        place_sum=row["place_total"],
        rounds=row["round_sum"],
        player=player,
    )


# --- the player page --------------------------------------------------------


def player_games(player: Player, within: Period | None = None) -> list[GameLine]:
    """Matches played and won, win rate and the game's figure, per game the player has finished."""
    seats = finished_seats().filter(player=player)
    if within is not None:
        seats = within.seats(seats)
    rows = seats.values("match__game").annotate(**SUMS).order_by("match__game")
    order = list(registry.GAMES)
    return sorted((_line(row, row["match__game"]) for row in rows), key=lambda line: order.index(line.game))


@dataclass(frozen=True)
class Overall:
    played: int
    won: int

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def overall(lines: Iterable[GameLine]) -> Overall:
    """All games together, from the per-game sums (no query)."""
    lines = list(lines)
    return Overall(sum(line.played for line in lines), sum(line.won for line in lines))


def recent_form(player: Player, limit: int = 10) -> list[Seat]:
    """The player's last finished matches, newest first, each seat with its match, night and table size.

    The table sizes are counted for those few matches only, in a query of their own: as a
    subquery beside every seat PostgreSQL may count them for each of the player's seats
    before it sorts (minutes with 2,000 nights).
    """
    seats = list(
        finished_seats()
        .filter(player=player)
        .select_related("match__night")
        .order_by("-match__night__date", "-match__finished_at", "-match__pk")[:limit]
    )
    sizes = dict(
        Seat.objects.filter(match__in=[seat.match_id for seat in seats])
        .order_by()
        .values_list("match")
        .annotate(Count("pk"))
    )
    for seat in seats:
        seat.seated = sizes.get(seat.match_id, 0)
    return seats


@dataclass(frozen=True)
class Rival:
    """Two players' finished matches together: who finished ahead how often."""

    player_id: int
    name: str
    together: int
    ahead: int  # the page's player placed better
    behind: int  # the rival placed better

    @property
    def level(self) -> int:
        return self.together - self.ahead - self.behind


def head_to_head(player: Player, within: Period | None = None) -> list[Rival]:
    """Every player who shared a finished match with ``player``, most matches together first.

    The rivals' seats are joined to the player's own seat in the same match
    (``match__seats`` with the player); because the filter comes before the
    aggregates, Django reuses that one join in them, so ``match__seats__place``
    is the player's place beside each rival's ``place``.
    """
    seats = finished_seats().filter(match__seats__player=player).exclude(player=player)
    if within is not None:
        seats = within.seats(seats)
    rows = (
        seats.values("player", "player__name")
        .annotate(
            together=Count("pk"),
            ahead=Count("pk", filter=Q(match__seats__place__lt=F("place"))),
            behind=Count("pk", filter=Q(match__seats__place__gt=F("place"))),
        )
        .order_by("-together", "player__name")
    )
    return [
        Rival(row["player"], row["player__name"], row["together"], row["ahead"], row["behind"])
        for row in rows
    ]


@dataclass(frozen=True)
class Bucket:
    """Matches played and won in one month or year, for the results-over-time chart."""

    start: datetime.date
    label: str
    played: int
    won: int

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


MONTHS_SHOWN = 24  # up to two years of play by month; a longer history goes by year


def results_over_time(player: Player) -> list[Bucket]:
    """Played and won per month (grouped in the database), by year once the history is long."""
    rows = (
        finished_seats()
        .filter(player=player)
        .annotate(month=TruncMonth("match__night__date"))
        .values("month")
        .annotate(played=Count("pk"), won_count=Count("pk", filter=Q(won=True)))
        .order_by("month")
    )
    months = {_as_date(row["month"]): (row["played"], row["won_count"]) for row in rows}
    if not months:
        return []
    first, last = min(months), max(months)
    span = (last.year - first.year) * 12 + last.month - first.month + 1
    if span <= MONTHS_SHOWN:
        return [
            Bucket(month, _month_label(month), *months.get(month, (0, 0)))
            for month in _month_range(first, span)
        ]
    years: dict[int, list[int]] = {year: [0, 0] for year in range(first.year, last.year + 1)}
    for month, (played, won) in months.items():
        years[month.year][0] += played
        years[month.year][1] += won
    return [Bucket(datetime.date(year, 1, 1), str(year), *sums) for year, sums in years.items()]


def _as_date(value: datetime.date | datetime.datetime) -> datetime.date:
    return value.date() if isinstance(value, datetime.datetime) else value


def _month_range(first: datetime.date, count: int) -> list[datetime.date]:
    index = first.year * 12 + first.month - 1
    return [datetime.date((index + i) // 12, (index + i) % 12 + 1, 1) for i in range(count)]


def _month_label(month: datetime.date) -> str:
    return formats.date_format(month, "SHORT_YEAR_MONTH_FORMAT")


# --- leaderboards -----------------------------------------------------------


@dataclass(frozen=True)
class Board:
    game: str
    period: str
    lines: list[GameLine] = field(default_factory=list)
    # By player: the rating in this game at the period's end (``companion.review.ratings.current``).
    ratings: dict[int, Any] = field(default_factory=dict)
    by_rating: bool = False

    @property
    def figure(self) -> Figure:
        return registry.get(self.game).figure

    @property
    def player_ids(self) -> list[int]:
        return [line.player.pk for line in self.lines if line.player]

    def with_ratings(self, ratings: dict[tuple[int, str], Any], order: str) -> Board:
        """The board with each player's rating; ``order="rating"`` ranks by it (the unrated last)."""
        by_player = {player_id: rating for (player_id, _game), rating in ratings.items()}
        board = replace(self, ratings=by_player, by_rating=order == "rating")
        return replace(board, lines=sorted(self.lines, key=board._key)) if board.by_rating else board

    def rating_of(self, line: GameLine):
        return self.ratings.get(line.player.pk) if line.player else None

    def _key(self, line: GameLine) -> tuple:
        if not self.by_rating:
            return _rank_key(line)
        rating = self.rating_of(line)
        return (
            rating is None,
            -(rating.value if rating else 0),
            line.player.name.lower() if line.player else "",
        )

    @property
    def ranked(self) -> list[tuple[int, GameLine]]:
        """Each line with its place: lines equal on every ranked figure share it (1, 1, 3)."""
        places, last = [], None
        for index, line in enumerate(self.lines, start=1):
            key = self._key(line)[:-1]  # the name only orders a tie, it does not break it
            places.append((places[-1][0] if key == last else index, line))
            last = key
        return places

    @property
    def rows(self) -> list[tuple[int, GameLine, Any]]:
        """:attr:`ranked` with each player's rating (``None``: not rated in this game)."""
        return [(place, line, self.rating_of(line)) for place, line in self.ranked]


def leaderboard(
    user: AbstractBaseUser, game: str, within: Period | str, today: datetime.date | None = None
) -> Board:
    """Players ranked for one game over one period (or a period's name), from the nights the user may see."""
    if isinstance(within, str):
        within = period(within, today)
    seats = within.seats(finished_seats().filter(match__game=game, match__night__in=nights_for(user)))
    rows = (
        seats.values(
            "player",
            "player__name",
            "player__emoji",
            "player__owner",
            # At most one link per player: the join adds no rows and no query.
            "player__link__user",
            "player__link__confirmed_at",
        )
        .annotate(**SUMS)
        .order_by()
    )
    lines = [
        _line(
            row,
            game,
            Player(
                pk=row["player"],
                name=row["player__name"],
                emoji=row["player__emoji"],
                owner_id=row["player__owner"],
            ),
            me=row["player__link__user"] == user.pk and row["player__link__confirmed_at"] is not None,
        )
        for row in rows
    ]
    return Board(game, within.key, sorted(lines, key=_rank_key))


def _rank_key(line: GameLine) -> tuple:
    value = line.figure_value
    better = 0.0 if value is None else (-value if line.figure.higher_is_better else value)
    return (-line.won, -line.win_rate, better, line.player.name.lower() if line.player else "")
