"""Game nights in review: the list, a night's results, a player's statistics and the leaderboards.

The statistics are checked against small sets computed by hand from the
rules (docs/rules.md); the matches are played through the engines and
``standings.refresh``, as the app stores them.
"""

import datetime
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from companion.models import Player, Seat
from companion.nights.summary import night_summary
from companion.review import stats
from companion.review.charts import results_over_time_svg
from tests.factories import GameNightFactory, MatchFactory, PlayerFactory, play_match, quick_murlan

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
TODAY = datetime.date(2026, 11, 27)


def molotow_round(a, b, c, d, draw_loser=None):
    entry = {"points": dict(zip(ABCD, (a, b, c, d), strict=True))}
    if draw_loser:
        entry["draw_loser"] = draw_loser
    return entry


# Net sticks per round for Anna / Beat / Cla / Dora (docs/rules.md, Molotow Jass).
PLUS_PLUS = molotow_round(90, 9, 34, 24)  # +1 +1 -1 -1
TOP_TWO_SHARE = molotow_round(60, 60, 22, 15)  # 0 0 -1 +1
ANNA_HUNDRED = molotow_round(104, 20, 18, 15)  # -3 +3 +3 +3
ANNA_ALL = molotow_round(157, 0, 0, 0)  # +3 -3 -3 -3
OUTER_PAIR = molotow_round(75, 35, 35, 12)  # +1 -1 -1 +1


def molotow(night, *rounds):
    return play_match(night, "molotow", ABCD, list(rounds), options={"rounds": len(rounds)})


@pytest.fixture
def three_molotow(night):
    """Anna +4 -3 +2 (wins 1 and 3), Beat -2 +3 0, Cla -4 +2 -2, Dora -4 +4 0 (wins 2).

    Places: 1) Anna 1, Beat 2, Cla 3, Dora 3; 2) Dora 1, Beat 2, Cla 3, Anna 4;
    3) Anna 1, Beat 2, Dora 2, Cla 4.
    """
    return [
        molotow(night, PLUS_PLUS, ANNA_ALL),
        molotow(night, ANNA_HUNDRED, TOP_TWO_SHARE),
        molotow(night, PLUS_PLUS, OUTER_PAIR),
    ]


def player(name, owner):
    return Player.objects.get(owner=owner, name=name)


# --- derived columns --------------------------------------------------------


def test_refresh_stores_places_with_shared_places_and_the_games_own_score(three_molotow):
    seats = {s.player.name: (s.total, s.won, s.place, s.score) for s in three_molotow[0].seats.all()}
    assert seats == {
        "Anna": (4, True, 1, 4),
        "Beat": (-2, False, 2, -2),
        "Cla": (-4, False, 3, -4),
        "Dora": (-4, False, 3, -4),
    }


def test_an_anrufen_score_is_the_balance_less_the_starting_chips(night):
    match = play_match(
        night,
        "anrufen",
        ABCD,
        [{"bidder": "Beat", "bid": "normal", "partner": "Dora", "points": 40}],  # Beat's side fails
        options={"chips": 20, "rounds": 1},
    )
    seats = {s.player.name: (s.total, s.score) for s in match.seats.all()}
    assert seats == {"Anna": (21, 1), "Beat": (19, -1), "Cla": (21, 1), "Dora": (19, -1)}


def test_rebuild_standings_fills_place_and_score(three_molotow):
    Seat.objects.update(place=9, score=99, won=False)
    call_command("rebuild_standings", stdout=open("/dev/null", "w"))  # noqa: SIM115
    anna = Seat.objects.get(match=three_molotow[1], player__name="Anna")
    dora = Seat.objects.get(match=three_molotow[1], player__name="Dora")
    assert (anna.place, anna.score, anna.won) == (4, -3, False)
    assert (dora.place, dora.score, dora.won) == (1, 4, True)


# --- statistics -------------------------------------------------------------


def test_molotow_played_won_win_rate_and_net_sticks_per_match(three_molotow, owner):
    [line] = stats.player_games(player("Anna", owner))
    assert (line.game, line.played, line.won) == ("molotow", 3, 2)
    assert line.win_rate == pytest.approx(2 / 3)
    assert line.figure_value == pytest.approx(1.0)  # (4 - 3 + 2) / 3
    assert line.figure_text == "+1.0"
    [cla] = stats.player_games(player("Cla", owner))
    assert cla.figure_value == pytest.approx(-4 / 3)
    assert cla.figure_text == "\u22121.3"


