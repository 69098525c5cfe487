"""Starting a match: who may, how seats become players, what is refused, the house rules."""

import re

import pytest
from django.urls import reverse

from companion.models import Match, Player, Seat
from companion.play import setup as match_setup
from companion.play.forms import MatchSetupForm
from companion.play.setup import ENGINE_TEXTS, SetupError, create_match
from scoring.registry import ENGINES
from tests.factories import GameNightFactory, MatchFactory, PlayerFactory

pytestmark = pytest.mark.django_db

MOLOTOW_DEFAULTS = {"rounds": 12, "others_on_100": 3, "others_on_157": 3}


def url(night) -> str:
    return reverse("match_create", args=[night.pk])


def setup_data(game="molotow", names=("Anna", "Beat", "Cla", "Dora"), first_dealer=0, **options):
    """What the page posts: the game, one field per seat row, the dealer row, every house rule."""
    engine = ENGINES[game]
    data = {"game": game, "setup_game": game, "first_dealer": str(first_dealer)}
    for index in range(engine.max_players):
        data[f"seat_{index}"] = names[index] if index < len(names) else ""
    for option in engine.options:
        value = options.get(option.name, option.default)
        if option.kind is bool:
            if value:
                data[f"opt_{option.name}"] = "on"
        else:
            data[f"opt_{option.name}"] = "" if value is None else str(value)
    return data


def seated(match) -> list[str]:
    return [seat.player.name for seat in match.seats.select_related("player").order_by("position")]


# --- who may ----------------------------------------------------------------


@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 200), ("outsider", 404)])
def test_owner_and_members_see_the_page_others_get_404(persona_client, night, persona, status):
    assert persona_client(persona).get(url(night)).status_code == status


@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_visitors_are_sent_to_login(persona_client, night, method):
    response = getattr(persona_client("anonymous"), method)(url(night), setup_data())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not Match.objects.exists()


def test_an_outsider_cannot_start_a_match(persona_client, night):
    response = persona_client("outsider").post(url(night), setup_data())
    assert response.status_code == 404
    assert not Match.objects.exists() and not Player.objects.exists()


def test_the_owner_starts_a_match_and_lands_on_it(persona_client, night, owner):
    response = persona_client("owner").post(url(night), setup_data(first_dealer=2))
    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == match.get_absolute_url()
    assert (match.night, match.game, match.first_dealer, match.created_by) == (night, "molotow", 2, owner)
    assert seated(match) == ["Anna", "Beat", "Cla", "Dora"]
    assert match.options == MOLOTOW_DEFAULTS


def test_a_member_starts_a_match_with_players_of_the_owner(persona_client, night, owner, member):
    response = persona_client("member").post(url(night), setup_data())
    match = Match.objects.get()
    assert response.status_code == 302
    assert match.created_by == member
    assert set(Player.objects.values_list("owner", flat=True)) == {owner.pk}


def test_the_night_page_offers_to_start_a_match(persona_client, night):
    page = persona_client("member").get(night.get_absolute_url()).content.decode()
    assert f'href="{url(night)}"' in page
    assert "Start a match" in page


# --- seats and players ------------------------------------------------------


def test_names_match_the_owners_players_whatever_the_case_and_new_ones_are_created(
    persona_client, night, owner, outsider
):
    anna = PlayerFactory(owner=owner, name="Anna")
    beat = PlayerFactory(owner=owner, name="Beat")
    PlayerFactory(owner=outsider, name="Cla")  # another roster: never used
    persona_client("owner").post(url(night), setup_data(names=["anna", "  BEAT ", "Cla   Maria ", "Dora"]))
    match = Match.objects.get()
    assert seated(match) == ["Anna", "Beat", "Cla Maria", "Dora"]
    seats = list(match.seats.order_by("position"))
    assert (seats[0].player, seats[1].player) == (anna, beat)
    assert sorted(Player.objects.filter(owner=owner).values_list("name", flat=True)) == [
        "Anna",
        "Beat",
        "Cla Maria",
        "Dora",
    ]


def test_empty_seat_rows_are_unused_and_the_dealer_follows_its_row(persona_client, night):
    data = setup_data("murlan", names=["Anna", "", "Beat", "", "Cla", ""], first_dealer=4)
    persona_client("owner").post(url(night), data)
    match = Match.objects.get()
    assert seated(match) == ["Anna", "Beat", "Cla"]
    assert match.first_dealer == 2


