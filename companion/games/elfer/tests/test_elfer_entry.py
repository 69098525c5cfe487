"""Elfer raus! Master in the app: the end-of-game form, editing, the scoreboard and the bonus board."""

import re

import pytest
from django.conf import settings
from django.urls import reverse

from companion.games.elfer.board import load_board
from companion.games.elfer.entry import FORM, parse_cards
from companion.models import Match, Round
from companion.standings import standings
from scoring.elfer_board import BonusBoard
from tests.factories import MatchFactory, enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
HX = {"HTTP_HX_REQUEST": "true"}

# The first worked example of docs/rules.md (Elfer raus! Master): Anna out with 2 bonus; Beat 1 bonus, holds 3, 17 and a joker;
# Cla holds 21 and 1; Dora 3 bonus, holds 12. Scores 22 / -20 / -22 / 21.
SPEC_POST = {
    "went_out": 0,
    "bonus_0": 2,
    "bonus_1": 1,
    "cards_1": "3 17",
    "jokers_1": 1,
    "cards_2": "21, 1",
    "bonus_3": 3,
    "cards_3": "12",
}
SPEC_ENTRY = {
    "bonus": {"Anna": 2, "Beat": 1, "Dora": 3},
    "cards": {"Beat": [3, 17], "Cla": [21, 1], "Dora": [12]},
    "jokers": {"Beat": 1},
}


@pytest.fixture
def elfer(night):
    return MatchFactory(night=night, game="elfer", names=ABCD)


@pytest.fixture
def owner_client(persona_client):
    return persona_client("owner")


def game_post(number, **fields):
    """Form data for one game: empty counts and hands unless given."""
    data = {"number": number}
    for seat in range(4):
        data.update({f"bonus_{seat}": "0", f"jokers_{seat}": "0", f"cards_{seat}": ""})
    data.update(fields)
    return data


def add_game(client, match, number, htmx=False, **fields):
    headers = HX if htmx else {}
    return client.post(reverse("round_add", args=[match.pk]), game_post(number, **fields), **headers)


def tap_side(client, match, colour, side, seat, htmx=True):
    data = {"colour": colour, "side": side, "player": seat}
    return client.post(reverse("elfer_board_complete", args=[match.pk]), data, **(HX if htmx else {}))


def untap_side(client, match, colour, side, htmx=True):
    data = {"colour": colour, "side": side}
    return client.post(reverse("elfer_board_undo", args=[match.pk]), data, **(HX if htmx else {}))


def stored_board(match):
    return Match.objects.get(pk=match.pk).game_state


# --- the end-of-game form --------------------------------------------------------


def test_a_game_is_stored_as_the_minimal_round_object_and_scores_as_the_spec_says(owner_client, elfer):
    response = add_game(owner_client, elfer, 1, **SPEC_POST)
    assert response.status_code == 302
    assert Round.objects.get(match=elfer).entry == SPEC_ENTRY
    assert standings(elfer).totals == {"Anna": 22, "Beat": -20, "Cla": -22, "Dora": 21}


def test_nobody_with_bonus_cards_or_jokers_leaves_those_maps_out(owner_client, elfer):
    add_game(owner_client, elfer, 1, cards_1="5", cards_2="4", cards_3="20")
    assert Round.objects.get(match=elfer).entry == {"cards": {"Beat": [5], "Cla": [4], "Dora": [20]}}


def test_empty_count_fields_mean_zero(owner_client, elfer):
    data = {"number": 1, "cards_1": "5", "cards_2": "4", "cards_3": "20", "bonus_1": "2"}
    owner_client.post(reverse("round_add", args=[elfer.pk]), data)
    assert Round.objects.get(match=elfer).entry == {
        "bonus": {"Beat": 2},
        "cards": {"Beat": [5], "Cla": [4], "Dora": [20]},
    }


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("3 17 21", [3, 17, 21]),
        ("3, 17, 21", [3, 17, 21]),
        ("3,17,21", [3, 17, 21]),
        ("  12\t2 ,, 7 ", [12, 2, 7]),
        ("", []),
    ],
)
def test_hands_are_read_with_spaces_or_commas(text, cards):
    assert parse_cards(text) == cards