def test_anrufen_shows_the_tokens_won_or_lost_overall(night, owner):
    # A bids normal with Cla, 50 card points: made, +1 +1 for the side, -1 for the others;
    # then A plays no tricks alone (stake 2) and makes it: +6 for A, -2 for everybody else.
    play_match(
        night,
        "anrufen",
        ABCD,
        [
            {"bidder": "Anna", "bid": "normal", "partner": "Cla", "points": 50},
            {"bidder": "Anna", "bid": "no_tricks", "tricks": 0},
        ],
        options={"rounds": 2},
    )
    # With 20 chips each, Beat's side (with Dora) fails its normal game: Anna +1.
    play_match(
        night,
        "anrufen",
        ABCD,
        [{"bidder": "Beat", "bid": "normal", "partner": "Dora", "points": 40}],
        options={"chips": 20, "rounds": 1},
    )
    anna, beat = (stats.player_games(player(name, owner))[0] for name in ("Anna", "Beat"))
    assert (anna.figure_value, anna.figure_text) == (8, "+8")  # 17 - 10, then 21 - 20
    assert (beat.figure_value, beat.figure_text) == (-4, "\u22124")  # 7 - 10, then 19 - 20
    assert (anna.played, anna.won) == (2, 2)  # 17 alone on top; 21 shared with Cla


def test_elfer_average_is_per_game_not_per_match(night, owner):
    first = {  # 22 / -20 / -22 / 21 (docs/rules.md, Elfer raus! Master)
        "bonus": {"Anna": 2, "Beat": 1, "Dora": 3},
        "cards": {"Beat": [3, 17], "Cla": [21, 1], "Dora": [12]},
        "jokers": {"Beat": 1},
    }
    second = {"bonus": {"Beat": 2}, "cards": {"Beat": [5], "Cla": [4], "Dora": [20]}}  # 0 / 17 / -4 / -20
    play_match(night, "elfer", ABCD, [first, second], options={"rounds": 2})
    play_match(night, "elfer", ABCD, [second], options={"rounds": 1})
    anna = stats.player_games(player("Anna", owner))[0]
    beat = stats.player_games(player("Beat", owner))[0]
    assert anna.figure_value == pytest.approx((22 + 0 + 0) / 3)
    assert beat.figure_value == pytest.approx((-3 + 17) / 3)
    assert (anna.played, anna.won, beat.won) == (2, 1, 1)


def test_murlan_average_place_counts_shared_places(night, owner):
    target = {"target": 5, "max_target": 5}
    # A B C D twice: 6 / 4 / 2 / 0, Anna alone over 5.
    play_match(night, "murlan", ABCD, [{"order": ABCD}] * 2, options=target)
    # B A C D, then B A D C: 6 / 4 / 1 / 1 -> Beat wins, Cla and Dora share place 3.
    hands = [{"order": ["Beat", "Anna", "Cla", "Dora"]}, {"order": ["Beat", "Anna", "Dora", "Cla"]}]
    play_match(night, "murlan", ABCD, hands, options=target)
    places = {name: stats.player_games(player(name, owner))[0].figure_value for name in ABCD}
    assert places == {"Anna": 1.5, "Beat": 1.5, "Cla": 3.0, "Dora": 3.5}


def test_matches_still_in_play_count_nowhere(night, owner):
    quick_murlan(night, finished=False)
    assert stats.player_games(player("Anna", owner)) == []
    assert stats.head_to_head(player("Anna", owner)) == []


def test_head_to_head_counts_who_finished_ahead(three_molotow, owner):
    rivals = {
        r.name: (r.together, r.ahead, r.behind, r.level) for r in stats.head_to_head(player("Beat", owner))
    }
    # Beat's places 2, 2, 2 against Anna 1, 4, 1; Cla 3, 3, 4; Dora 3, 1, 2.
    assert rivals == {"Anna": (3, 1, 2, 0), "Cla": (3, 3, 0, 0), "Dora": (3, 1, 1, 1)}


