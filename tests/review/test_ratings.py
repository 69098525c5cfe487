"""Ratings from places (openskill, Plackett-Luce): order, ties, provisional, and kept current.

Matches are played through the engines and ``standings.refresh`` (``play_match``), and
changed through ``companion.play.rounds`` as the pages change them; every change must
leave the ratings that ``manage.py rebuild_ratings`` computes from scratch.
"""

import datetime
import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from companion.access import Viewer
from companion.models import Match, Player
from companion.play import rounds
from companion.review import ratings
from companion.review.models import OVERALL, Feat, Partnership, Rating
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


def values(game="molotow"):
    return {
        rating.player.name: rating.value
        for rating in ratings.current(Player.objects.values_list("pk", flat=True), game).values()
    }


def snapshot():
    """Every rating row, comparable between an incremental run and a rebuild."""
    return sorted(
        (
            r.player.name,
            r.game,
            r.number,
            r.match_id,
            round(r.mu, 9),
            round(r.sigma, 9),
            r.value,
            r.place,
            r.streak,
        )
        for r in Rating.objects.select_related("player")
    )


def rebuilt():
    call_command("rebuild_ratings", stdout=io.StringIO())
    return snapshot()


def test_a_finished_match_rates_its_players_in_the_order_of_their_places(night):
    molotow(night, PLUS_PLUS, ANNA_ALL)  # places: Anna 1, Beat 2, Cla 3, Dora 3
    game, overall = values("molotow"), values(OVERALL)
    assert game["Anna"] > game["Beat"] > game["Cla"]
    assert game == overall  # one match: the game's rating and the overall one agree
    assert Rating.objects.filter(game="molotow").count() == Rating.objects.filter(game=OVERALL).count() == 4


def test_players_who_share_a_place_share_the_rating(night):
    molotow(night, PLUS_PLUS, ANNA_ALL)  # Cla and Dora both third
    cla, dora = (Rating.objects.get(player__name=name, game="molotow") for name in ("Cla", "Dora"))
    assert (cla.mu, cla.sigma, cla.value) == (dora.mu, dora.sigma, dora.value)


def test_a_match_in_play_is_not_rated(night):
    quick_murlan(night, ABCD, finished=False)
    assert not Rating.objects.exists()


def test_the_shown_figure_is_the_conservative_estimate_times_forty(night):
    molotow(night, PLUS_PLUS, ANNA_ALL)
    anna = Rating.objects.get(player__name="Anna", game=OVERALL)
    assert anna.value == round((anna.mu - 3 * anna.sigma) * 40)
    assert ratings.shown(25, 25 / 3) == 0  # a newcomer starts at 0


def test_a_rating_is_provisional_for_the_first_four_matches(night):
    for _ in range(5):
        quick_murlan(night, ("Anna", "Beat"))
    numbers = list(
        Rating.objects.filter(player__name="Anna", game="murlan")
        .order_by("number")
        .values_list("number", flat=True)
    )
    assert numbers == [1, 2, 3, 4, 5]
    assert [ratings.is_provisional(n) for n in numbers] == [True, True, True, True, False]


def test_winning_again_and_again_raises_the_rating_and_the_streak(night):
    for _ in range(3):
        quick_murlan(night, ("Anna", "Beat"))
    anna = list(Rating.objects.filter(player__name="Anna", game="murlan").order_by("number"))
    assert [r.value for r in anna] == sorted(r.value for r in anna)
    assert [r.streak for r in anna] == [1, 2, 3]
    assert set(Rating.objects.filter(player__name="Beat").values_list("streak", flat=True)) == {0}


def test_matches_are_rated_in_playing_order_by_the_nights_date_not_by_when_they_were_entered(owner):
    later = GameNightFactory(owner=owner, date=datetime.date(2026, 3, 1))
    earlier = GameNightFactory(owner=owner, date=datetime.date(2026, 2, 1))
    quick_murlan(later, ("Anna", "Beat"))
    quick_murlan(earlier, ("Beat", "Anna"))  # entered afterwards, played first
    first = Rating.objects.get(player__name="Beat", game="murlan", number=1)
    assert first.match.night == earlier
    assert snapshot() == rebuilt()


def test_rebuilding_gives_what_the_matches_left_as_they_were_played(night, owner):
    molotow(night, PLUS_PLUS, ANNA_ALL)
    molotow(night, ANNA_HUNDRED, TOP_TWO_SHARE)
    quick_murlan(night, ("Dora", "Cla", "Beat"))
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2020, 1, 1)), ("Cla", "Anna"))
    incremental = snapshot()
    assert incremental
    assert rebuilt() == incremental


def test_an_edit_that_changes_an_old_result_rates_every_later_match_again(night, owner):
    first = molotow(night, PLUS_PLUS, ANNA_ALL)
    molotow(night, ANNA_HUNDRED, TOP_TWO_SHARE)
    quick_murlan(night, ("Anna", "Beat"))
    before = snapshot()
    # Round 2 of the first match: Dora takes everything instead of Anna.
    rounds.edit_entry(Viewer(owner), first.pk, 2, {"points": {"Anna": 0, "Beat": 0, "Cla": 0, "Dora": 157}})
    after = snapshot()
    assert after != before
    assert Rating.objects.get(player__name="Dora", game="molotow", number=1).place == 1
    assert rebuilt() == after


def test_undoing_the_last_round_of_a_finished_match_takes_its_ratings_back(night, owner):
    molotow(night, PLUS_PLUS, ANNA_ALL)
    last = molotow(night, ANNA_HUNDRED, TOP_TWO_SHARE)
    rounds.undo_last(Viewer(owner), last.pk, 2)
    assert not Rating.objects.filter(match=last).exists()
    assert not Feat.objects.filter(seat__match=last).exists()
    assert rebuilt() == snapshot()


