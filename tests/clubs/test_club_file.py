"""The night file's "club" object: every bad club file of the spec is refused, saying what and where."""

import pytest

from scoring import club as rules
from scoring.club import ClubError
from tests.clubs.files import anrufen_match, changed, spec_night


def refused(document) -> str:
    with pytest.raises(ClubError) as caught:
        rules.read_club_file(document)
    return str(caught.value)


def test_the_spec_night_reads_as_two_complete_sittings():
    club = rules.read_club_file(spec_night())
    assert club.game == "anrufen" and club.table_size == 4 and club.present == club.entrants
    assert [sitting.complete for sitting in club.sittings] == [True, True]
    assert club.sittings[0].tables[0].players == ("Cla", "Anna", "Gian", "Eva")
    assert club.sittings[0].tables[1].match == 1


def seat(sitting, table, players):
    def change(document):
        document["club"]["sittings"][sitting]["tables"][table]["players"] = players

    return change


def test_a_player_seated_twice_in_one_sitting_is_refused():
    def change(document):
        document["club"]["sittings"][1]["tables"][1]["players"] = ["Eva", "Dora", "Fritz"]

    assert refused(changed(spec_night(), change)) == "club.sittings[1].tables[1]: Dora is seated twice"


def test_a_player_seated_twice_at_one_table_is_refused():
    message = refused(changed(spec_night(), seat(0, 1, ["Dora", "Dora", "Beat"])))
    assert message == "club.sittings[0].tables[1]: Dora is seated twice"


def test_a_player_both_seated_and_sitting_out_is_refused():
    def change(document):
        document["club"]["sittings"][0]["byes"] = ["Anna"]

    assert (
        refused(changed(spec_night(), change))
        == "club.sittings[0].byes[0]: Anna is both seated and sitting out"
    )


def test_a_seated_name_that_is_not_an_entrant_is_refused():
    def change(document):
        document["club"]["entrants"].remove("Gian")

    assert refused(changed(spec_night(), change)) == (
        "club.sittings[0].tables[0]: 'Gian' is not an entrant of the club night"
    )


def test_a_sat_out_name_that_is_not_an_entrant_is_refused():
    def change(document):
        document["club"]["sittings"][0]["byes"] = ["Zora"]

    assert refused(changed(spec_night(), change)) == (
        "club.sittings[0].byes[0]: 'Zora' is not an entrant of the club night"
    )


def test_a_table_of_a_size_the_table_rules_do_not_allow_is_refused():
    def change(document):
        document["matches"][1] = {
            "game": "anrufen",
            "players": ["Dora", "Fritz"],
            "options": {},
            "rounds": [],
        }

    # Anrufen is not played by two, so the match is refused first; a counter night shows the table rule.
    assert refused(changed(spec_night(), change)).startswith(
        "matches[1]: Anrufen is played by 3 to 4 players"
    )


def test_tables_that_break_the_plan_are_refused():
    def change(document):
        # 7 players sit at 4 + 3; three tables of 3 and a bye... only 7 players: 3 + 3 and a bye.
        document["club"]["sittings"][0]["tables"][0]["players"] = ["Cla", "Anna", "Gian"]
        document["club"]["sittings"][0]["byes"] = ["Eva"]
        document["matches"][0] = anrufen_match(["Cla", "Anna", "Gian"], "Cla")

    assert refused(changed(spec_night(), change)) == (
        "club.sittings[0]: tables of 3, 3 with 1 byes break the table rules: "
        "7 players sit at tables of 4, 3 with 0 byes"
    )


def test_a_table_smaller_than_the_smaller_tables_is_refused():
    def change(document):
        document["club"]["smaller_tables"] = False

    assert refused(changed(spec_night(), change)) == (
        "club.sittings[0].tables[1]: a table of 3 players, but the club night's tables seat 4"
    )


def test_a_tables_match_with_other_players_is_refused():
    def change(document):
        document["club"]["sittings"][0]["tables"][0]["players"] = ["Anna", "Cla", "Gian", "Eva"]

    assert refused(changed(spec_night(), change)) == (
        "club.sittings[0].tables[0]: match 0 seats 'Cla', 'Anna', 'Gian', 'Eva', "
        "not the table's Anna, Cla, Gian, Eva in this order"
    )


def test_a_tables_match_of_another_game_is_refused():
    def change(document):
        document["matches"][0] = {
            "game": "counter",
            "players": ["Cla", "Anna", "Gian", "Eva"],
            "rounds": [],
            "ended": False,
        }

    assert refused(changed(spec_night(), change)) == (
        "club.sittings[0].tables[0]: match 0 is Free scoring, not the club night's Anrufen"
    )


@pytest.mark.parametrize("index", [4, -1, "0", None])
def test_a_match_index_that_does_not_exist_is_refused(index):
    def change(document):
        document["club"]["sittings"][1]["tables"][0]["match"] = index

    assert "club.sittings[1].tables[0]: match " in refused(changed(spec_night(), change))
    assert "does not exist: the file has 4 matches" in refused(changed(spec_night(), change))


