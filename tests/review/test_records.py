"""Rivals and partners, records and streaks, periods and the year in review.

Matches are played through the engines (``play_match``); the expectations are counted
by hand from the rules (docs/rules.md) and the fixtures' comments.
"""

import datetime

import pytest
from django.urls import reverse

from companion.models import Player
from companion.review import records, rivals, stats, year
from companion.review.stats import Period
from tests.factories import GameNightFactory, play_match, quick_murlan
from tests.review.test_review import (
    ABCD,
    ANNA_ALL,
    ANNA_HUNDRED,
    OUTER_PAIR,
    PLUS_PLUS,
    TOP_TWO_SHARE,
    molotow,
)

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 11, 27)
ALL = Period("all")


def by_key(found):
    return {record.key: (record.text, record.player.name) for record in found}


# --- periods -------------------------------------------------------------------------


def test_periods_cover_this_month_this_year_last_year_and_all_time():
    assert stats.period("month", TODAY) == Period("month", datetime.date(2026, 11, 1))
    assert stats.period("year", TODAY) == Period("year", datetime.date(2026, 1, 1))
    assert stats.period("last_year", TODAY) == Period(
        "last_year", datetime.date(2025, 1, 1), datetime.date(2026, 1, 1)
    )
    assert stats.period("all", TODAY) == Period("all")
    assert stats.period("forever", TODAY) == Period("all")  # an unknown name falls back


def test_last_years_leaderboard_counts_only_last_years_nights(owner):
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2025, 12, 31)), ("Anna", "Beat"))
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2025, 1, 1)), ("Anna", "Beat"))
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2026, 1, 1)), ("Beat", "Anna"))
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2024, 12, 31)), ("Beat", "Anna"))
    lines = stats.leaderboard(owner, "murlan", "last_year", today=TODAY).lines
    assert [(line.player.name, line.played, line.won) for line in lines] == [("Anna", 2, 2), ("Beat", 2, 0)]


def test_the_player_page_filters_its_sums_by_the_period_in_the_url(persona_client, owner):
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2020, 5, 1)), ("Anna", "Beat"))
    quick_murlan(GameNightFactory(owner=owner), ("Beat", "Anna"))
    anna = Player.objects.get(owner=owner, name="Anna")
    client = persona_client("owner")
    every = client.get(reverse("player_detail", args=[anna.pk]) + "?period=all").context
    this_year = client.get(reverse("player_detail", args=[anna.pk]) + "?period=year").context
    assert [(line.played, line.won) for line in every["lines"]] == [(2, 1)]
    assert [(line.played, line.won) for line in this_year["lines"]] == [(1, 0)]
    assert 'href="?period=last_year"' in client.get(reverse("player_detail", args=[anna.pk])).text


def test_the_leaderboards_links_keep_the_game_period_and_order(persona_client, night):
    quick_murlan(night, ("Anna", "Beat"))
    page = persona_client("owner").get(reverse("leaderboard") + "?game=murlan&period=last_year&order=rating")
    assert page.context["order"] == "rating"
    assert "?game=molotow&amp;period=last_year&amp;order=rating" in page.text
    assert "?game=murlan&amp;period=all&amp;order=rating" in page.text
    assert "?game=murlan&amp;period=last_year&amp;order=wins" in page.text


# --- ratings on the leaderboard -------------------------------------------------------


def test_the_leaderboard_can_rank_by_rating(persona_client, night):
    # Beat wins once against everybody; Anna wins twice against Cla only.
    quick_murlan(night, ("Anna", "Cla"))
    quick_murlan(night, ("Anna", "Cla"))
    quick_murlan(night, ("Beat", "Anna", "Cla", "Dora"))
    client = persona_client("owner")
    by_wins = client.get(reverse("leaderboard") + "?game=murlan&period=all").context["board"]
    by_rating = client.get(reverse("leaderboard") + "?game=murlan&period=all&order=rating").context["board"]
    assert [line.player.name for line in by_wins.lines][:2] == ["Anna", "Beat"]
    ranked = [(line.player.name, rating.value) for _place, line, rating in by_rating.rows]
    assert [value for _name, value in ranked] == sorted((value for _name, value in ranked), reverse=True)
    assert by_rating.rows[0][2].number < 5  # everybody is still provisional
    assert "?</abbr>" in client.get(reverse("leaderboard") + "?game=murlan&period=all&order=rating").text