def test_the_standings_are_refreshed_when_the_match_starts(persona_client, night):
    persona_client("owner").post(url(night), setup_data("anrufen", names=["Anna", "Beat", "Cla"], chips=7))
    assert list(Seat.objects.values_list("total", flat=True)) == [7, 7, 7]


@pytest.mark.parametrize(
    ("game", "names", "sentence"),
    [
        ("molotow", ["Anna", "Beat", "Cla"], "Molotow Jass is played by exactly 4 players, not 3"),
        ("anrufen", ["Anna", "Beat"], "Anrufen is played by 3 to 4 players, not 2"),
        ("murlan", ["Anna"], "Murlan is played by 2 to 6 players, not 1"),
    ],
)
def test_the_wrong_number_of_players_is_refused_and_nothing_is_stored(
    persona_client, night, game, names, sentence
):
    response = persona_client("owner").post(url(night), setup_data(game, names=names))
    page = response.content.decode()
    assert response.status_code == 200
    assert "The match was not started." in page
    assert sentence in page
    assert not Match.objects.exists() and not Player.objects.exists()
    assert 'value="Anna"' in page  # what was typed stays


def test_the_same_player_twice_is_refused_whatever_the_case(persona_client, night, owner):
    PlayerFactory(owner=owner, name="Anna")
    response = persona_client("owner").post(url(night), setup_data(names=["Anna", "Beat", "ANNA ", "Dora"]))
    assert "“ANNA” is seated twice: every seat needs a different player." in response.content.decode()
    assert not Match.objects.exists()
    assert Player.objects.count() == 1
    # Said at seat 3, where the second Anna sits, and that seat is marked.
    assert list(response.context["form"].errors) == ["seat_2"]
    seat = re.search(r'<li class="seat-row" data-row="2">.*?</li>', response.content.decode(), re.S).group(0)
    assert 'aria-invalid="true"' in seat and "is seated twice" in seat


def test_a_name_seated_twice_after_an_empty_seat_is_said_at_its_own_seat(persona_client, night):
    response = persona_client("owner").post(url(night), setup_data(names=["Anna", "", "Beat", "anna"]))
    assert list(response.context["form"].errors) == ["seat_3"]


def test_a_dealer_on_an_empty_seat_is_refused(persona_client, night):
    data = setup_data("murlan", names=["Anna", "Beat"], first_dealer=3)
    response = persona_client("owner").post(url(night), data)
    assert "Seat 4 deals first but is empty" in response.content.decode()
    assert not Match.objects.exists()


def test_a_name_too_long_is_refused(persona_client, night):
    response = persona_client("owner").post(url(night), setup_data(names=["A" * 41, "Beat", "Cla", "Dora"]))
    assert "is 41 characters long: a name has at most 40" in response.content.decode()
    assert not Match.objects.exists()


# --- house rules --------------------------------------------------------------


def test_the_page_shows_the_defaults_of_the_chosen_game(persona_client, night):
    page = persona_client("owner").get(url(night)).content.decode()
    assert 'name="opt_rounds" value="12"' in page
    assert "Deals: 12 · Sticks for the others on 100: 3 · Potatoes for the others on 157: 3" in page
    assert page.count('class="seat-row"') == 4
    assert "Seat 1 (deals first)" in page

    page = persona_client("owner").get(url(night) + "?game=anrufen").content.decode()
    assert 'name="opt_chips" value="10"' in page
    assert re.search(r'name="opt_contra" value="add"\s+id="id_opt_contra_0"[^>]*\bchecked>', page)
    assert "empty: the table ends the match." in page  # said once, by the rule itself
    assert "Rounds: open" in page
    assert page.count('class="seat-row"') == 4

    page = persona_client("owner").get(url(night) + "?game=murlan").content.decode()
    assert page.count('class="seat-row"') == 6
    assert "Target: 21 · Step: 10 · Highest target: 51" in page


def test_each_game_shows_its_player_count(persona_client, night):
    page = persona_client("owner").get(url(night)).content.decode()
    for label, count in [
        ("Molotow Jass", "4 players"),
        ("Anrufen", "3\u20134 players"),
        ("Elfer raus! Master", "2\u20136 players"),
        ("Murlan", "2\u20136 players"),
    ]:
        assert f'<span class="game-card-title">{label}</span>' in page
        assert f'<span class="game-card-players">{count}</span>' in page


def test_house_rules_are_stored_cleaned_with_the_defaults_filled_in(persona_client, night):
    data = setup_data("anrufen", names=["Anna", "Beat", "Cla", "Dora"], contra="double", stop_at_zero=True)
    persona_client("owner").post(url(night), data)
    assert Match.objects.get().options == {
        "chips": 10,
        "contra": "double",
        "rounds": None,
        "stop_at_zero": True,
    }