def field_of(html, name):
    return re.search(rf'<input [^>]*name="{name}"[^>]*>', html).group(0)


def test_an_eleven_in_a_hand_marks_that_hand_and_no_other_field(owner_client, elfer):
    html = add_game(
        owner_client, elfer, 1, htmx=True, cards_1="11 22", cards_2="4", cards_3="20"
    ).content.decode()
    assert "Beat cannot hold an 11" in html
    assert 'aria-invalid="true"' in field_of(html, "cards_1") and 'value="11 22"' in field_of(html, "cards_1")
    marked = re.findall(r'<input [^>]*name="(\w+)"[^>]*aria-invalid="true"', html)
    assert marked == ["cards_1"]


def test_a_hand_that_is_not_numbers_gets_a_field_error_and_stores_nothing(owner_client, elfer):
    response = add_game(owner_client, elfer, 1, htmx=True, cards_1="3 J 17", cards_2="4", cards_3="20")
    html = response.content.decode()
    assert "Enter the card values as numbers, e.g. 3,17,21" in html
    assert 'value="3 J 17"' in html and 'value="20"' in html
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"cards_0": "1", "cards_1": "5", "cards_2": "4", "cards_3": "20"}, "Game 1: nobody went out"),
        ({"cards_1": "11", "cards_2": "4", "cards_3": "20"}, "Game 1: Beat cannot hold an 11"),
        (
            {"bonus_0": "5", "bonus_1": "3", "cards_1": "2", "cards_2": "4", "cards_3": "20"},
            "8 bonus cards are given out",
        ),
        ({"cards_2": "4", "cards_3": "20"}, "Anna and Beat both have an empty hand"),
    ],
)
def test_an_impossible_game_shows_the_engines_message_keeps_the_entry_and_stores_nothing(
    owner_client, elfer, fields, message
):
    html = add_game(owner_client, elfer, 1, htmx=True, **fields).content.decode()
    assert message in html
    assert 'id="entry-error"' in html
    assert 'value="20"' in html  # what was typed is still there
    assert not Round.objects.exists()


def test_the_player_marked_as_out_cannot_still_hold_cards(owner_client, elfer):
    # Beat's hand is left empty by mistake: without this check Beat would count as out.
    html = add_game(
        owner_client, elfer, 1, htmx=True, went_out=0, cards_0="7", cards_2="4", cards_3="20"
    ).content.decode()
    assert "Anna is marked as the one who went out, but still holds cards." in html
    assert 'value="0" class="form-check-input went-out" id="id_went_out_0" checked' in html
    assert not Round.objects.exists()


def test_htmx_gets_the_scoreboard_fragment_ready_for_the_next_game(owner_client, elfer):
    response = add_game(owner_client, elfer, 1, htmx=True, **SPEC_POST)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="scoreboard"')
    assert "<html" not in html
    assert 'name="number" value="2"' in html
    assert "Game 2" in html


def test_the_form_has_labelled_fields_steppers_and_a_keypad_for_every_player(owner_client, elfer):
    html = owner_client.get(elfer.get_absolute_url()).content.decode()
    for name in ABCD:
        assert f"Cards left in {name}&#x27;s hand" in html
        assert f'aria-label="One bonus card fewer for {name}"' in html
        assert f'aria-label="One joker more for {name}"' in html
        assert f'aria-label="Cards for {name}"' in html
    assert 'inputmode="numeric"' in html and 'min="0"' in html
    assert 'data-card="11"' not in html and 'data-card="21"' in html


# --- editing -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        SPEC_ENTRY,
        {"cards": {"Beat": [5], "Cla": [4], "Dora": [20]}, "bonus": {"Beat": 2}},
        {
            "bonus": {"Anna": 1, "Cla": 6},
            "cards": {"Beat": [21, 21, 21, 21], "Dora": [1]},
            "jokers": {"Dora": 4},
        },
        {"jokers": {"Beat": 1, "Cla": 2, "Dora": 1}},
    ],
)
def test_an_entry_survives_the_trip_through_the_form(entry):
    initial = FORM.initial_from_entry(entry, ABCD)
    form = FORM({**initial, "number": 1}, players=ABCD, options={"rounds": None})
    assert form.is_valid(), form.errors
    assert form.to_entry() == entry