@pytest.mark.parametrize(
    ("language", "why", "mark"),
    [
        (
            "en",
            "not only wins: second place behind strong players can rate above a win",
            "A ? marks a provisional rating",
        ),
        (
            "de",
            "nicht nur Siege: ein zweiter Platz hinter starken",
            "Ein ? kennzeichnet eine vorläufige Wertung",
        ),
    ],
)
def test_the_rating_board_says_why_a_player_without_a_win_can_lead(
    persona_client, night, language, why, mark
):
    # Issue 37: the Anrufen board by rating put a loser first without a word.
    quick_murlan(night, ("Anna", "Cla"))
    page = persona_client("owner").get(
        reverse("leaderboard") + "?game=murlan&period=all&order=rating", headers={"accept-language": language}
    )
    assert why in page.text and mark in page.text


# --- rivals and partners ------------------------------------------------------------------


def test_the_nemesis_beats_the_player_most_and_the_favourite_is_beaten_most(three_molotow_and_more):
    anna = Player.objects.get(name="Anna")
    found = rivals.rivals(stats.head_to_head(anna))
    # Anna against Beat: ahead 2, behind 1; Cla: ahead 3, behind 1; Dora: ahead 2, behind 2;
    # Eva (met twice) beat her twice but is met too rarely to count.
    assert (found.nemesis.name, found.nemesis.behind) == ("Dora", 2)
    assert (found.favourite.name, found.favourite.ahead) == ("Cla", 3)


def test_nobody_met_fewer_than_three_times_is_a_rival(night):
    quick_murlan(night, ("Beat", "Anna"))
    quick_murlan(night, ("Beat", "Anna"))
    found = rivals.rivals(stats.head_to_head(Player.objects.get(name="Anna")))
    assert found.nemesis is None and found.favourite is None
    quick_murlan(night, ("Beat", "Anna"))
    assert rivals.rivals(stats.head_to_head(Player.objects.get(name="Anna"))).nemesis.name == "Beat"


def anrufen(night, deals):
    return play_match(night, "anrufen", ABCD, deals, options={"rounds": len(deals)})


def deal(bidder, partner, points):
    entry = {"bidder": bidder, "bid": "normal", "points": points}
    return entry | ({"partner": partner} if partner else {})


def test_the_partner_is_whom_the_player_bids_with_most_with_the_success_rate(night):
    anrufen(
        night,
        [
            deal("Anna", "Cla", 70),  # made
            deal("Cla", "Anna", 30),  # lost
            deal("Anna", "Cla", 60),  # made
            deal("Anna", "Beat", 80),  # made
            deal("Dora", "Beat", 80),
        ],
    )
    found = rivals.partner(Player.objects.get(name="Anna"))
    assert (found.name, found.bids, found.made) == ("Cla", 3, 2)
    assert rivals.partner(Player.objects.get(name="Beat")) is None  # two bids together at most


def test_the_player_page_names_rivals_and_partner_and_the_rule_for_counting(
    persona_client, three_molotow_and_more
):
    anna = Player.objects.get(name="Anna")
    page = persona_client("owner").get(reverse("player_detail", args=[anna.pk]))
    assert page.context["foes"].nemesis.name == "Dora"
    assert "Only players met in at least 3 finished matches count" in page.text


@pytest.fixture
def three_molotow_and_more(night):
    """The three Molotow matches of tests/review/test_review.py (Anna ahead of each of the others twice, behind
    once), a Murlan Anna wins against Cla and one Dora wins against her, and two Eva wins against her."""
    molotow(night, PLUS_PLUS, ANNA_ALL)
    molotow(night, ANNA_HUNDRED, TOP_TWO_SHARE)
    molotow(night, PLUS_PLUS, OUTER_PAIR)
    quick_murlan(night, ("Anna", "Cla"))
    quick_murlan(night, ("Dora", "Anna"))
    quick_murlan(night, ("Eva", "Anna"))
    quick_murlan(night, ("Eva", "Anna"))


