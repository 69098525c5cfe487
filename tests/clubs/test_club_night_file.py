"""A club night in the database: import of the "club" object, export with standings, the standings adapter."""

import pytest

from companion.clubs import standings as club_standings
from companion.clubs.models import ClubNight, ClubTable, Entrant, Sitting
from companion.lib import tokens
from companion.models import GameNight, Match, Player
from companion.transfer import exporting, reading, storing
from scoring import club as rules
from tests.clubs.files import changed, spec_night

pytestmark = pytest.mark.django_db


def imported(owner, document=None) -> GameNight:
    return storing.import_night(document or spec_night(), owner, owner)


def test_an_imported_club_night_has_its_entrants_sittings_and_tables_linked_to_its_matches(owner):
    def change(document):
        document["club"]["departed"] = ["Fritz"]

    night = imported(owner, changed(spec_night(), change))
    club_night = ClubNight.objects.get(night=night)
    assert (club_night.game, club_night.table_size, club_night.options) == ("anrufen", 4, {"rounds": 1})
    entrants = list(club_night.entrants.order_by("checked_in_at", "pk"))
    assert [entrant.player.name for entrant in entrants] == [
        "Anna",
        "Beat",
        "Cla",
        "Dora",
        "Eva",
        "Fritz",
        "Gian",
    ]
    assert [entrant.player.name for entrant in entrants if entrant.left_at is not None] == ["Fritz"]
    sittings = list(Sitting.objects.filter(club=club_night).order_by("number"))
    assert [(sitting.number, sitting.seed, sitting.closed_at is not None) for sitting in sittings] == [
        (1, 52817, True),
        (2, 7, True),
    ]
    table = ClubTable.objects.get(sitting=sittings[0], number=1)
    assert [seat.player.name for seat in table.match.seats.order_by("position")] == [
        "Cla",
        "Anna",
        "Gian",
        "Eva",
    ]
    # A fresh table link per table, kept as a hash and a seed only.
    hashes = set(ClubTable.objects.values_list("token_hash", flat=True))
    assert len(hashes) == 4
    assert tokens.token_hash(table.token) == table.token_hash


def test_the_standings_from_the_database_are_the_files_standings(owner, django_assert_num_queries):
    night = imported(owner)
    club_night = ClubNight.objects.get(night=night)
    expected = rules.standings(rules.read_club_file(spec_night()))
    with django_assert_num_queries(5):
        assert club_standings.final_standings(club_night) == expected


def test_the_provisional_standings_count_a_running_table_as_it_stands(owner):
    def change(document):
        document["matches"][3]["options"] = {"rounds": 2}  # sitting 2, table 2: one deal of two played

    night = imported(owner, changed(spec_night(), change))
    both = club_standings.both_standings(ClubNight.objects.get(night=night))
    assert both.running
    final = {line.player: line.sittings for line in both.final}
    provisional = {line.player: (line.sittings, line.table_points) for line in both.provisional}
    assert final == dict.fromkeys(["Anna", "Beat", "Cla", "Dora", "Eva", "Fritz", "Gian"], 1)
    assert provisional["Eva"] == (2, 0)  # -2 in sitting 1, +2 at the running table (1st of 3)
    assert provisional["Fritz"] == (2, -2)


def test_the_export_writes_the_club_object_and_its_standings_and_import_then_export_gives_it_again(owner):
    night = imported(owner)
    first = exporting.night_document(night)
    club = dict(first["club"])
    standings = club.pop("standings")
    assert club == spec_night()["club"]
    assert [line["player"] for line in standings] == ["Beat", "Cla", "Dora", "Eva", "Anna", "Gian", "Fritz"]
    again = exporting.night_document(imported(owner, first))
    assert again == first


def test_a_bad_club_object_is_refused_with_one_sentence_and_nothing_is_stored(owner):
    def change(document):
        document["club"]["sittings"][1]["tables"][1]["players"] = ["Eva", "Dora", "Fritz"]

    before = (
        GameNight.objects.count(),
        Match.objects.count(),
        Player.objects.count(),
        ClubNight.objects.count(),
    )
    with pytest.raises(reading.NightFileError) as caught:
        imported(owner, changed(spec_night(), change))
    assert caught.value.message == "club.sittings[1].tables[1]: Dora is seated twice"
    after = (
        GameNight.objects.count(),
        Match.objects.count(),
        Player.objects.count(),
        ClubNight.objects.count(),
    )
    assert after == before
    assert Entrant.objects.count() == 0


def test_the_club_players_take_the_rosters_spelling(owner):
    Player.objects.create(owner=owner, name="anna")
    night = imported(owner)
    club_night = ClubNight.objects.get(night=night)
    names = [line.player for line in club_standings.final_standings(club_night)]
    assert "anna" in names and "Anna" not in names
    assert Player.objects.filter(owner=owner, name__iexact="anna").count() == 1


def test_a_night_without_a_club_exports_no_club_object(owner, night):
    assert "club" not in exporting.night_document(night)


def test_a_bad_club_object_is_said_in_german_to_a_german_reader(owner):
    from django.utils import translation

    def change(document):
        document["club"]["sittings"][1]["tables"][1]["players"] = ["Eva", "Dora", "Fritz"]

    with translation.override("de"), pytest.raises(reading.NightFileError) as caught:
        imported(owner, changed(spec_night(), change))
    assert caught.value.message == "club.sittings[1].tables[1]: Dora sitzt doppelt"
