"""The name rule: what a player's name may be, and when two names are the same (docs/match-format.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.base import ScoringError
from scoring.names import check_name, check_seating, name_key, name_problem, quote, same_name
from scoring.registry import GAMES


@pytest.mark.parametrize(
    "name",
    ["Anna", "Zoë", "Anna Lena", "O'Brien", "李", "🦊", "An\u200bna", "\u200fDora", "A"],
)
def test_a_name_with_a_visible_character_and_no_control_character_is_allowed(name):
    assert check_name(name) == name
    assert name_problem(name) is None


@pytest.mark.parametrize(
    "name",
    ["An\nna", "Anna\r", "An\tna", "\x00", "Anna\x1b[31m", "An\x85na", "An\u2028na", "An\u2029na", "\ud800"],
)
def test_a_control_character_or_line_break_is_refused(name):
    problem = name_problem(name)
    assert problem is not None
    assert problem.code == "name.control"
    assert "\n" not in str(problem) and "\r" not in str(problem)
    assert str(problem).startswith("the name '")


@pytest.mark.parametrize("name", [" ", "   ", "\u200b", "\u200b\u200e", "\u00a0\u2060", "\ufeff", "\u3164"])
def test_a_name_of_only_spaces_or_invisible_characters_is_blank(name):
    problem = name_problem(name)
    assert problem is not None and problem.code == "name.blank"


@pytest.mark.parametrize("name", ["", None, 3, ["Anna"], {"name": "Anna"}, True])
def test_a_name_must_be_non_empty_text(name):
    problem = name_problem(name)
    assert problem is not None and problem.code == "name.not_text"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Anna", "anna"),
        ("Anna", "ANNA"),
        ("Anna", "An\u200bna"),  # zero-width space
        ("Anna", "\u200eAnna"),  # left-to-right mark
        ("Anna", "Anna\u200f"),  # right-to-left mark
        ("Anna", "An\u00adna"),  # soft hyphen
        ("Anna", "\ufeffAnna"),  # byte-order mark
        ("Straße", "STRASSE"),  # case folding, not only lower-casing
        ("Zoë", "Zoe\u0308"),  # precomposed or combining diaeresis
        ("Anna Lena", "anna  lena"),
        ("Anna", " Anna "),
    ],
)
def test_names_equal_but_for_case_invisible_characters_or_spacing_are_the_same_name(first, second):
    assert same_name(first, second)
    assert name_key(first) == name_key(second)
    with pytest.raises(ScoringError) as error:
        check_seating([first, "Beat", second])
    assert error.value.code == "name.same"
    assert (
        str(error.value)
        == f"{quote(first)} and {quote(second)} are the same name, so a match cannot seat both"
    )


@pytest.mark.parametrize(("first", "second"), [("Anna", "Anne"), ("Anna Lena", "AnnaLena"), ("Jo", "Jö")])
def test_different_names_are_different(first, second):
    assert not same_name(first, second)
    assert check_seating([first, second]) == (first, second)


def test_the_same_name_twice_is_seated_twice():
    with pytest.raises(ScoringError, match=r"^player 'Anna' is seated twice$"):
        check_seating(["Anna", "Beat", "Anna"])


def test_quote_escapes_what_a_reader_cannot_see_and_shortens_long_names():
    assert quote("An\u200bna") == "'An\\u200bna'"
    assert quote("A\nB") == "'A\\u000aB'"
    assert quote("x" * 100) == "'" + "x" * 60 + "…'"
    assert quote("Anna", "“”") == "“Anna”"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_seats_by_the_name_rule(game):
    engine = GAMES[game]
    names = ["Anna", "Beat", "Cla", "Dora"][: max(engine.min_players, 2)]
    with pytest.raises(ScoringError, match="are the same name"):
        engine.clean_players([*names[:-1], names[0].upper()])
    with pytest.raises(ScoringError, match="control character"):
        engine.clean_players([*names[:-1], "Do\nra"])


@given(st.text(max_size=12))
def test_any_text_is_either_a_name_with_a_key_or_one_error_line(text):
    problem = name_problem(text)
    if problem is None:
        assert name_key(text) != ""
        assert name_key(name_key(text)) == name_key(text)
        assert same_name(text, f"\u200b{text}\u200e")
    else:
        assert "\n" not in str(problem)
        assert "\r" not in str(problem)
