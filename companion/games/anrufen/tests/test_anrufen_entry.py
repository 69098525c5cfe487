"""Anrufen round entry: the form's fields to the stored round and back, and the scoreboard's specifics."""

import html
import json
import re

import pytest
from django.urls import reverse

from companion.games.anrufen.entry import AnrufenEntryForm
from companion.models import Match, Round
from scoring.anrufen import settle
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
ANNA, BEAT, CLA, DORA = range(4)


@pytest.fixture
def four(night):
    return MatchFactory(night=night, game="anrufen", names=ABCD)


@pytest.fixture
def three(night):
    return MatchFactory(night=night, game="anrufen", names=ABCD[:3])


def post(client, match, number, htmx=False, **fields):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("round_add", args=[match.pk]), {"number": number, **fields}, **headers)


def balances(match):
    return {s.player.name: s.total for s in Match.objects.get(pk=match.pk).seats.select_related("player")}


def stored(match, number=1):
    return Round.objects.get(match=match, number=number).entry


def test_a_normal_deal_with_partner_and_marriages_is_stored_as_the_match_format_says(persona_client, four):
    # worked example of docs/rules.md: normal, contra, A+C 60 cards, B+D 30 + trump marriage (T = 130, need 70): failed.
    response = post(
        persona_client("owner"),
        four,
        1,
        bidder=ANNA,
        bid="normal",
        partner=CLA,
        contra="on",
        points=60,
        opponents_trump="on",
        opponents_plain=0,
        bidder_plain=0,
    )
    assert response.status_code == 302
    assert stored(four) == {
        "bidder": "Anna",
        "bid": "normal",
        "partner": "Cla",
        "contra": True,
        "points": 60,
        "marriages": {"opponents": ["trump"]},
    }
    assert balances(four) == {"Anna": 8, "Beat": 12, "Cla": 8, "Dora": 12}


def test_no_tricks_ignores_a_partner_tapped_without_javascript(persona_client, four):
    response = post(
        persona_client("owner"), four, 1, bidder=ANNA, bid="no_tricks", partner=CLA, tricks=0, points=""
    )
    assert response.status_code == 302
    assert stored(four) == {"bidder": "Anna", "bid": "no_tricks", "tricks": 0}
    assert balances(four) == {"Anna": 16, "Beat": 8, "Cla": 8, "Dora": 8}


def test_a_fresh_four_player_form_has_no_partner_chosen_and_alone_is_a_choice_apart(persona_client, four):
    page = persona_client("owner").get(four.get_absolute_url()).content.decode()
    partners = re.findall(r'<input type="radio" name="partner" value="([^"]*)"[^>]*>', page)
    assert partners == ["alone", "0", "1", "2", "3"]
    assert not re.search(r'name="partner"[^>]*checked', page)


def test_no_tricks_alone_is_stored_without_a_partner(persona_client, four):
    response = post(persona_client("owner"), four, 1, bidder=BEAT, bid="no_tricks", partner="alone", tricks=0)
    assert response.status_code == 302
    assert stored(four) == {"bidder": "Beat", "bid": "no_tricks", "tricks": 0}


@pytest.mark.parametrize("partner", [None, "alone"])
def test_a_normal_deal_without_a_partner_says_so_by_save_and_stores_nothing(persona_client, four, partner):
    fields = {"bidder": ANNA, "bid": "normal", "points": 50} | ({"partner": partner} if partner else {})
    page = post(persona_client("owner"), four, 1, htmx=True, **fields).content.decode()
    box = re.search(r'<div class="entry-error[^>]*id="entry-error"[^>]*>([^<]*)</div>', page)
    assert box and box[1] == "Round 1: the partner is missing: with 4 players Normal is played with a partner"
    assert not Round.objects.exists()


def test_a_raise_and_contra_are_stored_and_paid_at_the_raised_stake(persona_client, night):
    match = MatchFactory(night=night, game="anrufen", names=ABCD, options={"contra": "double"})
    post(
        persona_client("owner"),
        match,
        1,
        bidder=BEAT,
        bid="normal",
        partner=DORA,
        raised_to="all_tricks",
        contra="on",
        tricks=6,
        points=90,
        bidder_plain=1,
    )
    assert stored(match) == {
        "bidder": "Beat",
        "bid": "normal",
        "partner": "Dora",
        "raised_to": "all_tricks",
        "contra": True,
        "points": 90,
        "tricks": 6,
        "marriages": {"bidder": ["plain"]},
    }
    assert balances(match) == {"Anna": 6, "Beat": 14, "Cla": 6, "Dora": 14}  # stake 2, doubled


def test_the_redeal_button_stores_a_redeal_whatever_else_was_tapped(persona_client, four):
    post(persona_client("owner"), four, 1, redeal="1", bidder=ANNA, bid="hundred", points=40)
    assert stored(four) == {"redeal": True}
    assert balances(four) == dict.fromkeys(ABCD, 10)
    page = persona_client("owner").get(four.get_absolute_url()).content.decode()
    assert "Beat deals" in page  # a redeal moves the deal on