def test_one_match_for_two_tables_is_refused():
    def change(document):
        document["club"]["sittings"][1]["tables"][0]["match"] = 0

    assert refused(changed(spec_night(), change)).startswith("club.sittings[1].tables[0]: match 0 is already")


@pytest.mark.parametrize("numbers", [[2, 1], [1, 3], [0, 1], [1, 1], ["1", 2]])
def test_sittings_not_numbered_one_two_three_are_refused(numbers):
    def change(document):
        for sitting, number in zip(document["club"]["sittings"], numbers, strict=True):
            sitting["number"] = number

    assert "the sittings are numbered 1, 2, 3…" in refused(changed(spec_night(), change))


def test_an_incomplete_sitting_followed_by_another_is_refused():
    def change(document):
        document["matches"][1]["options"] = {"rounds": 2}

    assert refused(changed(spec_night(), change)) == (
        "club.sittings[1]: sitting 2 follows sitting 1, which is not complete: tables 2 are still playing"
    )


def test_an_incomplete_last_sitting_is_read_and_not_counted():
    def change(document):
        document["matches"][3]["options"] = {"rounds": 2}

    club = rules.read_club_file(changed(spec_night(), change))
    assert not club.sittings[-1].complete
    assert {line.player: line.sittings for line in rules.standings(club)} == dict.fromkeys(club.entrants, 1)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("ranking", "points", "club.ranking: unknown ranking 'points': expected 'table_points' or 'results'"),
        (
            "drop_worst",
            -1,
            "club.drop_worst: drop worst must be a whole number of sittings, 0 or more, not -1",
        ),
        ("table_size", 5, "club.table_size: Anrufen is played at tables of 3 to 4 players, not 5"),
        ("table_size", "4", "club.table_size: the table size must be a whole number, not '4'"),
        ("options", {"chips": 0}, "club.options: option 'chips' must be at least 1, not 0"),
        ("options", {"trumps": 1}, "club.options: unknown option 'trumps' for Anrufen"),
        (
            "options",
            {"first_dealer": "Anna"},
            "club.options: a club night's options never name 'first_dealer': the first seat at each table deals",
        ),
        (
            "game",
            "skat",
            "club.game: unknown game 'skat': expected one of molotow, anrufen, elfer, murlan, counter",
        ),
        ("smaller_tables", "yes", "club.smaller_tables: must be true or false, not 'yes'"),
    ],
)
def test_bad_club_settings_are_refused(field, value, message):
    def change(document):
        document["club"][field] = value

    assert refused(changed(spec_night(), change)) == message


def test_a_molotow_club_at_three_is_refused():
    def change(document):
        document["club"]["game"] = "molotow"
        document["club"]["table_size"] = 3
        document["club"]["options"] = {}

    assert refused(changed(spec_night(), change)) == (
        "club.table_size: Molotow Jass is played at tables of exactly 4 players, not 3"
    )


def test_an_entrant_listed_twice_and_a_departed_stranger_are_refused():
    def twice(document):
        document["club"]["entrants"].append("anna")

    def stranger(document):
        document["club"]["departed"] = ["Zora"]

    assert refused(changed(spec_night(), twice)) == "club.entrants[7]: 'anna' is listed twice"
    assert (
        refused(changed(spec_night(), stranger))
        == "club.departed[0]: 'Zora' is not an entrant of the club night"
    )


def test_unknown_fields_are_refused_where_they_are():
    def change(document):
        document["club"]["sittings"][0]["tables"][1]["dealer"] = "Dora"

    assert refused(changed(spec_night(), change)) == "club.sittings[0].tables[1]: unknown field 'dealer'"


def test_the_standings_of_a_file_are_ignored_and_computed_anew():
    def change(document):
        document["club"]["standings"] = [{"player": "Fritz", "place": 1}]

    club = rules.read_club_file(changed(spec_night(), change))
    assert rules.standings(club)[-1].player == "Fritz"


def test_the_club_object_writes_back_as_it_was_read_with_its_standings():
    document = spec_night()
    written = rules.club_document(rules.read_club_file(document))
    standings = written.pop("standings")
    assert written == document["club"]
    assert standings[0] == {
        "player": "Beat",
        "place": 1,
        "sittings": 2,
        "table_points": 1,
        "result": 0,
        "wins": 1,
    }
    assert [line["player"] for line in standings] == ["Beat", "Cla", "Dora", "Eva", "Anna", "Gian", "Fritz"]


def test_a_table_of_two_at_a_free_scoring_night_at_four_is_refused():
    def change(document):
        document["club"].update(game="counter", options={})
        for number, match in enumerate(document["matches"]):
            document["matches"][number] = {
                "game": "counter",
                "players": match["players"],
                "rounds": [],
                "ended": False,
            }
        document["matches"][1] = {"game": "counter", "players": ["Dora", "Fritz"], "rounds": []}
        document["club"]["sittings"] = document["club"]["sittings"][:1]
        document["club"]["sittings"][0]["tables"][1]["players"] = ["Dora", "Fritz"]
        document["club"]["sittings"][0]["byes"] = ["Beat"]

    assert refused(changed(spec_night(), change)) == (
        "club.sittings[0].tables[1]: a table of 2 players, but the club night's tables seat 4 or 3"
    )
