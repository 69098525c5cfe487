import threading

import pytest
from django.db import connection

from companion.clubs import services
from companion.clubs.models import ClubNight, ClubTable, Entrant, Sitting
from companion.models import Match, Round
from tests.clubs.helpers import NAMES, club_night, draw, play_round
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def seated(sitting):
    return [
        [seat.player.name for seat in table.match.seats.order_by("position")]
        for table in sitting.tables.all()
    ]


def test_a_draw_creates_the_tables_and_their_matches_in_seating_order(night):
    club = club_night(night)
    sitting = draw(club)
    tables = list(sitting.tables.order_by("number"))
    assert [table.number for table in tables] == [1, 2]
    players = [name for table in seated(sitting) for name in table]
    assert sorted(players) == sorted(NAMES)
    for table in tables:
        assert table.match.night == night
        assert table.match.game == "counter"
        assert table.match.first_dealer == 0
        assert table.match.options["rounds"] == 1
        assert table.token and len(table.token_hash) == 64
        assert table.token not in table.token_hash


def test_thirteen_players_at_tables_of_four_sit_four_three_three_three(night):
    club = club_night(night, [f"P{n}" for n in range(13)])
    sitting = draw(club)
    assert [len(table) for table in seated(sitting)] == [4, 3, 3, 3]
    assert sitting.byes.count() == 0


def test_without_smaller_tables_the_players_left_over_sit_out(night):
    club = club_night(night, [f"P{n}" for n in range(10)], smaller_tables=False)
    sitting = draw(club)
    assert [len(table) for table in seated(sitting)] == [4, 4]
    assert sitting.byes.count() == 2


def test_the_same_seed_draws_the_same_sitting(night):
    club = club_night(night)
    first = seated(draw(club, seed=52817))
    services.redraw_sitting(club, number=1, seed=52817)
    assert seated(Sitting.objects.get(club=club, number=1)) == first
    assert Sitting.objects.get(club=club, number=1).seed == 52817


def test_too_few_present_players_are_refused_and_nothing_is_drawn(night):
    club = club_night(night, ["Anna"])
    with pytest.raises(services.ClubError, match="Only 1 player is present"):
        draw(club)
    assert not Sitting.objects.exists()
    assert not Match.objects.exists()


def test_the_next_sitting_waits_until_every_table_finished(night, client):
    club = club_night(night)
    sitting = draw(club)
    with pytest.raises(services.ClubError, match="Sitting 1 is still being played"):
        draw(club, number=2)
    assert Sitting.objects.count() == 1
    assert Match.objects.count() == 2
    finish(sitting)
    second = draw(club, number=2)
    assert second.number == 2
    sitting.refresh_from_db()
    assert sitting.closed_at is not None


def finish(sitting):

    for table in sitting.tables.all():
        play_round(table.match)


def test_a_second_phone_drawing_the_same_sitting_is_told_and_draws_nothing(night):
    club = club_night(night)
    draw(club)
    with pytest.raises(
        services.ClubError, match=r"Sitting 1 was already drawn, perhaps from another phone\."
    ):
        draw(club, number=1)
    assert Sitting.objects.count() == 1
    assert ClubTable.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_phones_drawing_at_the_same_moment_make_one_sitting(owner, member):
    from tests.factories import GameNightFactory

    night = GameNightFactory(owner=owner)
    club = club_night(night)
    outcomes = []
    barrier = threading.Barrier(2)

    def phone():
        try:
            barrier.wait()
            draw(ClubNight.objects.get(pk=club.pk))
            outcomes.append("drawn")
        except services.ClubError as error:
            outcomes.append(str(error))
        except Exception as error:  # SQLite: the second writer may find the database busy
            outcomes.append(type(error).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=phone) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("drawn") == 1
    assert Sitting.objects.filter(club=club).count() == 1
    assert ClubTable.objects.filter(sitting__club=club).count() == 2


def test_a_redraw_is_refused_once_a_table_entered_a_round(night):
    club = club_night(night, rounds=3)
    sitting = draw(club)
    table = sitting.tables.first()

    play_round(table.match)
    with pytest.raises(services.ClubError, match="has entered a round"):
        services.redraw_sitting(club, number=1)
    assert Round.objects.count() == 1
    assert set(ClubTable.objects.values_list("pk", flat=True)) == set(
        sitting.tables.values_list("pk", flat=True)
    )


def test_a_redraw_before_any_round_seats_everyone_again_with_new_links(night):
    club = club_night(night)
    sitting = draw(club, seed=1)
    before = set(ClubTable.objects.values_list("token_hash", flat=True))
    services.redraw_sitting(club, number=1, seed=2)
    assert Sitting.objects.get().seed == 2
    assert Match.objects.count() == 2
    assert not before & set(ClubTable.objects.values_list("token_hash", flat=True))
    assert sorted(name for table in seated(sitting) for name in table) == sorted(NAMES)


def test_a_player_checked_in_twice_is_told_and_nothing_changes(night):
    club = club_night(night, ["Anna", "Beat"])
    with pytest.raises(services.ClubError, match=r"Anna is already checked in\."):
        services.check_in(club, names=["Cla", "anna"], user=night.owner)
    assert sorted(Entrant.objects.values_list("player__name", flat=True)) == ["Anna", "Beat"]


def test_roster_players_check_in_and_a_leaver_keeps_the_entry(night):
    club = club_night(night, [])
    anna = PlayerFactory(owner=night.owner, name="Anna")
    services.check_in(club, players=[anna.pk], names=["Beat"], user=night.owner)
    entrant = Entrant.objects.get(player=anna)
    services.check_out(club, entrant.pk)
    entrant.refresh_from_db()
    assert not entrant.present
    assert [player.name for player in services.present_players(club)] == ["Beat"]
    services.check_in(club, players=[anna.pk], user=night.owner)  # back late
    assert Entrant.objects.get(player=anna).present


def test_a_leaver_is_not_seated_in_the_next_sitting(night):
    club = club_night(night)
    finish(draw(club))
    services.check_out(club, Entrant.objects.get(player__name="Anna").pk)
    sitting = draw(club, number=2)
    assert "Anna" not in [name for table in seated(sitting) for name in table]


def test_closing_a_sitting_needs_every_table_finished(night):
    club = club_night(night)
    sitting = draw(club)
    with pytest.raises(services.ClubError, match="still being played"):
        services.close_sitting(club, number=1)
    finish(sitting)
    services.close_sitting(club, number=1)
    sitting.refresh_from_db()
    assert sitting.closed_at is not None


def test_a_table_ended_by_hand_counts_as_finished(night):
    club = club_night(night, rounds=5)
    sitting = draw(club)
    for table in sitting.tables.all():
        play_round(table.match)
        services.end_table(club, table.pk, user=night.owner)
    assert services.complete(sitting)


def test_the_final_standings_count_finished_tables_only(night):
    club = club_night(night, rounds=1)
    sitting = draw(club)
    assert services.standings(club).rows[0].table_points == 0
    finish(sitting)
    board = services.standings(club)
    assert len(board.rows) == 8
    assert sum(row.table_points for row in board.rows) == 0
    assert all(row.sittings == 1 for row in board.rows)


def test_an_ended_club_night_draws_no_more(night):
    club = club_night(night)
    services.end_club(club)
    with pytest.raises(services.ClubError, match="has ended"):
        draw(club)