def test_editing_shows_the_stored_game_and_who_went_out(owner_client, elfer):
    Round.objects.create(match=elfer, number=1, entry=SPEC_ENTRY)
    html = owner_client.get(reverse("round_edit", args=[elfer.pk, 1])).content.decode()
    assert 'name="cards_1" value="3 17"' in html
    assert 'name="cards_2" value="21 1"' in html
    assert 'name="bonus_3" value="3"' in html
    assert 'name="jokers_1" value="1"' in html
    assert 'id="id_went_out_0" checked' in html


def test_editing_an_earlier_game_asks_first_and_then_recomputes(owner_client, elfer):
    add_game(owner_client, elfer, 1, **SPEC_POST)
    add_game(owner_client, elfer, 2, cards_1="5", cards_2="4", cards_3="20", bonus_1="2")
    url = reverse("round_edit", args=[elfer.pk, 1])
    changed = {**SPEC_POST, "cards_2": "21 1 2"}  # Cla held a 2 as well
    preview = owner_client.post(url, game_post(1, **changed))
    assert "Change game 1?" in preview.content.decode()
    owner_client.post(url, {**game_post(1, **changed), "confirmed": "yes"})
    assert Round.objects.get(match=elfer, number=1).entry["cards"]["Cla"] == [21, 1, 2]
    assert standings(elfer).totals == {"Anna": 22, "Beat": -3, "Cla": -28, "Dora": 1}


# --- the scoreboard ---------------------------------------------------------------------


def test_the_rounds_table_names_who_went_out_and_who_won_each_game(owner_client, elfer):
    add_game(owner_client, elfer, 1, **SPEC_POST)
    add_game(owner_client, elfer, 2, went_out=0, cards_1="5", cards_2="4", cards_3="20", bonus_1="2")
    html = owner_client.get(elfer.get_absolute_url()).content.decode()
    assert html.count("Anna went out") == 2
    assert "Anna won the game" in html and "Beat won the game" in html
    assert "open match: the table ends it" in html
    assert 'data-player="Anna">22<' in html and 'data-player="Beat">-3<' in html


def test_a_shared_game_win_names_everybody_who_shares_it(owner_client, elfer):
    # Anna out with nothing (0); Beat's bonus card pays for his 5 and 6 (0).
    add_game(owner_client, elfer, 1, bonus_1="1", cards_1="5 6", cards_2="3", cards_3="9")
    html = owner_client.get(elfer.get_absolute_url()).content.decode()
    assert "Anna, Beat shared the game" in html


def test_a_match_with_a_set_number_of_games_counts_them_and_ends(owner_client, night):
    match = MatchFactory(night=night, game="elfer", names=["Anna", "Beat"], options={"rounds": 2})
    html = owner_client.get(match.get_absolute_url()).content.decode()
    assert "Game 1 of 2" in html and "open match" not in html
    for number in (1, 2):
        add_game(owner_client, match, number, cards_1="21")
    html = owner_client.get(match.get_absolute_url()).content.decode()
    assert "Anna wins!" in html
    assert "Bonus board" not in html


# --- the bonus board -------------------------------------------------------------------


def test_tapping_who_completed_a_side_stores_it_and_shows_it(owner_client, elfer):
    html = tap_side(owner_client, elfer, "red", "low", 1).content.decode()
    assert stored_board(elfer) == {
        "players": ABCD,
        "completed": [{"colour": "red", "side": "low", "player": "Beat"}],
    }
    assert html.lstrip().startswith('<div id="scoreboard"')
    assert "Beat completed Red 1\u201311." in html
    assert "✓ Beat" in html
    assert "6 bonus cards left" in html
    assert 'aria-label="Undo Red 1\u201311 (Beat)"' in html
    # The end-of-game form starts from the board's counts.
    assert 'name="bonus_1" value="1"' in html and 'name="bonus_0" value="0"' in html
    assert "1 bonus card" in html


def test_undo_opens_the_side_again(owner_client, elfer):
    tap_side(owner_client, elfer, "red", "low", 1)
    tap_side(owner_client, elfer, "blue", "high", 2)
    html = untap_side(owner_client, elfer, "red", "low").content.decode()
    assert stored_board(elfer)["completed"] == [{"colour": "blue", "side": "high", "player": "Cla"}]
    assert "Red 1\u201311 is open again." in html


