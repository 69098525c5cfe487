"""Looking back: the list of game nights, a player's statistics and the leaderboards.

Each page runs a fixed number of queries, however many nights and rounds
exist (tests/test_review.py pins them): the list prefetches one page of
nights, the statistics are database aggregates (``companion.review.stats``).
"""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from companion.access import get_player_for_stats, nights_for
from companion.games import registry
from companion.review import stats
from companion.review.charts import results_over_time_svg
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
    """One of the user's own players, or the one they are ("this is me"): per game, form, results over time and head-to-head."""
    player = get_player_for_stats(request.user, pk)
    lines = stats.player_games(player)
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
    return render(
        request,
        "review/player_detail.html",
        {
            "player": player,
            "lines": lines,
            "overall": stats.overall(lines),
            "form": stats.recent_form(player),
            "rivals": stats.head_to_head(player),
            "buckets": buckets,
            "chart": chart,
        },
    )


DEFAULT_PERIOD = "year"


@login_required
@require_GET
def leaderboard(request):
    """Players ranked for one game over this month, this year or all time (an unknown choice falls back)."""
    game = request.GET.get("game", registry.DEFAULT)
    if game not in registry.GAMES:
        game = registry.DEFAULT
    period = request.GET.get("period", DEFAULT_PERIOD)
    if period not in stats.PERIODS:
        period = DEFAULT_PERIOD
    board = stats.leaderboard(request.user, game, period)
    return render(
        request,
        "review/leaderboard.html",
        {
            "board": board,
            "games": registry.choices(),
            "periods": list(stats.PERIODS.items()),
            "period_label": stats.PERIODS[period],
            "game_label": registry.label(game),
            "period_start": stats.period_start(period),
            "durations": average_durations(request.user, game, stats.period_start(period)),
        },
    )
