"""Looking back: the list of game nights, a player's statistics and the leaderboards.

Each page runs a fixed number of queries, however many nights and rounds
exist (tests/review/test_review.py pins them): the list prefetches one page of
nights, the statistics are database aggregates (``companion.review.stats``).
"""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from companion.access import get_player_for_stats, nights_for
from companion.games import registry
from companion.review import ratings, records, rivals, stats, year
from companion.review import tasks as review_tasks
from companion.review.charts import rating_history_svg, results_over_time_svg
from companion.review.durations import average_durations
from companion.review.forms import NightFilterForm
from companion.review.nights import NIGHTS_PER_PAGE, filter_nights, night_row


@login_required
@require_GET
def night_list(request):
    """The user's game nights, newest first, 20 a page, filtered by player, game and dates."""
    form = NightFilterForm(request.GET, user=request.user)
    filters = form.filters()
    nights = filter_nights(nights_for(request.user), filters).select_related("owner")
    nights = nights.order_by("-date", "-created_at", "-pk").with_results()
    page = Paginator(nights, NIGHTS_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "review/night_list.html",
        {
            "form": form,
            "page": page,
            "rows": [night_row(night) for night in page.object_list],
            "query": query.urlencode(),
            "filtered": bool(filters),
        },
    )


@login_required
@require_GET
def player_detail(request, pk):
    """One of the user's own players, or the one they are ("this is me"): per game, rating, rivals,
    form, results over time and head-to-head; the per-game sums and rivals for a period."""
    player = get_player_for_stats(request.user, pk)
    within = stats.period(request.GET.get("period"))
    lines = stats.player_games(player, within)
    buckets = stats.results_over_time(player)
    chart = ""
    if buckets:
        summary = {
            "first": buckets[0].label,
            "last": buckets[-1].label,
            "won": sum(bucket.won for bucket in buckets),
            "played": sum(bucket.played for bucket in buckets),
        }
        chart = results_over_time_svg(
            buckets,
            title=_("%(name)s: matches played and won over time") % {"name": player.name},
            description=ngettext(
                "From %(first)s to %(last)s, %(won)s won of %(played)s match played. A bar per period: "
                "its height is the matches played, the filled part the matches won.",
                "From %(first)s to %(last)s, %(won)s won of %(played)s matches played. A bar per period: "
                "its height is the matches played, the filled part the matches won.",
                summary["played"],
            )
            % summary,
            chart_id="results-chart",
            colour=player.colour,
        )
    head_to_head = stats.head_to_head(player, within)
    return render(
        request,
        "review/player_detail.html",
        {
            "player": player,
            "lines": lines,
            "overall": stats.overall(lines),
            "form": stats.recent_form(player),
            "rivals": head_to_head,
            "foes": rivals.rivals(head_to_head),
            "partner": rivals.partner(player, within),
            "meetings": rivals.MEETINGS,
            "buckets": buckets,
            "chart": chart,
            "period": within,
            "periods": list(stats.PERIODS.items()),
            **_player_ratings(player),
            "ratings_updating": ratings_updating(request.user, player.owner_id),
        },
    )


def ratings_updating(user, owner_id: int | None = None) -> bool:
    """Whether the ratings the user sees are being brought up to date (a review task of one of the
    owners of their nights, or of ``owner_id``, waits or runs)."""
    if not review_tasks.tasks_wait():
        return False  # tasks run at once (the tests): nothing to ask
    owners = {owner_id} if owner_id is not None else set(nights_for(user).values_list("owner_id", flat=True))
    return review_tasks.brought_up_to_date(owners)


def _player_ratings(player) -> dict:
    """The rating part of the player page: the current ratings and the chart of the overall one (two queries)."""
    now = ratings.current([player.pk])
    order = ["", *registry.GAMES]
    current = sorted(
        now.values(), key=lambda rating: order.index(rating.game) if rating.game in order else 99
    )
    start, past = ratings.history(player.pk)
    chart = ""
    if past:
        chart = rating_history_svg(
            player.name,
            start,
            [rating.value for rating in past],
            title=_("%(name)s: rating over the last %(count)s matches")
            % {"name": player.name, "count": len(past)},
            description=_("From %(first)s to %(last)s the rating went from %(start)s to %(end)s.")
            % {
                "first": formats.date_format(past[0].match.night.date, "SHORT_DATE_FORMAT"),
                "last": formats.date_format(past[-1].match.night.date, "SHORT_DATE_FORMAT"),
                "start": start,
                "end": past[-1].value,
            },
        )
    return {
        "ratings": [RatingLine(rating) for rating in current],
        "rating_chart": chart,
        "rating_history": past,
        "provisional_matches": ratings.PROVISIONAL,
        "rating_scale": ratings.SCALE,
    }


class RatingLine:
    """A current rating as the player page shows it."""

    def __init__(self, rating):
        self.rating = rating
        self.value = rating.value
        self.matches = rating.number
        self.provisional = ratings.is_provisional(rating.number)
        self.label = registry.label(rating.game) if rating.game else _("All games")


ORDERS = ("wins", "rating")


@login_required
@require_GET
def leaderboard(request):
    """Players ranked for one game over this month, this year, last year or all time, by wins or by rating
    (an unknown choice falls back)."""
    game = request.GET.get("game", registry.DEFAULT)
    if game not in registry.GAMES:
        game = registry.DEFAULT
    within = stats.period(request.GET.get("period"), default=DEFAULT_PERIOD)
    order = request.GET.get("order") if request.GET.get("order") in ORDERS else ORDERS[0]
    board = stats.leaderboard(request.user, game, within)
    board = board.with_ratings(ratings.current(board.player_ids, game, before=within.end), order)
    return render(
        request,
        "review/leaderboard.html",
        {
            "board": board,
            "games": registry.choices(),
            "periods": list(stats.PERIODS.items()),
            "period": within,
            "order": order,
            "game_label": registry.label(game),
            "durations": average_durations(request.user, game, within),
            "provisional_matches": ratings.PROVISIONAL,
            "years": year.years_with_nights(request.user)[:3],
            "ratings_updating": board.by_rating and ratings_updating(request.user),
        },
    )


@login_required
@require_GET
def record_list(request):
    """The records of one game over a period, from the nights the user may see."""
    game = request.GET.get("game", registry.DEFAULT)
    if game not in registry.GAMES:
        game = registry.DEFAULT
    within = stats.period(request.GET.get("period"))
    return render(
        request,
        "review/records.html",
        {
            "records": records.records(request.user, game, within),
            "game": game,
            "game_label": registry.label(game),
            "games": registry.choices(),
            "period": within,
            "periods": list(stats.PERIODS.items()),
        },
    )


@login_required
@require_GET
def year_in_review(request, number):
    """A calendar year of the user's nights, on a page that prints on A4."""
    if not 1900 <= number <= 9999:
        raise Http404
    return render(request, "review/year.html", {"review": year.year_in_review(request.user, number)})


DEFAULT_PERIOD = "year"