# --- records ------------------------------------------------------------------------------


def test_molotow_records_name_the_best_and_worst_total_best_round_potatoes_and_streak(night, owner):
    molotow(night, PLUS_PLUS, ANNA_ALL)  # Anna +4 (+3 in round 2); Cla -4, Dora -4; Beat -2
    molotow(night, ANNA_HUNDRED, TOP_TWO_SHARE)  # Dora +4, Beat +3, Cla +2, Anna -3 (3 potatoes)
    molotow(night, PLUS_PLUS, OUTER_PAIR)  # Anna +2 wins: not two in a row (Dora won between)
    found = by_key(records.records(owner, "molotow", ALL))
    assert found["total"] == ("+4", "Anna")  # Anna and Dora both +4: Anna set it first
    assert found["worst_total"] == ("\u22124", "Cla")
    assert found["round"] == ("+3", "Anna")
    assert found["molotow_potatoes"][0] == "4 potatoes"
    assert found["streak"] == ("1 win in a row", "Anna")
    assert found["busiest"] == ("3 matches", "Anna")


def test_a_record_links_to_the_match_that_set_it(persona_client, night):
    match = molotow(night, PLUS_PLUS, ANNA_ALL)
    page = persona_client("owner").get(reverse("record_list") + "?game=molotow&period=all")
    assert page.status_code == 200
    assert {record.url for record in page.context["records"]} >= {match.get_absolute_url()}


def test_lowest_wins_turns_best_round_and_total_around(night, owner):
    play_match(
        night,
        "counter",
        ["Anna", "Beat"],
        [{"points": {"Anna": 5, "Beat": 12}}, {"points": {"Anna": 1, "Beat": 3}}],
        options={"rounds": 2, "lowest_wins": True},
    )
    found = by_key(records.records(owner, "counter", ALL))
    assert found["total"] == ("+6", "Anna")
    assert found["worst_total"] == ("+15", "Beat")
    assert found["round"] == ("+1", "Anna")


def test_the_games_own_records_come_from_the_games_parts(night, owner):
    quick_murlan(night, ("Anna", "Beat", "Cla"))  # two hands
    anrufen(night, [deal("Anna", "Cla", 70), deal("Beat", "Dora", 80)])
    elfer_game = {"bonus": {"Anna": 2, "Beat": 5}, "cards": {"Anna": [4], "Cla": [3]}}  # Beat went out
    play_match(night, "elfer", ["Anna", "Beat", "Cla"], [elfer_game], options={"rounds": 1})
    assert by_key(records.records(owner, "murlan", ALL))["murlan_fastest"] == ("2 hands", "Anna")
    assert by_key(records.records(owner, "anrufen", ALL))["anrufen_payout"] == (
        "1 token",
        "Anna",
    )  # normal: 1 each
    assert by_key(records.records(owner, "elfer", ALL))["elfer_bonus"] == ("5 bonus cards", "Beat")


def test_records_only_come_from_nights_the_user_may_see(night, member, outsider):
    molotow(night, PLUS_PLUS, ANNA_ALL)
    assert records.records(member, "molotow", ALL)
    assert records.records(outsider, "molotow", ALL) == []


def test_records_of_a_period_leave_older_matches_out(owner):
    old = GameNightFactory(owner=owner, date=datetime.date(2020, 1, 3))
    molotow(old, PLUS_PLUS, ANNA_ALL)  # +4 in 2020
    molotow(GameNightFactory(owner=owner, date=TODAY), PLUS_PLUS, OUTER_PAIR)  # +2 this year
    found = by_key(records.records(owner, "molotow", stats.period("year", TODAY)))
    assert found["total"] == ("+2", "Anna")


# --- the year in review ----------------------------------------------------------------------


