"""The rating, records and year pages cost the same queries with 20 nights as with 2,000.

The nights are bulk-created with their derived rows (seats with places, ratings, feats,
partnerships) as ``companion.review.ratings`` would have left them: the pages only read them.
"""

import datetime

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from companion.models import GameNight, Match, Player, Seat
from companion.review.models import OVERALL, Feat, Partnership, Rating

pytestmark = pytest.mark.django_db

NAMES = ("Anna", "Beat", "Cla", "Dora")
FIRST = datetime.date(2020, 1, 1)


def bulk_nights(owner, count: int, offset: int = 0) -> None:
    """``count`` nights of one finished Molotow and one finished Anrufen each, a day apart from ``FIRST``."""
    players = [Player.objects.get_or_create(owner=owner, name=name)[0] for name in NAMES]
    nights = GameNight.objects.bulk_create(
        GameNight(owner=owner, title=f"Night {offset + i}", date=FIRST + datetime.timedelta(days=offset + i))
        for i in range(count)
    )
    now = timezone.now()
    matches = Match.objects.bulk_create(
        Match(night=night, game=game, options={}, started_at=now, finished_at=now, round_count=12)
        for night in nights
        for game in ("molotow", "anrufen")
    )
    seats = Seat.objects.bulk_create(
        Seat(
            match=match,
            player=player,
            position=position,
            place=1 + (position + index) % 4,
            won=(position + index) % 4 == 0,
            total=10 - position,
            score=10 - position,
        )
        for index, match in enumerate(matches)
        for position, player in enumerate(players)
    )
    numbers = {
        (player.pk, game): Rating.objects.filter(player=player, game=game).count()
        for player in players
        for game in ("molotow", "anrufen", OVERALL)
    }
    ratings, feats = [], []
    for seat in seats:
        for game in (seat.match.game, OVERALL):
            numbers[(seat.player_id, game)] += 1
            ratings.append(
                Rating(
                    player_id=seat.player_id,
                    match=seat.match,
                    game=game,
                    number=numbers[(seat.player_id, game)],
                    mu=25.0,
                    sigma=3.0,
                    value=640,
                    place=seat.place,
                    streak=int(seat.won),
                )
            )
        feats += [
            Feat(seat=seat, kind="total", value=seat.score, rank=seat.score),
            Feat(seat=seat, kind="round", value=3, rank=3),
        ]
    Rating.objects.bulk_create(ratings, batch_size=2000)
    Feat.objects.bulk_create(feats, batch_size=2000)
    Partnership.objects.bulk_create(
        Partnership(match=match, player=players[0], partner=players[1], bids=2, made=1)
        for match in matches
        if match.game == "anrufen"
    )
    analyze()


def analyze() -> None:
    """Give the query planner statistics of the rows just written, as a database in use has them.

    The rows are not committed (the test's transaction), so only this connection sees them: an
    ANALYZE from elsewhere (PostgreSQL's autovacuum) would record the tables as nearly empty, and
    the planner then nests loops over 16,000 seats (a year page took over five minutes).
    """
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


# Every page: the session and the user, then
# leaderboard by rating: the board, the ratings, the years with nights, how long the game takes;
# player: the player, per game, recent form, head-to-head, results over time, the ratings, the chart, the partner;
# records: best and worst total, best round, the game's own record (Molotow: potatoes), the streak,
#   the busiest night and its seat; here every seat of a match ties on its best round (3), so the first
#   such match's seats and rounds are read to see who reached it first (two more, whatever the nights);
# year: matches per game, winners, busiest night, nights, the years, and each game's records (nine per game).
@pytest.mark.parametrize(
    ("page", "expected"),
    [("leaderboard", 6), ("player_detail", 11), ("record_list", 11), ("year_in_review", 25)],
)
def test_rating_records_and_year_pages_cost_the_same_queries_with_20_or_2000_nights(
    persona_client, owner, page, expected, django_assert_num_queries
):
    bulk_nights(owner, 20, offset=1900)  # 2025 (from 15 March)
    client = persona_client("owner")
    anna = Player.objects.get(owner=owner, name="Anna")
    urls = {
        "leaderboard": reverse("leaderboard") + "?game=molotow&period=all&order=rating",
        "player_detail": reverse("player_detail", args=[anna.pk]),
        "record_list": reverse("record_list") + "?game=molotow&period=all",
        "year_in_review": reverse("year_in_review", args=[2025]),
    }
    with django_assert_num_queries(expected):
        client.get(urls[page])
    bulk_nights(owner, 1980, offset=0)  # 2020 to 2025
    assert GameNight.objects.count() == 2000
    with django_assert_num_queries(expected):
        response = client.get(urls[page])
    assert response.status_code == 200