def test_a_match_the_table_ends_is_rated_and_resuming_it_takes_that_back(night, owner):
    match = play_match(night, "counter", ABCD, [{"points": {"Anna": 5, "Beat": 3}}])
    assert not Rating.objects.filter(match=match).exists()
    rounds.end_match(Viewer(owner), match.pk)
    assert Rating.objects.filter(match=match, game="counter").count() == 4
    rounds.resume_match(Viewer(owner), Match.objects.get(pk=match.pk).pk)
    assert not Rating.objects.filter(match=match).exists()


def test_deleting_a_finished_match_rates_the_later_ones_again(
    night, owner, django_capture_on_commit_callbacks
):
    first = molotow(night, PLUS_PLUS, ANNA_ALL)
    molotow(night, ANNA_HUNDRED, TOP_TWO_SHARE)
    with django_capture_on_commit_callbacks(execute=True):
        Match.objects.get(pk=first.pk).delete()
    assert Rating.objects.filter(player__name="Anna", game="molotow").get().number == 1
    assert snapshot() == rebuilt()


def test_the_records_and_partnerships_of_a_match_follow_its_edits(night, owner):
    match = molotow(night, PLUS_PLUS, OUTER_PAIR)
    assert Feat.objects.get(seat__match=match, seat__player__name="Anna", kind="total").value == 2
    rounds.edit_entry(Viewer(owner), match.pk, 2, ANNA_ALL.copy())
    assert Feat.objects.get(seat__match=match, seat__player__name="Anna", kind="total").value == 4
    assert Feat.objects.get(seat__match=match, seat__player__name="Anna", kind="round").value == 3
    assert not Partnership.objects.exists()  # Molotow has no partners


def test_rebuild_ratings_says_what_it_did(night):
    molotow(night, PLUS_PLUS, ANNA_ALL)
    out = io.StringIO()
    call_command("rebuild_ratings", stdout=out)
    assert out.getvalue().startswith("Rated 1 finished matches and kept the records of 1 ")


def test_the_demo_data_comes_with_ratings_records_and_partners(owner):
    call_command("seed_demo", "--nights", "12", "--owner", "owner", "--seed", "3", stdout=io.StringIO())
    incremental = snapshot()
    assert incremental
    assert Feat.objects.filter(kind="anrufen_payout").exists()
    assert Feat.objects.filter(kind="molotow_potatoes").exists()
    assert Partnership.objects.exists()
    assert rebuilt() == incremental


def test_an_imported_night_is_rated_among_the_older_ones(owner, django_capture_on_commit_callbacks):
    from companion.transfer.storing import import_night

    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2026, 5, 1)), ("Anna", "Beat"))
    document = {
        "game_night": {"title": "Found in a drawer", "date": "2026-04-01"},
        "matches": [
            {
                "game": "murlan",
                "players": ["Beat", "Anna"],
                "options": {"target": 2, "max_target": 2},
                "rounds": [{"order": ["Beat", "Anna"]}, {"order": ["Beat", "Anna"]}],
            }
        ],
    }
    with django_capture_on_commit_callbacks(execute=True):
        night = import_night(document, owner, owner)
    first = Rating.objects.get(player__name="Beat", game="murlan", number=1)
    assert first.match.night == night  # played before the May night, so rated first
    assert Feat.objects.filter(seat__match__night=night).exists()
    assert snapshot() == rebuilt()


def test_moving_a_night_to_another_date_rates_in_the_new_order(client, owner):
    early = GameNightFactory(owner=owner, date=datetime.date(2026, 4, 1))
    quick_murlan(early, ("Anna", "Beat"))
    quick_murlan(GameNightFactory(owner=owner, date=datetime.date(2026, 5, 1)), ("Beat", "Anna"))
    client.force_login(owner)
    # The night's edit asks for the re-rating itself (the tests run its task at once).
    client.post(reverse("night_edit", args=[early.pk]), {"title": early.title, "date": "2026-06-01"})
    early.refresh_from_db()
    assert early.date == datetime.date(2026, 6, 1)
    assert Rating.objects.get(player__name="Anna", game="murlan", number=2).match.night == early
    assert snapshot() == rebuilt()


def test_the_ratings_pages_say_when_ratings_are_being_brought_up_to_date(persona_client, night, owner):
    from django.test import override_settings

    from companion.review import tasks

    quick_murlan(night, ("Anna", "Beat"))
    anna = Player.objects.get(owner=owner, name="Anna")
    pages = [
        reverse("leaderboard") + "?game=murlan&period=all&order=rating",
        reverse("player_detail", args=[anna.pk]),
    ]
    sentence = "The ratings are being brought up to date with the latest results."
    client = persona_client("owner")
    with override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}):
        assert all(sentence not in client.get(page).content.decode() for page in pages)
        waiting = tasks.rate_from.enqueue(
            owner_id=owner.pk, date="2026-01-01"
        )  # the worker has not run it yet
        for page in pages:
            response = client.get(page)
            assert response.status_code == 200 and sentence in response.content.decode(), page
        german = client.get(pages[0], HTTP_ACCEPT_LANGUAGE="de").content.decode()
        assert "Die Wertungen werden gerade mit den neusten Resultaten nachgeführt." in german
        from django_tasks_db.models import DBTaskResult

        DBTaskResult.objects.filter(id=waiting.id).delete()  # done
        assert all(sentence not in client.get(page).content.decode() for page in pages)