def test_three_players_have_no_partner_nor_raise(persona_client, three):
    client = persona_client("owner")
    page = client.get(three.get_absolute_url()).content.decode()
    assert 'name="partner"' not in page and 'name="raised_to"' not in page
    assert 'max="7"' in page  # seven tricks each with three players
    # worked example of docs/rules.md: A 40 card points + 20 marriage = 60 of T = 110: made, A +2, B and C -1.
    post(client, three, 1, bidder=ANNA, bid="normal", points=40, bidder_plain=1)
    assert stored(three) == {
        "bidder": "Anna",
        "bid": "normal",
        "points": 40,
        "marriages": {"bidder": ["plain"]},
    }
    assert balances(three) == {"Anna": 12, "Beat": 9, "Cla": 9}


def test_htmx_gets_the_scoreboard_fragment_with_the_next_form(persona_client, four):
    response = post(
        persona_client("owner"), four, 1, htmx=True, bidder=ANNA, bid="normal", partner=CLA, points=50
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="scoreboard"') and "<html" not in page
    assert 'name="number" value="2"' in page
    assert 'data-player="Anna">11<' in page and 'data-player="Beat">9<' in page


def test_an_invalid_deal_shows_the_engines_message_keeps_the_entry_and_stores_nothing(persona_client, four):
    response = post(
        persona_client("owner"), four, 1, htmx=True, bidder=BEAT, bid="hundred", points=70, contra="on"
    )
    page = response.content.decode()
    assert "Round 1: the partner is missing: with 4 players Hundred is played with a partner" in page
    assert re.search(r'name="bidder" value="1"[^>]*checked', page)
    assert re.search(r'name="bid" value="hundred"[^>]*checked', page)
    assert re.search(r'name="contra"[^>]*checked', page)
    assert 'name="points" value="70"' in page
    assert not Round.objects.exists()


@pytest.mark.parametrize("htmx", [False, True])
def test_a_deal_without_a_bidder_says_so_and_stores_nothing(persona_client, four, htmx):
    response = post(persona_client("owner"), four, 1, htmx=htmx, bid="normal", points=70)
    assert response.status_code == 200
    assert "Round 1: the bidder is missing" in response.content.decode()
    assert not Round.objects.exists()


def test_a_value_that_is_not_a_number_is_caught_by_the_form(persona_client, four):
    page = post(persona_client("owner"), four, 1, bidder=ANNA, bid="normal", partner=CLA, points="lots")
    text = page.content.decode()
    assert (
        "Please check the entry: Card points of the bidder&#x27;s side: Points are whole numbers, like 90."
        in text
    )
    assert not Round.objects.exists()


def test_contradicting_points_and_tricks_are_the_engines_to_refuse(persona_client, four):
    page = post(persona_client("owner"), four, 1, bidder=ANNA, bid="normal", partner=CLA, points=50, tricks=6)
    assert "took all 6 tricks but has 50 points, not 90" in page.content.decode()
    assert not Round.objects.exists()


ROUND_TRIPS = [
    {"redeal": True},
    {"bidder": "Anna", "bid": "normal", "partner": "Cla", "points": 50},
    {"bidder": "Dora", "bid": "no_tricks", "tricks": 0, "contra": True},
    {
        "bidder": "Anna",
        "bid": "normal",
        "partner": "Cla",
        "raised_to": "hundred",
        "contra": True,
        "points": 60,
        "tricks": 4,  # the opponents took 2 tricks: enough leads for their 2 marriages
        "marriages": {"bidder": ["trump"], "opponents": ["plain", "plain"]},
    },
    {
        "bidder": "Beat",
        "bid": "all_tricks_hundred",
        "partner": "Anna",
        "points": 90,
        "tricks": 6,
        "marriages": {"bidder": ["trump", "plain"]},
    },
    {"bidder": "Cla", "bid": "hundred", "partner": "Dora", "raised_to": "all_tricks", "tricks": 6},
]


def as_post(initial):
    """What a browser sends for a form showing ``initial``: unchecked boxes and empty numbers are left out."""
    data = {}
    for key, value in initial.items():
        if value is True:
            data[key] = "1" if key == "redeal" else "on"
        elif value is not None and value is not False:
            data[key] = str(value)
    return data


@pytest.mark.parametrize("entry", ROUND_TRIPS)
def test_initial_from_entry_round_trips(entry):
    initial = AnrufenEntryForm.initial_from_entry(entry, ABCD)
    form = AnrufenEntryForm({**as_post(initial), "number": 1}, players=ABCD, options={"contra": "add"})
    assert form.is_valid(), form.errors
    assert form.to_entry() == entry
    settle(ABCD, {}, entry)  # every sample is a valid deal


def test_editing_prefills_every_field_from_the_stored_round(persona_client, four):
    client = persona_client("owner")
    entry = ROUND_TRIPS[3]
    Round.objects.create(match=four, number=1, entry=entry)
    page = client.get(reverse("round_edit", args=[four.pk, 1])).content.decode()
    for name, value in [("bidder", "0"), ("bid", "normal"), ("partner", "2"), ("raised_to", "hundred")]:
        assert re.search(rf'name="{name}" value="{value}"[^>]*checked', page), name
    for name in ("contra", "bidder_trump"):
        assert re.search(rf'name="{name}"[^>]*checked', page), name
    assert not re.search(r'name="opponents_trump"[^>]*checked', page)
    for name, value in [("points", 60), ("tricks", 4), ("bidder_plain", 0), ("opponents_plain", 2)]:
        assert f'name="{name}" value="{value}"' in page, name


def test_a_redeal_is_edited_into_the_deal_that_was_played_and_back(persona_client, four):
    client = persona_client("owner")
    Round.objects.create(match=four, number=1, entry={"redeal": True})
    url = reverse("round_edit", args=[four.pk, 1])
    assert "Saved as a redeal." in client.get(url).content.decode()
    client.post(url, {"number": 1, "bidder": CLA, "bid": "normal", "partner": DORA, "points": 30})
    assert stored(four) == {"bidder": "Cla", "bid": "normal", "partner": "Dora", "points": 30}
    assert balances(four) == {"Anna": 11, "Beat": 11, "Cla": 9, "Dora": 9}
    client.post(url, {"number": 1, "redeal": "1", "bidder": CLA, "bid": "normal"})
    assert stored(four) == {"redeal": True}


def test_editing_an_earlier_round_into_a_redeal_confirms_first(persona_client, four):
    client = persona_client("owner")
    post(client, four, 1, bidder=ANNA, bid="normal", partner=CLA, points=50)
    post(client, four, 2, bidder=BEAT, bid="normal", partner=DORA, points=50)
    url = reverse("round_edit", args=[four.pk, 1])
    confirm = client.post(url, {"number": 1, "redeal": "1"}).content.decode()
    assert "Change round 1?" in confirm and 'name="redeal" value="1"' in confirm
    client.post(url, {"number": 1, "redeal": "1", "confirmed": "yes"})
    assert stored(four) == {"redeal": True}
    assert balances(four) == {"Anna": 9, "Beat": 11, "Cla": 9, "Dora": 11}


def test_the_rounds_table_tells_each_contract_in_words(persona_client, four):
    client = persona_client("owner")
    post(client, four, 1, bidder=ANNA, bid="normal", partner=CLA, raised_to="hundred", contra="on", points=60)
    post(client, four, 2, redeal="1")
    post(client, four, 3, bidder=DORA, bid="no_tricks", tricks=0)
    page = html.unescape(client.get(four.get_absolute_url()).content.decode())
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Anna + Cla: Hundred, raised from Normal, contra · ✗ failed · stake 3 (60 points)" in text
    assert "Dora alone: No tricks · ✓ made · stake 2 (0 tricks)" in text
    assert re.search(r"<td[^>]*>\s*Redeal\s*</td>", page)
    assert "Everybody started with 10 tokens" in text and "Contra adds 1 to the stake." in text
    # The balances include the starting tokens: 10 - 3 + 6 / 10 + 3 - 2 / ...
    assert balances(four) == {"Anna": 5, "Beat": 11, "Cla": 5, "Dora": 19}


def test_the_preview_gets_the_engines_tables_and_the_house_rule(persona_client, night):
    match = MatchFactory(night=night, game="anrufen", names=ABCD, options={"contra": "double", "chips": 5})
    page = persona_client("owner").get(match.get_absolute_url()).content.decode()
    rules = json.loads(html.unescape(re.search(r'data-anrufen-rules="([^"]*)"', page).group(1)))
    assert rules["players"] == ABCD and rules["contra"] == "double" and rules["tricks"] == 6
    assert rules["stakes"]["all_tricks_hundred"] == 3
    assert "Contra doubles the stake." in page and "Everybody started with 5 tokens" in page


def test_the_contract_toggles_show_the_base_stake_and_every_input_has_a_label(persona_client, four):
    page = persona_client("owner").get(four.get_absolute_url()).content.decode()
    for label in ["Normal (1)", "Hundred (2)", "No tricks (2)", "All tricks (2)", "All tricks + 100 (3)"]:
        assert label in page
    ids = re.findall(r'<input type="(?!hidden)[^>]*id="([^"]+)"', page)
    assert ids
    for input_id in ids:
        assert f'for="{input_id}"' in page, input_id
    assert 'inputmode="numeric"' in page


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "(80 points + trump marriage 40 + marriage 20; opponents: marriage 20)"),
        ("de", "(80 Punkte + Trumpf-Mariage 40 + Mariage 20; Gegner: Mariage 20)"),
    ],
)
def test_the_rounds_list_names_each_sides_marriages_in_the_pages_language(
    persona_client, four, language, said
):
    client = persona_client("owner")
    client.cookies["django_language"] = language
    post(
        client, four, 1, bidder=BEAT, bid="hundred", partner=ANNA, points=80,
        bidder_trump="on", bidder_plain=1, opponents_plain=1,
    )  # fmt: skip
    assert stored(four)["marriages"] == {"bidder": ["trump", "plain"], "opponents": ["plain"]}
    row = re.search(
        r'<tr class="anrufen-round">.*?</tr>', client.get(four.get_absolute_url()).content.decode(), re.S
    )
    assert said in " ".join(html.unescape(row[0]).split())