def test_changed_house_rules_are_stored(persona_client, night):
    persona_client("owner").post(url(night), setup_data(rounds=8, others_on_157=0))
    assert Match.objects.get().options == {"rounds": 8, "others_on_100": 3, "others_on_157": 0}


@pytest.mark.parametrize(
    ("game", "options", "sentence"),
    [
        ("molotow", {"rounds": 500}, "Deals must be at most 100, not 500"),
        ("molotow", {"others_on_100": -1}, "Sticks for the others on 100 must be at least 0, not -1"),
        ("murlan", {"max_target": 10}, "Highest target must be at least the target (21), not 10"),
        ("elfer", {"rounds": 0}, "Games must be at least 1, not 0"),
    ],
)
def test_an_option_out_of_range_is_refused_at_that_option(persona_client, night, game, options, sentence):
    response = persona_client("owner").post(url(night), setup_data(game, **options))
    page = response.content.decode()
    assert sentence in page
    assert "Check the house rules below." in page
    assert '<details class="house-rules card mb-3" open' in page
    assert not Match.objects.exists() and not Player.objects.exists()


def test_a_missing_number_is_refused(persona_client, night):
    response = persona_client("owner").post(url(night), setup_data(rounds=""))
    assert "Enter a whole number, like 12." in response.content.decode()
    assert not Match.objects.exists()


# --- changing the game --------------------------------------------------------


def test_continue_shows_the_chosen_game_keeping_the_names(persona_client, night):
    client = persona_client("owner")
    data = {
        **setup_data(names=["Anna", "", "Beat", "Cla"], first_dealer=2),
        "game": "murlan",
        "continue": "1",
    }
    response = client.post(url(night), data)
    assert response.status_code == 302
    assert not Match.objects.exists()
    page = client.get(response["Location"]).content.decode()
    assert page.count('class="seat-row"') == 6
    assert 'name="seat_0" value="Anna"' in page
    assert 'name="seat_1" value="Beat"' in page
    assert 'value="1" id="id_first_dealer_1" checked' in page
    assert 'name="setup_game" value="murlan"' in page


def test_starting_with_a_game_whose_rules_were_not_shown_shows_them_first(persona_client, night):
    client = persona_client("owner")
    response = client.post(url(night), {**setup_data(), "game": "murlan"})
    assert response.status_code == 302
    assert not Match.objects.exists()
    page = client.get(response["Location"]).content.decode()
    assert "Check the seats and house rules for Murlan, then start the match." in page


def test_an_unknown_game_falls_back_to_the_first(persona_client, night):
    page = persona_client("owner").get(url(night) + "?game=poker").content.decode()
    assert 'name="setup_game" value="molotow"' in page


def test_htmx_gets_only_the_seats_and_rules_of_the_chosen_game(persona_client, night):
    response = persona_client("owner").get(
        url(night), {"game": "murlan", "seat_0": "Anna"}, headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="setup-details"')
    assert "<html" not in page
    assert 'name="seat_0" value="Anna"' in page
    assert response["HX-Replace-Url"] == url(night) + "?game=murlan"
    assert "HX-Request" in response["Vary"]


def test_the_game_choice_works_with_htmx_and_without(persona_client, night):
    page = persona_client("owner").get(url(night)).content.decode()
    assert f'hx-get="{url(night)}"' in page
    assert 'hx-params="not csrfmiddlewaretoken"' in page
    assert 'name="continue"' in page  # the button that does it without JavaScript
    # No inline code but js/theme.js, which <head> carries on every page (allowed by its nonce).
    page = re.sub(r'<script nonce="[^"]+">.*?</script>', "", page, count=1, flags=re.S)
    assert "<script>" not in page and " onclick=" not in page and "hx-on" not in page


# --- speed ----------------------------------------------------------------------


def test_the_page_costs_the_same_queries_with_a_big_roster(
    persona_client, night, owner, django_assert_max_num_queries
):
    client = persona_client("member")
    PlayerFactory.create_batch(2, owner=owner)
    MatchFactory(night=night)
    with django_assert_max_num_queries(4):
        client.get(url(night))
    PlayerFactory.create_batch(40, owner=owner)
    with django_assert_max_num_queries(4):
        page = client.get(url(night)).content.decode()
    assert page.count("<option value=") == 46
    assert page.count('class="btn btn-outline-secondary roster-chip"') == 46


def test_the_roster_lists_recent_players_first(persona_client, night, owner):
    PlayerFactory(owner=owner, name="Aaron")
    MatchFactory(night=GameNightFactory(owner=owner), names=["Zoe", "Yan", "Xia", "Wim"])
    page = persona_client("owner").get(url(night)).content.decode()
    assert page.index('data-chip="Zoe"') < page.index('data-chip="Aaron"')


# --- the service ------------------------------------------------------------------


def test_create_match_drops_a_first_dealer_option_and_keeps_the_seat_index(night, owner):
    match = create_match(
        night, "murlan", ["Anna", "Beat"], 1, {"first_dealer": "Anna", "target": 31, "max_target": 61}, owner
    )
    assert match.first_dealer == 1
    assert match.options == {"target": 31, "step": 10, "max_target": 61}


@pytest.mark.parametrize(
    ("game", "names", "options", "sentence"),
    [
        ("poker", ["Anna", "Beat"], {}, "unknown game 'poker'"),
        ("murlan", ["Anna", "Beat"], {"jokers": 2}, "unknown option 'jokers' for Murlan"),
        ("murlan", ["Anna", " anna"], {}, "“anna” is seated twice"),
    ],
)
def test_create_match_refuses_what_the_rules_forbid(night, owner, game, names, options, sentence):
    with pytest.raises(SetupError, match=sentence):
        create_match(night, game, names, 0, options, owner)
    assert not Match.objects.exists() and not Player.objects.exists()


def test_create_match_is_atomic(night, owner, monkeypatch):
    def broken(match):
        raise RuntimeError("disk full")

    monkeypatch.setattr(match_setup.standings, "refresh", broken)
    with pytest.raises(RuntimeError):
        create_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], 0, {}, owner)
    assert not Match.objects.exists() and not Player.objects.exists()