def test_head_to_head_counts_only_shared_matches(three_molotow, night, owner):
    quick_murlan(night, ("Anna", "Elsa"))
    rivals = {r.name: r.together for r in stats.head_to_head(player("Beat", owner))}
    assert "Elsa" not in rivals
    assert {r.name: r.together for r in stats.head_to_head(player("Elsa", owner))} == {"Anna": 1}


def test_recent_form_is_newest_first_with_the_table_size(owner):
    old = GameNightFactory(owner=owner, date=datetime.date(2026, 1, 9))
    new = GameNightFactory(owner=owner, date=datetime.date(2026, 3, 6))
    quick_murlan(old, ("Anna", "Beat"))
    quick_murlan(new, ("Beat", "Anna", "Cla"))
    form = stats.recent_form(player("Anna", owner))
    assert [(s.match.night_id, s.place, s.won, s.seated) for s in form] == [
        (new.pk, 2, False, 3),
        (old.pk, 1, True, 2),
    ]


def test_results_over_time_fill_the_empty_months(owner):
    for date in [datetime.date(2026, 1, 9), datetime.date(2026, 1, 23), datetime.date(2026, 3, 6)]:
        quick_murlan(GameNightFactory(owner=owner, date=date), ("Anna", "Beat"))
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2026, 3, 13)), ("Beat", "Anna"))
    buckets = stats.results_over_time(player("Anna", owner))
    assert [(b.start, b.played, b.won) for b in buckets] == [
        (datetime.date(2026, 1, 1), 2, 2),
        (datetime.date(2026, 2, 1), 0, 0),
        (datetime.date(2026, 3, 1), 2, 1),
    ]


def test_results_over_time_go_by_year_for_a_long_history(owner):
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2022, 5, 1)), ("Anna", "Beat"))
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2026, 2, 1)), ("Beat", "Anna"))
    buckets = stats.results_over_time(player("Anna", owner))
    assert [(b.label, b.played, b.won) for b in buckets] == [
        ("2022", 1, 1),
        ("2023", 0, 0),
        ("2024", 0, 0),
        ("2025", 0, 0),
        ("2026", 1, 0),
    ]


def test_leaderboard_periods_go_by_the_night_date(owner):
    def night_on(date):
        return GameNightFactory(owner=owner, date=date)

    quick_murlan(night_on(datetime.date(2026, 11, 3)), ("Anna", "Beat"))  # this month
    quick_murlan(night_on(datetime.date(2026, 11, 20)), ("Anna", "Beat"))  # this month
    quick_murlan(night_on(datetime.date(2026, 6, 5)), ("Beat", "Anna"))  # this year
    quick_murlan(night_on(datetime.date(2026, 2, 5)), ("Beat", "Anna"))  # this year
    quick_murlan(night_on(datetime.date(2026, 2, 6)), ("Beat", "Anna"))  # this year
    quick_murlan(night_on(datetime.date(2025, 12, 31)), ("Anna", "Beat"))  # last year
    quick_murlan(night_on(datetime.date(2025, 12, 30)), ("Anna", "Beat"))  # last year

    def board(period):
        lines = stats.leaderboard(owner, "murlan", period, today=TODAY).lines
        return [(line.player.name, line.played, line.won) for line in lines]

    assert board("month") == [("Anna", 2, 2), ("Beat", 2, 0)]
    assert board("year") == [("Beat", 5, 3), ("Anna", 5, 2)]
    assert board("all") == [("Anna", 7, 4), ("Beat", 7, 3)]
    assert stats.leaderboard(owner, "molotow", "all", today=TODAY).lines == []


def test_leaderboard_ties_on_wins_go_to_the_better_figure(three_molotow, owner):
    lines = stats.leaderboard(owner, "molotow", "all", today=TODAY).lines
    # Anna 2 wins; Dora 1 win; Beat and Cla none: Beat's +1 sticks beat Cla's -4.
    assert [line.player.name for line in lines] == ["Anna", "Dora", "Beat", "Cla"]


