"""Molotow Jass: the points entry form, editing, and what the scoreboard shows (sticks, potatoes, the lead)."""

import inspect
import re

import pytest
from django.urls import reverse

from companion.games import registry
from companion.games.entry import EntryForm
from companion.games.molotow.entry import MolotowEntryForm
from companion.models import Match, Round
from companion.standings import standings
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=ABCD)


def deal_post(number, *points, draw_loser=""):
    """Form data for one deal: the points in seat order, the draw loser as a seat index or ""."""
    return {
        "number": number,
        **{f"points_{seat}": value for seat, value in enumerate(points)},
        "draw_loser": draw_loser,
    }


def add_deal(client, match, number, *points, draw_loser="", htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    data = deal_post(number, *points, draw_loser=draw_loser)
    return client.post(reverse("round_add", args=[match.pk]), data, **headers)


def stored(match, number=1):
    return Round.objects.get(match=match, number=number).entry


def totals(match):
    return {s.player.name: s.total for s in Match.objects.get(pk=match.pk).seats.select_related("player")}


def test_the_form_module_is_found_by_game():
    assert registry.get("molotow").entry_form is MolotowEntryForm


@pytest.mark.parametrize(
    ("points", "net"),
    [
        ((90, 9, 34, 24), {"Anna": 1, "Beat": 1, "Cla": -1, "Dora": -1}),
        ((60, 60, 22, 15), {"Anna": 0, "Beat": 0, "Cla": -1, "Dora": 1}),
        ((80, 45, 16, 16), {"Anna": 1, "Beat": -1, "Cla": 0, "Dora": 0}),
        ((104, 20, 18, 15), {"Anna": -3, "Beat": 3, "Cla": 3, "Dora": 3}),
        ((157, 0, 0, 0), {"Anna": 3, "Beat": -3, "Cla": -3, "Dora": -3}),
        ((100, 19, 19, 19), {"Anna": -3, "Beat": 3, "Cla": 3, "Dora": 3}),
    ],
)
def test_a_deal_without_a_draw_is_stored_without_draw_loser(persona_client, molotow, points, net):
    response = add_deal(persona_client("owner"), molotow, 1, *points)
    assert response.status_code == 302
    assert stored(molotow) == {"points": dict(zip(ABCD, points, strict=True))}
    assert totals(molotow) == net


def test_a_three_way_tie_stores_who_drew_the_highest_card(persona_client, molotow):
    add_deal(persona_client("owner"), molotow, 1, 40, 40, 40, 37, draw_loser=2)
    assert stored(molotow) == {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Cla"}
    assert totals(molotow) == {"Anna": 0, "Beat": 0, "Cla": -1, "Dora": 1}


def test_htmx_gets_the_scoreboard_fragment_with_a_fresh_form(persona_client, molotow):
    response = add_deal(persona_client("owner"), molotow, 1, 90, 9, 34, 24, htmx=True)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="scoreboard"')
    assert "<html" not in html
    assert 'name="number" value="2"' in html
    assert 'name="points_0"' in html and 'value="90"' not in html.split('id="entry-heading"')[1]


def test_a_wrong_sum_shows_the_engines_message_keeps_the_entry_and_stores_nothing(persona_client, molotow):
    html = add_deal(persona_client("owner"), molotow, 1, 90, 9, 34, 17, htmx=True).content.decode()
    assert "Round 1: points add up to 150, not 157" in html
    assert re.search(r'name="points_3" value="17"', html) and re.search(r'name="points_0" value="90"', html)
    assert not Round.objects.exists()


def test_a_tie_without_the_draw_asks_for_it(persona_client, molotow):
    html = add_deal(persona_client("owner"), molotow, 1, 40, 40, 40, 37, htmx=True).content.decode()
    assert "Anna, Beat and Cla tied on 40 points: say who drew the highest card" in html
    assert not Round.objects.exists()


def test_a_draw_without_a_tie_is_refused(persona_client, molotow):
    html = add_deal(persona_client("owner"), molotow, 1, 90, 9, 34, 24, draw_loser=1).content.decode()
    assert "nobody draws a card in this deal: only three players tied under 100 points do" in html
    assert re.search(r'<input type="radio" name="draw_loser" value="1"[^>]*checked', html)
    assert not Round.objects.exists()


def test_negative_points_are_the_engines_to_refuse(persona_client, molotow):
    html = add_deal(persona_client("owner"), molotow, 1, 167, -10, 0, 0).content.decode()
    assert "Round 1: Anna&#x27;s points must be at most 157, not 167" in html
    assert not Round.objects.exists()


def input_of(html, name):
    return re.search(rf'<input [^>]*name="{name}"[^>]*>', html).group(0)


@pytest.mark.parametrize("htmx", [True, False])
def test_the_field_the_refusal_names_is_marked_and_points_at_the_sentence(persona_client, molotow, htmx):
    html = add_deal(persona_client("owner"), molotow, 1, 90, 1, 42, 24, htmx=htmx).content.decode()
    assert "Beat has 1 point, but no card is worth 1 point" in html
    beat = input_of(html, "points_1")
    assert 'aria-invalid="true"' in beat and 'aria-describedby="entry-error"' in beat
    assert 'value="1"' in beat, "what was typed is kept"
    assert all("aria-invalid" not in input_of(html, f"points_{seat}") for seat in (0, 2, 3))
    assert html.count("no card is worth 1 point") == 1, "said once, by Save"


def test_a_refusal_about_the_whole_deal_marks_no_single_field(persona_client, molotow):
    html = add_deal(persona_client("owner"), molotow, 1, 90, 9, 34, 17, htmx=True).content.decode()
    assert all("aria-invalid" not in input_of(html, f"points_{seat}") for seat in range(4))


def test_an_edit_the_engine_refuses_marks_the_named_players_field(persona_client, molotow):
    client = persona_client("owner")
    add_deal(client, molotow, 1, 90, 9, 34, 24)
    html = client.post(
        reverse("round_edit", args=[molotow.pk, 1]), deal_post(1, 90, 9, 57, 1)
    ).content.decode()
    assert "Dora has 1 point" in html
    assert 'aria-invalid="true"' in input_of(html, "points_3")
    assert "aria-invalid" not in input_of(html, "points_2")


def test_empty_or_wordy_fields_are_required_whole_numbers(persona_client, molotow):
    html = add_deal(persona_client("owner"), molotow, 1, 90, "", "abc", 24).content.decode()
    # By Save, the first problem with its field (the field may be out of sight on a phone).
    assert "Please check the entry: Beat: Missing" in html
    points_1 = re.search(r"<input[^>]*name=\"points_1\"[^>]*>", html).group(0)
    assert 'aria-invalid="true"' in points_1 and 'aria-describedby="id_points_1_error"' in points_1
    assert 'id="id_points_1_error">Missing' in html
    assert 'id="id_points_2_error">Points are whole numbers, like 90.' in html
    assert 'value="abc"' in html
    assert not Round.objects.exists()


def test_the_form_works_without_javascript(persona_client, molotow):
    """Numeric keyboards, a label per player, and the draw choice always there with its hint."""
    html = persona_client("owner").get(molotow.get_absolute_url()).content.decode()
    for seat, name in enumerate(ABCD):
        assert f'<label class="molotow-name" for="id_points_{seat}">{name}</label>' in html
        field = re.search(rf"<input[^>]*name=\"points_{seat}\"[^>]*>", html).group(0)
        assert 'inputmode="numeric"' in field and "required" in field
    assert "Who drew the highest card?" in html
    assert "Only when three players tie under 100." in html
    assert re.search(r'<input type="radio" name="draw_loser" value=""[^>]*checked', html)
    assert re.search(r'data-sum aria-live="polite" hidden', html)
    assert "Card points (157 in all)" in html


def test_the_last_deal_ends_the_match(persona_client, molotow):
    client = persona_client("owner")
    for number in range(1, 13):
        add_deal(client, molotow, number, 90, 9, 34, 24)
    page = client.get(molotow.get_absolute_url()).content.decode()
    assert "Anna and Beat share the win." in page
    assert "Match over after 12 rounds" in page
    assert "leads</span>" not in page
    assert add_deal(client, molotow, 13, 90, 9, 34, 24, htmx=True).status_code == 200
    assert Round.objects.filter(match=molotow).count() == 12


# --- editing -----------------------------------------------------------------


ENTRIES = [
    {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
    {"points": {"Anna": 0, "Beat": 157, "Cla": 0, "Dora": 0}},
    {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Cla"},
    {"points": {"Anna": 12, "Beat": 35, "Cla": 35, "Dora": 75}},
    {"points": {"Dora": 37, "Cla": 40, "Beat": 40, "Anna": 40}, "draw_loser": "Anna"},
]


@pytest.mark.parametrize("entry", ENTRIES)
def test_initial_from_entry_round_trips(entry):
    initial = MolotowEntryForm.initial_from_entry(entry, ABCD)
    form = MolotowEntryForm({**initial, "number": 1}, players=ABCD, options={})
    assert form.is_valid(), form.errors
    assert form.to_entry() == entry


def test_editing_prefills_the_points_and_the_draw(persona_client, molotow):
    client = persona_client("owner")
    add_deal(client, molotow, 1, 40, 40, 40, 37, draw_loser=2)
    html = client.get(reverse("round_edit", args=[molotow.pk, 1])).content.decode()
    assert 'name="points_0" value="40"' in html and 'name="points_3" value="37"' in html
    assert re.search(r'<input type="radio" name="draw_loser" value="2"[^>]*checked', html)
    assert 'src="/static/games/molotow/entry.js"' in html


def test_editing_the_last_deal_to_drop_the_draw_removes_draw_loser(persona_client, molotow):
    client = persona_client("owner")
    add_deal(client, molotow, 1, 40, 40, 40, 37, draw_loser=2)
    response = client.post(reverse("round_edit", args=[molotow.pk, 1]), deal_post(1, 90, 9, 34, 24))
    assert response.status_code == 302
    assert stored(molotow) == {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}


def test_editing_an_earlier_deal_asks_first_then_recomputes(persona_client, molotow):
    client = persona_client("owner")
    add_deal(client, molotow, 1, 90, 9, 34, 24)
    add_deal(client, molotow, 2, 60, 60, 22, 15)
    url = reverse("round_edit", args=[molotow.pk, 1])
    preview = client.post(url, deal_post(1, 40, 40, 40, 37, draw_loser=3)).content.decode()
    assert "Round 1: only the tied players Anna, Beat and Cla draw a card, not Dora" in preview
    preview = client.post(url, deal_post(1, 40, 40, 40, 37, draw_loser=0)).content.decode()
    assert "Change round 1?" in preview
    assert '<input type="hidden" name="draw_loser" value="0">' in preview
    client.post(url, {**deal_post(1, 40, 40, 40, 37, draw_loser=0), "confirmed": "yes"})
    assert stored(molotow) == {
        "points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37},
        "draw_loser": "Anna",
    }
    # Deal 1: Anna -1, Dora +1; deal 2: Cla -1, Dora +1.
    assert totals(molotow) == {"Anna": -1, "Beat": 0, "Cla": -1, "Dora": 2}


# --- the scoreboard ------------------------------------------------------------


def test_the_round_line_names_the_dealer_and_who_leads(persona_client, molotow):
    client = persona_client("owner")
    page = client.get(molotow.get_absolute_url()).content.decode()
    # Anna deals the first deal; the player to her right (the previous seat) leads.
    assert "Round 1 of 12" in page and "Anna deals" in page and "Dora leads" in page
    add_deal(client, molotow, 1, 90, 9, 34, 24)
    page = client.get(molotow.get_absolute_url()).content.decode()
    # The deal passes to the right: Dora deals, Cla leads.
    assert "Round 2 of 12" in page and "Dora deals" in page and "Cla leads" in page


def standing_of(page, name):
    """The standing card (<li>) of one player."""
    start = page.index(f'data-player="{name}"')
    return page[page.rindex("<li", 0, start) : page.index("</li>", start)]


def test_sticks_and_potatoes_are_drawn_as_a_tally_with_the_counts_for_screen_readers(persona_client, molotow):
    client = persona_client("owner")
    add_deal(client, molotow, 1, 104, 20, 18, 15)  # Anna 3 potatoes, the others 3 sticks
    add_deal(client, molotow, 2, 90, 9, 34, 24)  # Anna and Beat a stick, Cla and Dora a potato
    add_deal(client, molotow, 3, 9, 90, 34, 24)  # the same
    page = client.get(molotow.get_absolute_url()).content.decode()

    beat = standing_of(page, "Beat")
    assert 'data-player="Beat">5<' in beat
    assert "5 sticks, 0 potatoes" in beat
    assert (
        beat.count('class="tally-group marks-5"') == 1 and beat.count("tally-group") == 1
    )  # one group of five
    assert "tally-potatoes" not in beat

    anna = standing_of(page, "Anna")
    assert 'data-player="Anna">-1<' in anna and "2 sticks, 3 potatoes" in anna
    assert '<span class="tally-sticks" aria-hidden="true"><span class="tally-group marks-2">' in anna
    assert '<span class="tally-potatoes" aria-hidden="true"><span class="tally-group marks-3">' in anna

    cla = standing_of(page, "Cla")
    assert "3 sticks, 2 potatoes" in cla

    add_deal(client, molotow, 4, 9, 90, 34, 24)
    add_deal(client, molotow, 5, 9, 90, 34, 24)
    beat = standing_of(client.get(molotow.get_absolute_url()).content.decode(), "Beat")
    # Seven strokes: a crossed five and two more, in two groups.
    assert "7 sticks, 0 potatoes" in beat
    assert '<span class="tally-group marks-5"></span><span class="tally-group marks-2"></span>' in beat
    assert 'aria-hidden="true"' in beat


def test_one_stick_and_one_potato_read_in_the_singular(persona_client, molotow):
    client = persona_client("owner")
    add_deal(client, molotow, 1, 90, 9, 34, 24)
    add_deal(client, molotow, 2, 9, 90, 34, 24)
    add_deal(client, molotow, 3, 24, 34, 9, 90)  # Anna a potato: one stick, one potato
    page = client.get(molotow.get_absolute_url()).content.decode()
    assert "2 sticks, 1 potato<" in standing_of(page, "Anna")


def test_the_rounds_table_shows_the_points_and_the_draw(persona_client, molotow):
    client = persona_client("owner")
    add_deal(client, molotow, 1, 90, 9, 34, 24)
    add_deal(client, molotow, 2, 40, 40, 40, 37, draw_loser=1)
    page = client.get(molotow.get_absolute_url()).content.decode()
    rows = re.findall(r'<tr class="molotow-points-row">(.*?)</tr>', page, re.S)
    cells = [re.findall(r'<td class="text-end">(\d*)</td>', row) for row in rows]
    assert cells == [["40", "40", "40", "37"], ["90", "9", "34", "24"]]  # newest first
    assert "Card points in round 2" in rows[0]
    assert page.count("drew the highest card: 1 potato.") == 1
    assert "Beat drew the highest card: 1 potato." in page


def test_the_points_row_keeps_seat_order_whatever_the_stored_order(persona_client, molotow):
    entry = {"points": {"Dora": 24, "Cla": 34, "Beat": 9, "Anna": 90}}
    Round.objects.create(match=molotow, number=1, entry=entry)
    page = persona_client("owner").get(molotow.get_absolute_url()).content.decode()
    row = re.search(r'<tr class="molotow-points-row">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r'<td class="text-end">(\d*)</td>', row) == ["90", "9", "34", "24"]
    assert standings(molotow).totals == {"Anna": 1, "Beat": 1, "Cla": -1, "Dora": -1}


def test_an_empty_deal_asks_for_the_card_points_once(persona_client, molotow):
    html = add_deal(persona_client("owner"), molotow, 1, "", "", "", "").content.decode()
    assert (
        html.count("Enter each player&#x27;s card points: 157 in all.") == 1
    )  # by Save, not again by the fields
    assert "Missing" not in html
    assert not Round.objects.exists()


def test_a_broken_hidden_round_number_names_no_field_a_person_cannot_see(persona_client, molotow):
    html = add_deal(persona_client("owner"), molotow, "x", 90, 9, 34, 24).content.decode()
    assert "Please check the entry." in html
    assert "Please check the entry: number" not in html
    assert not Round.objects.exists()


def test_refused_fields_point_only_at_the_sentence_by_save():
    """There is one sentence by Save (#entry-error): no caller points a refused field elsewhere."""
    assert list(inspect.signature(EntryForm.mark_refused).parameters) == ["self", "error"]


@pytest.mark.parametrize("typed", ["90.", "90.5", "90,5", "1e2"])
def test_points_that_only_look_like_a_whole_number_are_refused_not_rounded(persona_client, molotow, typed):
    html = add_deal(persona_client("owner"), molotow, 1, typed, 9, 34, 24).content.decode()
    assert "Please check the entry: Anna: Points are whole numbers, like 90." in html
    assert not Round.objects.exists()