def test_a_side_completed_twice_shows_the_boards_message_and_changes_nothing(owner_client, elfer):
    tap_side(owner_client, elfer, "red", "low", 1)
    html = tap_side(owner_client, elfer, "red", "low", 2).content.decode()
    assert "Red 1\u201311 was already completed by Beat." in html  # named as the board shows it
    assert stored_board(elfer)["completed"] == [{"colour": "red", "side": "low", "player": "Beat"}]


def test_a_second_phone_tapping_a_taken_side_is_told_in_german(owner_client, elfer):
    tap_side(owner_client, elfer, "red", "low", 1)
    owner_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    html = tap_side(owner_client, elfer, "red", "low", 2).content.decode()
    assert "Rot 1\u201311 hat bereits Beat abgeschlossen." in html
    html = untap_side(owner_client, elfer, "blue", "high").content.decode()
    assert "Blau 11\u201321 ist schon offen." in html
    assert stored_board(elfer)["completed"] == [{"colour": "red", "side": "low", "player": "Beat"}]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"colour": "red", "side": "low", "player": "9"}, "Choose who completed the side."),
        ({"colour": "red", "side": "low", "player": ""}, "Choose who completed the side."),
        ({"colour": "purple", "side": "low", "player": "0"}, "unknown colour"),
        ({"colour": "red", "side": "middle", "player": "0"}, "unknown side"),
    ],
)
def test_a_forged_tap_is_refused(owner_client, elfer, data, message):
    html = owner_client.post(reverse("elfer_board_complete", args=[elfer.pk]), data, **HX).content.decode()
    assert message in html
    assert stored_board(elfer) is None


def test_undoing_an_open_side_is_refused(owner_client, elfer):
    html = untap_side(owner_client, elfer, "green", "high").content.decode()
    assert "Green 11\u201321 is open already." in html
    assert stored_board(elfer) is None


def test_the_eighth_side_earns_no_bonus_card(owner_client, elfer):
    sides = [(c, s) for c in ("red", "yellow", "green", "blue") for s in ("low", "high")]
    for number, (colour, side) in enumerate(sides):
        html = tap_side(owner_client, elfer, colour, side, number % 4).content.decode()
    assert "No bonus cards left" in html
    assert html.count("no bonus card<") == 1
    assert 'name="bonus_0" value="2"' in html and 'name="bonus_3" value="1"' in html


def test_without_javascript_a_tap_goes_back_to_the_match_with_a_message(owner_client, elfer):
    response = tap_side(owner_client, elfer, "yellow", "high", 3, htmx=False)
    assert response.status_code == 302 and response["Location"] == elfer.get_absolute_url()
    assert stored_board(elfer)["completed"] == [{"colour": "yellow", "side": "high", "player": "Dora"}]
    response = tap_side(owner_client, elfer, "yellow", "high", 0, htmx=False)
    assert response.status_code == 302
    messages = [str(m) for m in response.wsgi_request._messages]
    assert any("already completed by Dora" in m for m in messages)


def test_saving_the_game_clears_the_board_for_the_next_one(owner_client, elfer):
    tap_side(owner_client, elfer, "red", "low", 0)
    html = add_game(owner_client, elfer, 1, htmx=True, **SPEC_POST).content.decode()
    assert stored_board(elfer) is None
    assert "7 bonus cards left" in html


def test_the_board_is_only_for_elfer_and_only_for_the_nights_people(persona_client, elfer, night):
    murlan = MatchFactory(night=night, game="murlan", names=ABCD)
    owner = persona_client("owner")
    assert tap_side(owner, murlan, "red", "low", 0).status_code == 404
    assert untap_side(owner, murlan, "red", "low").status_code == 404
    assert owner.get(reverse("elfer_board_complete", args=[elfer.pk])).status_code == 405
    outsider = persona_client("outsider")
    assert tap_side(outsider, elfer, "red", "low", 0).status_code == 404
    assert stored_board(elfer) is None