def test_leaderboard_shows_only_nights_the_user_may_see(night, member, outsider):
    quick_murlan(night, ("Anna", "Beat"))
    quick_murlan(GameNightFactory(owner=outsider), ("Zora", "Yves"))
    names = [line.player.name for line in stats.leaderboard(member, "murlan", "all").lines]
    assert names == ["Anna", "Beat"]


def test_the_night_summary_names_the_best_and_mentions_matches_in_play(night):
    quick_murlan(night, ("Mara", "Beat"))
    quick_murlan(night, ("Mara", "Beat"))
    quick_murlan(night, ("Beat", "Mara"))
    quick_murlan(night, ("Beat", "Mara"), finished=False)
    summary = night_summary(night.matches.prefetch_related("seats__player"))
    assert summary.sentence == "Mara won 2 of 3 matches. 1 match is still in play."
    assert summary.wins == [("Mara", 2), ("Beat", 1)]


def test_the_night_summary_counts_only_the_matches_each_winner_played(night):
    # Issue 37: three matches of different tables read "each won 1 of 3 matches".
    quick_murlan(night, ("Anna", "Beat"))
    quick_murlan(night, ("Cla", "Dora"))
    quick_murlan(night, ("Ernst", "Fränzi"))
    matches = list(night.matches.prefetch_related("seats__player"))
    assert night_summary(matches).sentence == "Anna, Cla and Ernst each won 1 match."
    quick_murlan(night, ("Anna", "Cla"))
    matches = list(night.matches.prefetch_related("seats__player"))
    assert night_summary(matches).sentence == "Anna won 2 of the 2 matches they played."


def test_the_night_summary_shares_the_top_and_waits_for_a_first_result(night):
    quick_murlan(night, ("Mara", "Beat"))
    quick_murlan(night, ("Beat", "Mara"))
    matches = list(night.matches.prefetch_related("seats__player"))
    assert night_summary(matches).sentence == "Mara and Beat each won 1 of 2 matches."
    other = GameNightFactory(owner=night.owner)
    quick_murlan(other, finished=False)
    assert (
        night_summary(other.matches.prefetch_related("seats__player")).sentence
        == "No match has finished yet."
    )


# --- permissions ------------------------------------------------------------

REVIEW_PAGES = ["night_list", "leaderboard"]


@pytest.mark.parametrize("url_name", [*REVIEW_PAGES, "player_detail"])
def test_anonymous_visitors_are_sent_to_login(persona_client, owner, url_name):
    args = [PlayerFactory(owner=owner).pk] if url_name == "player_detail" else []
    response = persona_client("anonymous").get(reverse(url_name, args=args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 404), ("outsider", 404)])
def test_a_player_page_is_for_the_players_owner_only(persona_client, owner, persona, status):
    anna = PlayerFactory(owner=owner, name="Anna")
    assert persona_client(persona).get(reverse("player_detail", args=[anna.pk])).status_code == status


@pytest.mark.parametrize(("persona", "sees"), [("owner", True), ("member", True), ("outsider", False)])
def test_the_night_list_shows_own_and_member_nights_only(persona_client, night, persona, sees):
    quick_murlan(night, ("Mara", "Beat"))
    page = persona_client(persona).get(reverse("night_list")).content.decode()
    assert ("Friday cards" in page) is sees


@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 200), ("outsider", 404)])
def test_the_night_page_with_results_follows_the_night_rules(persona_client, night, persona, status):
    quick_murlan(night, ("Mara", "Beat"))
    assert persona_client(persona).get(reverse("night_detail", args=[night.pk])).status_code == status


def test_the_outsiders_leaderboard_does_not_show_others_players(persona_client, night):
    quick_murlan(night, ("Mara", "Beat"))
    page = persona_client("outsider").get(reverse("leaderboard") + "?game=murlan&period=all").content.decode()
    assert "Mara" not in page
    assert "No finished match of this game in this period." in page


# --- the list of nights -----------------------------------------------------


def nights_on_page(response):
    return re.findall(r'href="/nights/(\d+)/"', response.content.decode())