def test_the_year_in_review_counts_nights_matches_winners_records_and_the_busiest_night(owner):
    busy = GameNightFactory(owner=owner, date=datetime.date(2025, 3, 1), title="Long night")
    quick_murlan(busy, ("Anna", "Beat"))
    quick_murlan(busy, ("Anna", "Beat"))
    molotow(busy, PLUS_PLUS, ANNA_ALL)
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2025, 6, 1)), ("Beat", "Anna"))
    GameNightFactory(owner=owner, date=datetime.date(2025, 7, 1))  # nothing finished
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2026, 1, 1)), ("Beat", "Anna"))
    review = year.year_in_review(owner, 2025)
    assert (review.nights, review.matches) == (3, 4)
    assert [(game.game, game.matches) for game in review.games] == [("molotow", 1), ("murlan", 3)]
    assert [(winner.name, winner.won) for winner in review.winners] == [("Anna", 3), ("Beat", 1)]
    assert (review.busiest.title, review.busiest_matches) == ("Long night", 3)
    assert [game.label for game in review.records] == ["Molotow Jass", "Murlan"]
    assert review.years == [2026, 2025]


def test_the_year_page_prints_and_is_only_the_users_nights(persona_client, night, outsider):
    quick_murlan(night, ("Anna", "Beat"))
    this_year = night.date.year
    mine = persona_client("owner").get(reverse("year_in_review", args=[this_year]))
    assert mine.status_code == 200
    assert "print.css" in mine.text and "Who won most" in mine.text
    theirs = persona_client("outsider").get(reverse("year_in_review", args=[this_year]))
    assert theirs.context["review"].matches == 0
    assert persona_client("owner").get("/years/99999/").status_code == 404


# --- ties: whoever set the record first keeps it (issue 37) -------------------------------


def test_a_tie_goes_to_the_record_set_on_the_earlier_night_whichever_was_entered_first(owner):
    later = GameNightFactory(owner=owner, date=datetime.date(2026, 11, 20))
    earlier = GameNightFactory(owner=owner, date=datetime.date(2026, 11, 6))
    # The later night's match is entered first: the night's date decides, not the entering.
    play_match(
        later, "counter", ["Anna", "Beat"], [{"points": {"Anna": 10, "Beat": 3}}], options={"rounds": 1}
    )
    play_match(
        earlier, "counter", ["Cla", "Dora"], [{"points": {"Cla": 10, "Dora": 3}}], options={"rounds": 1}
    )
    found = records.records(owner, "counter", ALL)
    assert {
        record.key: (record.player.name, record.night) for record in found if record.key != "busiest"
    } == {
        "total": ("Cla", earlier),
        "worst_total": ("Dora", earlier),
        "round": ("Cla", earlier),
        "streak": ("Cla", earlier),
    }


def test_a_tie_on_one_night_goes_to_the_match_started_first(owner, night):
    started = datetime.datetime(2026, 11, 27, 19, 0, tzinfo=datetime.UTC)
    play_match(
        night,
        "counter",
        ["Anna", "Beat"],
        [{"points": {"Anna": 10, "Beat": 3}}],
        options={"rounds": 1},
        started_at=started + datetime.timedelta(hours=1),
    )
    play_match(
        night,
        "counter",
        ["Cla", "Dora"],
        [{"points": {"Cla": 10, "Dora": 3}}],
        options={"rounds": 1},
        started_at=started,
    )
    assert by_key(records.records(owner, "counter", ALL))["total"] == ("+10", "Cla")


def test_a_best_round_tied_within_one_match_goes_to_whoever_reached_it_in_the_earlier_round(owner, night):
    # Beat, seated second, makes 10 in round 1; Anna, seated first, makes 10 only in round 2.
    play_match(
        night,
        "counter",
        ["Anna", "Beat"],
        [{"points": {"Anna": 2, "Beat": 10}}, {"points": {"Anna": 10, "Beat": 1}}],
        options={"rounds": 2},
    )
    assert by_key(records.records(owner, "counter", ALL))["round"] == ("+10", "Beat")
