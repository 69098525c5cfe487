"""The club night's TV page (the night's share link) and the prints' index, without a browser: what they show
from the rows of a club night, that the page's version moves with check-ins, draws and closed sittings, and
that a plain night's link is unchanged."""

import pytest
from django.utils import timezone

from companion.clubs.models import Entrant
from companion.clubs.show import club_show
from companion.clubs.show_views import density
from companion.models import Player
from companion.sharing import services as sharing
from tests.clubs.show_factories import NAMES, club_24, make_club, play, play_sitting, rotation, seat_sitting
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def tv(night, owner):
    """The night's share link: the TV page's address."""
    return f"/s/{sharing.create_link(night=night, user=owner).token}/"


def test_a_freshly_drawn_sitting_shows_every_seat_and_the_club_standings(client, night, tv):
    club = club_24(night)
    page = client.get(tv).content.decode()
    assert "Sitting 3 of 3" in page and "Find your seat" in page
    for table in club.sittings.get(number=3).tables.select_related("match"):
        assert f"Table {table.number}" in page
        first = table.match.seats.get(position=0).player.name
        assert f'{first} <span class="club-tv-dealer">deals</span>' in page
    assert "Club standings" in page and "Provisional standings" not in page
    assert page.count('<tr data-player="') == 24


def test_while_a_table_plays_the_standings_are_provisional_and_the_table_shows_its_totals(client, night, tv):
    club = club_24(night)
    table = club.sittings.get(number=3).tables.get(number=2)
    match = play(table.match, 3)
    page = client.get(tv).content.decode()
    assert "Provisional standings" in page and "tables still playing" in page
    assert "3 rounds" in page and "6 tables playing" in page
    for seat in match.seats.all():
        assert f'<td class="club-tv-total" data-player="{seat.player.name}">{seat.total}</td>' in page


def test_a_complete_sitting_says_so_and_the_standings_are_final(client, night, tv):
    club = club_24(night, sittings_played=3, drawn_next=False)
    page = client.get(tv).content.decode()
    assert "All tables finished" in page and "Club standings" in page
    assert "Provisional standings" not in page
    show = club_show(club)
    assert [row.sittings for row in show.board.rows] == [3] * 24


def test_byes_are_named_under_the_tables(client, night, tv):
    club = make_club(night, 6)
    seat_sitting(club, 1, [NAMES[:4]], byes=NAMES[4:6])
    page = client.get(tv).content.decode()
    assert "Sitting out:</strong> Eva, Fritz" in page


def test_before_any_draw_the_page_says_the_seats_will_appear(client, night, tv):
    make_club(night, 8)
    page = client.get(tv).content.decode()
    assert "No sitting drawn yet." in page and page.count('<tr data-player="') == 8


def test_the_version_moves_with_a_check_in_a_leaver_a_draw_and_a_closed_sitting(client, night, tv):
    club = make_club(night, 8)
    token = tv.split("/")[2]
    seen = [sharing.live_state(token).version]

    def moved():
        now = sharing.live_state(token).version
        assert now not in seen
        seen.append(now)

    player = Player.objects.create(owner=night.owner, name="Late Lisa")
    Entrant.objects.create(club=club, player=player)
    moved()
    Entrant.objects.filter(player=player).update(left_at=timezone.now())
    moved()
    sitting = seat_sitting(club, 1, rotation(NAMES[:8], 1))
    moved()
    play_sitting(sitting, 1, end=False)
    moved()
    sitting.closed_at = timezone.now()
    sitting.save()
    moved()
    # The poll that finds nothing new stays one query.
    assert client.get(f"{tv}live/?v={seen[-1]}").status_code == 204


def test_an_unchanged_club_poll_costs_one_query(client, night, tv, django_assert_num_queries):
    club_24(night, sittings_played=1)
    version = sharing.live_state(tv.split("/")[2]).version
    with django_assert_num_queries(1):
        assert client.get(f"{tv}live/?v={version}").status_code == 204


def test_the_live_part_alone_carries_the_new_version(client, night, tv):
    club = club_24(night, sittings_played=1)
    play(club.sittings.get(number=2).tables.first().match, 1)
    answer = client.get(f"{tv}live/?v=old").content.decode()
    assert answer.lstrip().startswith('<div id="live"') and "Provisional standings" in answer


def test_a_plain_nights_link_still_shows_its_matches(client, night, tv):
    MatchFactory(night=night, game="murlan")
    page = client.get(tv).content.decode()
    assert "shared-night-grid" in page and "club-tv" not in page


def test_the_tv_page_speaks_german(client, night, tv):
    club = club_24(night)
    play(club.sittings.get(number=3).tables.first().match, 1)
    page = client.get(tv, HTTP_ACCEPT_LANGUAGE="de-CH").content.decode()
    assert "Durchgang 3 von 3" in page and "Provisorische Rangliste" in page and "Tisch 6" in page
    assert "1 Runde" in page


def test_fifteen_tables_and_sixty_players_are_laid_out_to_fit_one_screen(night):
    club = make_club(night, 60)
    seat_sitting(club, 1, rotation(NAMES[:60], 1))
    layout = density(club_show(club))
    assert (layout["columns"], layout["rows"]) == (4, 4)
    assert layout["standing_columns"] == 2
    assert [len(chunk) for chunk in layout["standing_chunks"]] == [30, 30]


def test_a_run_sheet_lists_each_sitting_with_table_and_seat_or_bye(night):
    club = make_club(night, 6, planned=3)
    seat_sitting(club, 1, [["Anna", "Beat", "Cla", "Dora"]], byes=["Eva", "Fritz"])
    seat_sitting(club, 2, [["Eva", "Fritz", "Anna", "Beat"]], byes=["Cla", "Dora"])
    sheets = {sheet.name: sheet for sheet in club_show(club).run_sheets()}
    assert [(line.table, line.seat, line.bye) for line in sheets["Anna"].lines] == [
        (1, 1, False),
        (1, 3, False),
        (None, None, False),
    ]
    assert [line.bye for line in sheets["Eva"].lines] == [True, False, False]


def test_the_prints_page_lists_each_sittings_prints_for_the_nights_people(client, night, owner, outsider, tv):
    club_24(night)
    client.force_login(owner)
    page = client.get(f"/nights/{night.pk}/club/prints/").content.decode()
    for number in (1, 2, 3):
        assert f"/nights/{night.pk}/club/print/sittings/{number}/plan/" in page
        assert f"/nights/{night.pk}/club/print/sittings/{number}/tables/" in page
    assert tv in page
    client.force_login(outsider)
    assert client.get(f"/nights/{night.pk}/club/prints/").status_code == 404
    assert client.get(f"/nights/{night.pk}/club/print/standings/").status_code == 404


def test_a_sitting_that_does_not_exist_is_not_found(client, night, owner):
    club_24(night)
    client.force_login(owner)
    for number in (4, 99999999999):
        assert client.get(f"/nights/{night.pk}/club/print/sittings/{number}/plan/").status_code == 404
        assert client.get(f"/nights/{night.pk}/club/print/sittings/{number}/tables/").status_code == 404


def test_a_night_that_is_not_a_club_night_has_no_club_prints(client, night, owner):
    client.force_login(owner)
    assert client.get(f"/nights/{night.pk}/club/prints/").status_code == 404
    assert client.get(f"/nights/{night.pk}/club/print/run-sheet/").status_code == 404