def test_the_list_shows_date_players_games_and_winners(persona_client, night):
    molotow(night, PLUS_PLUS, ANNA_ALL)
    quick_murlan(night, ("Beat", "Anna"))
    quick_murlan(night, ("Beat", "Anna"), finished=False)
    page = persona_client("member").get(reverse("night_list")).content.decode()
    assert 'datetime="2026-11-27"' in page
    assert "Anna, Beat, Cla, Dora" in page
    assert "Molotow Jass, Murlan \u00d72" in page
    assert '<span class="fw-semibold">Anna</span>, <span class="fw-semibold">Beat</span>' in page
    assert "1 in play" in page


def test_the_list_is_newest_first_and_paginated_by_twenty(persona_client, owner):
    nights = [
        GameNightFactory(owner=owner, date=datetime.date(2026, 1, 1) + datetime.timedelta(days=i))
        for i in range(23)
    ]
    client = persona_client("owner")
    first = nights_on_page(client.get(reverse("night_list")))
    assert first == [str(n.pk) for n in reversed(nights[3:])]
    second = nights_on_page(client.get(reverse("night_list") + "?page=2"))
    assert second == [str(n.pk) for n in reversed(nights[:3])]
    assert nights_on_page(client.get(reverse("night_list") + "?page=99")) == second  # the last page


def test_pages_keep_the_filters(persona_client, owner):
    for i in range(21):
        quick_murlan(
            GameNightFactory(owner=owner, date=datetime.date(2026, 1, 1) + datetime.timedelta(days=i))
        )
    page = persona_client("owner").get(reverse("night_list") + "?game=murlan").content.decode()
    assert 'href="?game=murlan&amp;page=2"' in page


def test_the_list_filters_by_player_game_and_dates(persona_client, owner):
    january = GameNightFactory(owner=owner, title="January", date=datetime.date(2026, 1, 9))
    march = GameNightFactory(owner=owner, title="March", date=datetime.date(2026, 3, 6))
    quick_murlan(january, ("Anna", "Beat"))
    molotow(march, PLUS_PLUS)
    elsa = PlayerFactory(owner=owner, name="Elsa")
    quick_murlan(march, ("Elsa", "Beat"))
    client = persona_client("owner")

    def found(query):
        return set(nights_on_page(client.get(reverse("night_list") + query)))

    anna = Player.objects.get(owner=owner, name="Anna")
    assert found(f"?player={anna.pk}") == {str(january.pk), str(march.pk)}
    assert found(f"?player={elsa.pk}") == {str(march.pk)}
    assert found("?game=molotow") == {str(march.pk)}
    assert found("?game=murlan&date_to=2026-02-01") == {str(january.pk)}
    assert found("?date_from=2026-02-01&date_to=2026-03-06") == {str(march.pk)}
    assert found(f"?player={elsa.pk}&game=murlan&date_from=2026-03-07") == set()


def test_a_filter_on_an_outsiders_player_is_refused_not_applied(persona_client, night, outsider):
    stranger = PlayerFactory(owner=outsider, name="Stranger")
    page = persona_client("owner").get(reverse("night_list") + f"?player={stranger.pk}").content.decode()
    assert "Select a valid choice" in page
    assert "Stranger" not in page
    assert "Friday cards" in page


def test_dates_in_the_wrong_order_are_explained(persona_client, night):
    page = persona_client("owner").get(reverse("night_list") + "?date_from=2026-12-01&date_to=2026-11-01")
    assert "The end date is before the start date." in page.content.decode()


def test_a_member_can_filter_by_players_of_nights_shared_with_them(persona_client, night):
    quick_murlan(night, ("Mara", "Beat"))
    mara = Player.objects.get(name="Mara")
    assert nights_on_page(persona_client("member").get(reverse("night_list") + f"?player={mara.pk}")) == [
        str(night.pk)
    ]


# --- a night's page ---------------------------------------------------------


def test_a_finished_night_shows_standings_winners_links_notes_and_summary(persona_client, night):
    night.notes = "Dora brought the Jass cards."
    night.save()
    first = molotow(night, PLUS_PLUS, ANNA_ALL)
    quick_murlan(night, ("Beat", "Anna"))
    quick_murlan(night, ("Anna", "Beat"))
    page = persona_client("member").get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Dora brought the Jass cards." in page
    assert f'href="/matches/{first.pk}/#rounds-heading"' in page
    assert "Anna won 2 of 3 matches." in page
    assert "Start a match" in page
    standings = re.findall(r"<td>(\d)\.</td>\s*<th scope=\"row\">(\w+)", page)
    assert standings[:4] == [("1", "Anna"), ("2", "Beat"), ("3", "Cla"), ("3", "Dora")]