def test_the_board_of_a_finished_match_is_closed(owner_client, night):
    match = MatchFactory(night=night, game="elfer", names=["Anna", "Beat"], options={"rounds": 1})
    add_game(owner_client, match, 1, cards_1="21")
    html = tap_side(owner_client, match, "red", "low", 0).content.decode()
    assert "The match is over: the bonus board is closed." in html
    assert stored_board(match) is None


def test_a_board_written_before_a_rename_keeps_its_sides_on_the_same_seat():
    old = BonusBoard.new(["Anna", "Bea"]).complete("red", "low", "Bea").to_json()
    board = load_board(old, ["Anna", "Beat"])
    assert board.holder("red", "low") == "Beat"
    assert load_board(None, ["Anna", "Beat"]).completed == ()
    assert load_board({"nonsense": 1}, ["Anna", "Beat"]).completed == ()


def test_the_match_page_shows_the_stored_board(owner_client, elfer):
    tap_side(owner_client, elfer, "red", "low", 1)
    html = owner_client.get(elfer.get_absolute_url()).content.decode()
    assert "✓ Beat" in html and 'name="bonus_1" value="1"' in html


def test_a_tap_that_crosses_a_saved_game_is_not_put_on_the_next_games_board(owner_client, elfer):
    page = owner_client.get(elfer.get_absolute_url()).content.decode()
    assert 'name="game" value="1"' in page  # the board's forms name the game they are for
    enter_round(elfer, SPEC_ENTRY)  # another phone saves game 1 meanwhile
    data = {"colour": "red", "side": "low", "player": 1, "game": 1}
    html = owner_client.post(reverse("elfer_board_complete", args=[elfer.pk]), data, **HX).content.decode()
    assert "The game was just saved from another phone" in html
    assert stored_board(elfer) is None
    assert 'name="number" value="2"' in html
    # A tap for the game in play is stored.
    tap_side(owner_client, elfer, "red", "low", 1)
    assert stored_board(elfer) is not None


def test_an_empty_game_says_what_to_enter(owner_client, elfer):
    html = add_game(owner_client, elfer, 1, htmx=True).content.decode()
    assert "Enter the cards each player still holds; only the player who went out has none." in html
    assert "all have an empty hand" not in html
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("language", "taken", "already_open"),
    [
        ("en", "Yellow 11\u201321 was already completed by Cla.", "Blue 1\u201311 is open already."),
        ("de", "Gelb 11\u201321 hat bereits Cla abgeschlossen.", "Blau 1\u201311 ist schon offen."),
    ],
)
def test_both_board_conflicts_are_said_by_the_boards_own_check_in_either_language(
    owner_client, elfer, language, taken, already_open
):
    """The board (scoring/elfer_board.py) refuses; the web only says its coded error in the table's words."""
    owner_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    tap_side(owner_client, elfer, "yellow", "high", 2)
    for htmx in (True, False):
        response = tap_side(owner_client, elfer, "yellow", "high", 0, htmx=htmx)
        shown = (
            response.content.decode() if htmx else " ".join(str(m) for m in response.wsgi_request._messages)
        )
        assert taken in shown
        response = untap_side(owner_client, elfer, "blue", "low", htmx=htmx)
        shown = (
            response.content.decode() if htmx else " ".join(str(m) for m in response.wsgi_request._messages)
        )
        assert already_open in shown
    assert stored_board(elfer)["completed"] == [{"colour": "yellow", "side": "high", "player": "Cla"}]


def test_the_board_views_do_not_repeat_the_boards_rule():
    import inspect

    from companion.games.elfer import views

    source = inspect.getsource(views)
    assert "BoardRefused" not in source and ".holder(" not in source


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        ("en", "with a comma or dot between, e.g. 3,17,21."),
        ("de", "mit Komma oder Punkt dazwischen eintippen, z. B. 3,17,21."),
    ],
)
def test_the_hand_hint_shows_separators_the_phones_keypad_has(owner_client, elfer, language, hint):
    # Issue 37: the hint said "3 17 21", but the decimal keypad the field opens has no space key.
    html = owner_client.get(elfer.get_absolute_url(), headers={"accept-language": language}).content.decode()
    assert hint in html
    assert "3 17 21" not in html
    assert 'inputmode="decimal"' in html