def test_every_engine_text_is_marked_for_translation():
    texts = set(ENGINE_TEXTS)
    for engine in ENGINES.values():
        for option in engine.options:
            assert option.label in texts
            assert not option.help or option.help in texts
            assert set(option.choices) <= texts


def test_a_dealer_row_that_does_not_exist_is_refused_with_a_sentence(persona_client, night):
    response = persona_client("owner").post(url(night), setup_data(first_dealer=7))
    page = response.content.decode()
    assert "Deals first: Select a valid choice. 7 is not one of the available choices." in page
    assert not Match.objects.exists()


# --- new players' colours ---------------------------------------------------------------


def test_new_players_get_distinct_colours_skipping_those_already_taken(night, owner):
    from companion.nights.roster import PLAYER_COLOURS

    PlayerFactory(owner=owner, name="Old", colour=PLAYER_COLOURS[0])
    create_match(night, "murlan", ["Anna", "Beat", "Cla", "Dora", "Ernst", "Old"], 0, {}, owner)
    colours = dict(Player.objects.filter(owner=owner).values_list("name", "colour"))
    new = [colours[name] for name in ["Anna", "Beat", "Cla", "Dora", "Ernst"]]
    assert new == list(PLAYER_COLOURS[1:6])
    assert colours["Old"] == PLAYER_COLOURS[0]


def test_the_colours_go_round_again_when_every_one_is_taken(owner):
    from companion.nights.roster import PLAYER_COLOURS, next_colour

    for index, colour in enumerate(PLAYER_COLOURS):
        PlayerFactory(owner=owner, name=f"P{index}", colour=colour)
    PlayerFactory(owner=owner, name="Twice", colour=PLAYER_COLOURS[0])
    assert next_colour(owner.pk) == PLAYER_COLOURS[1]  # the least used, in the palette's order


def test_the_new_player_form_starts_with_a_free_colour(owner):
    from companion.nights.forms import PlayerForm
    from companion.nights.roster import PLAYER_COLOURS

    PlayerFactory(owner=owner, name="Anna", colour=PLAYER_COLOURS[0])
    assert PlayerForm(owner=owner)["colour"].value() == PLAYER_COLOURS[1]
    anna = Player.objects.get(name="Anna")
    assert PlayerForm(owner=owner, instance=anna)["colour"].value() == PLAYER_COLOURS[0]


def test_a_fresh_setup_form_knows_it_has_seated_nobody_yet():
    """``seated`` is the form's from the start (clean() fills it): an error with a seat before any
    clean is said for the whole form, not at a seat."""
    form = MatchSetupForm(game="molotow")
    assert form.seated == []
    form.cleaned_data = {}
    form.add_setup_error(SetupError("Nobody sits here.", seat=0))
    assert form.errors == {"__all__": ["Nobody sits here."]}