def test_a_running_night_shows_its_standings_so_far(persona_client, night):
    quick_murlan(night, ("Beat", "Anna"), finished=False)
    page = persona_client("owner").get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Standings so far" in page and "in play" in page
    assert "No match has finished yet." in page


def test_the_owner_gets_links_to_the_players(persona_client, night):
    quick_murlan(night, ("Mara", "Beat"))
    mara = Player.objects.get(name="Mara")
    assert (
        reverse("player_detail", args=[mara.pk])
        in persona_client("owner").get(night.get_absolute_url()).content.decode()
    )
    assert (
        reverse("player_detail", args=[mara.pk])
        not in persona_client("member").get(night.get_absolute_url()).content.decode()
    )


# --- a player's page and the leaderboards -------------------------------------


def test_the_player_page_shows_per_game_figures_form_chart_and_rivals(persona_client, three_molotow, owner):
    anna = player("Anna", owner)
    page = persona_client("owner").get(reverse("player_detail", args=[anna.pk])).content.decode()
    assert "2 won of 3 finished matches" in page
    assert "+1.0" in page and "Net sticks per match" in page
    assert "67&nbsp;%" in page
    assert '<svg class="chart chart-results"' in page and '<title id="results-chart-title">' in page
    assert 'datetime="2026-11"' in page  # the chart's numbers in a table
    assert page.count("place 1 of 4") == 2 and "place 4 of 4" in page
    assert reverse("player_detail", args=[player("Beat", owner).pk]) in page


def test_a_player_without_finished_matches_gets_a_friendly_page(persona_client, owner):
    page = persona_client("owner").get(reverse("player_detail", args=[PlayerFactory(owner=owner).pk]))
    assert "Statistics appear here once a match with this player has finished." in page.content.decode()


def test_the_leaderboard_page_ranks_for_the_chosen_game_and_period(persona_client, three_molotow):
    page = persona_client("member").get(reverse("leaderboard") + "?game=molotow&period=all").content.decode()
    names = re.findall(r'<th scope="row"[^>]*>(\w+)</th>', page)
    assert names == ["Anna", "Dora", "Beat", "Cla"]
    assert "Net sticks per match" in page


def test_the_leaderboard_falls_back_on_unknown_choices(persona_client, night):
    quick_murlan(night, ("Mara", "Beat"))
    response = persona_client("owner").get(reverse("leaderboard") + "?game=poker&period=decade")
    assert response.status_code == 200
    assert response.context["board"].game == "molotow" and response.context["board"].period == "year"


def test_this_months_leaderboard_leaves_last_year_out(persona_client, owner):
    today = timezone.localdate()
    quick_murlan(GameNightFactory(owner=owner, date=today), ("Mara", "Beat"))
    quick_murlan(GameNightFactory(owner=owner, date=today - datetime.timedelta(days=400)), ("Beat", "Mara"))
    client = persona_client("owner")
    month = client.get(reverse("leaderboard") + "?game=murlan&period=month").context["board"]
    every = client.get(reverse("leaderboard") + "?game=murlan&period=all").context["board"]
    assert [(line.player.name, line.played) for line in month.lines] == [("Mara", 1), ("Beat", 1)]
    assert [(line.player.name, line.played) for line in every.lines] == [("Beat", 2), ("Mara", 2)]


# --- query counts: fixed, however many nights and rounds ---------------------


def seed_nights(owner, count, start=datetime.date(2020, 1, 3)):
    """``count`` nights of a 12-round Molotow and a Murlan each, the same four players."""
    twelve = [PLUS_PLUS, TOP_TWO_SHARE, ANNA_HUNDRED, OUTER_PAIR] * 3
    for i in range(count):
        night = GameNightFactory(owner=owner, date=start + datetime.timedelta(days=7 * i))
        play_match(night, "molotow", ABCD, twelve)
        quick_murlan(night, ABCD if i % 2 else ["Dora", "Cla", "Beat", "Anna"])


# Every page: the session and the user, then
# list: the players for the filter, the count, one page of nights, their matches, their seats with players;
# filtered list: also the chosen player checked;
# night: the night, its matches, their seats with players;
# player: the player, per game, recent form and its table sizes, head-to-head, results over time,
#   the current ratings, the rating chart's matches, the partner;
# leaderboard: the board, the players' ratings, the years with nights, how long the game takes.
@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("night_list", 7),
        ("night_list_filtered", 8),
        ("night_detail", 5),
        ("player_detail", 11),
        ("leaderboard", 6),
    ],
)
def test_review_pages_cost_the_same_queries_with_few_or_many_nights(
    persona_client, owner, page, expected, django_assert_num_queries
):
    client = persona_client("owner")
    seed_nights(owner, 2)
    anna = Player.objects.get(owner=owner, name="Anna")
    night = owner.owned_nights.order_by("date").first()
    urls = {
        "night_list": reverse("night_list"),
        "night_list_filtered": reverse("night_list")
        + f"?player={anna.pk}&game=molotow&date_from=2020-01-01&page=2",
        "night_detail": reverse("night_detail", args=[night.pk]),
        "player_detail": reverse("player_detail", args=[anna.pk]),
        "leaderboard": reverse("leaderboard") + "?game=molotow&period=all",
    }
    with django_assert_num_queries(expected):
        client.get(urls[page])
    seed_nights(owner, 30, start=datetime.date(2021, 1, 1))
    MatchFactory.create_batch(3, night=night, names=ABCD)  # more matches in the night itself
    with django_assert_num_queries(expected):
        response = client.get(urls[page])
    assert response.status_code == 200


# --- the results-over-time chart ------------------------------------------------


def test_the_chart_draws_a_bar_per_period_with_its_text_alternative():
    buckets = [
        stats.Bucket(datetime.date(2026, 1, 1), "Jan <2026>", 4, 1),
        stats.Bucket(datetime.date(2026, 2, 1), "Feb 2026", 0, 0),
        stats.Bucket(datetime.date(2026, 3, 1), "Mar 2026", 2, 2),
    ]
    svg = results_over_time_svg(buckets, title="Anna & co", description="Two won", chart_id="c1")
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'aria-labelledby="c1-title c1-desc"' in svg and 'role="img"' in svg
    assert '<title id="c1-title">Anna &amp; co</title>' in svg and '<desc id="c1-desc">Two won</desc>' in svg
    assert "Jan &lt;2026&gt;" in svg and "<2026>" not in svg
    assert svg.count('class="chart-played"') == 3  # the empty month too, as a flat bar
    assert svg.count('class="chart-won"') == 2  # the legend's swatch has no class
    assert "<title>Jan &lt;2026&gt;: 1 won of 4 played</title>" in svg
    assert "style=" not in svg  # presentation attributes only: the strict CSP allows them


def test_the_won_bars_wear_the_players_own_colour_as_their_standing_cards_do():
    buckets = [stats.Bucket(datetime.date(2026, 1, 1), "Jan 2026", 4, 1)]
    svg = results_over_time_svg(buckets, title="Anna", description="One won", chart_id="c1", colour="#be185d")
    assert svg.count('fill="#be185d"') == 2  # the won bar and the legend's swatch
    plain = results_over_time_svg(buckets, title="Beat", description="One won", chart_id="c1", colour="")
    assert 'fill="#be185d"' not in plain and plain.count('fill="#0b5fa5"') == 2


def test_players_equal_on_every_figure_share_their_place_on_the_leaderboard(persona_client, owner, night):
    quick_murlan(night, ("Anna", "Beat"))
    quick_murlan(night, ("Dora", "Cla"))  # Anna and Dora: 1 of 1, 100 %, place 1; Beat and Cla: 1 of 1 lost
    places = [(place, line.player.name) for place, line in stats.leaderboard(owner, "murlan", "all").ranked]
    assert places == [(1, "Anna"), (1, "Dora"), (3, "Beat"), (3, "Cla")]
    page = persona_client("owner").get(reverse("leaderboard") + "?game=murlan&period=all").content.decode()
    assert re.findall(r"<td>(\d+)</td>\s*<th scope=\"row\"", page) == ["1", "1", "3", "3"]
