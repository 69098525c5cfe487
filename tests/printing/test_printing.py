"""Rule summaries, blank score sheets, a match's rules and the night report (the PDFs: tests/browser)."""

from html.parser import HTMLParser

import pytest
from django.test import override_settings
from django.urls import reverse

from companion.games import registry
from companion.games.elfer.examples import MATCH as ELFER_MATCH
from companion.models import Round
from companion.printing import rules
from companion.printing.house_rules import clean_options, house_rules
from companion.standings import refresh
from tests.factories import MatchFactory
from tests.fixtures import PRODUCTION_STATIC

pytestmark = pytest.mark.django_db

GAMES = ["molotow", "anrufen", "elfer", "murlan"]
EXAMPLES = {key: game.examples for key, game in registry.GAMES.items()}
ALL_EXAMPLES = [(game, example) for game, examples in EXAMPLES.items() for example in examples]
ALL_EXAMPLES.append(("elfer", ELFER_MATCH))
ABCD = ["Anna", "Beat", "Cla", "Dora"]


class ExampleRows(HTMLParser):
    """The cells of each ``<tr data-example=…>``: marked cells (data-result, …) by their mark, as text."""

    MARKS = ("data-result", "data-before", "data-stake", "data-target")

    def __init__(self, html: str):
        super().__init__()
        self.rows: dict[str, dict[str, list[str]]] = {}
        self.row = None
        self.mark = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr":
            self.row = attrs.get("data-example")
            if self.row:
                self.rows[self.row] = {mark: [] for mark in self.MARKS}
        elif tag == "td" and self.row:
            self.mark = next((mark for mark in self.MARKS if mark in attrs), None)
            if self.mark:
                self.rows[self.row][self.mark].append("")

    def handle_endtag(self, tag):
        if tag == "td":
            self.mark = None
        elif tag == "tr":
            self.row = None

    def handle_data(self, data):
        if self.row and self.mark:
            self.rows[self.row][self.mark][-1] += data.strip()


def as_numbers(cells: list[str]) -> tuple[int, ...]:
    """Cells as printed ("+3", "22 / 18 / 16 / 10", with real minus signs) back to whole numbers."""
    text = " / ".join(cells).replace(rules.MINUS, "-")
    return tuple(int(part) for part in text.split(" / "))


# --- the worked examples agree with the engine ---------------------------------------


@pytest.mark.parametrize(("game", "example"), ALL_EXAMPLES, ids=lambda value: getattr(value, "key", value))
def test_the_engine_computes_every_worked_example_as_worked_out_by_hand(game, example):
    worked = rules.compute(game, example)
    expected = example.expected
    assert tuple(worked.totals) == expected["totals"]
    assert not worked.standard
    if "before" in expected:
        assert tuple(worked.before_totals) == expected["before"]
    if "target" in expected:
        assert worked.standings.extras["target"] == expected["target"]
    if "winners" in expected and game == "elfer" and len(example.rounds) == 1:
        assert tuple(worked.last.extras["winners"]) == expected["winners"]  # the winner of that game
    elif "winners" in expected:
        assert worked.standings.winners == expected["winners"]
    if "stake" in expected:
        assert worked.last.extras["stake"] == expected["stake"]
    if "made" in expected:
        assert worked.last.extras["made"] is expected["made"]


def test_every_case_of_the_scoring_spec_has_an_example():
    keys = {game: {example.key for example in examples} for game, examples in EXAMPLES.items()}
    assert keys["molotow"] >= {
        "unique",
        "middle-equal",
        "shared-high",
        "shared-low",
        "three-tied",
        "hundred",
        "all",
    }
    played = {
        entry.get("raised_to", entry.get("bid"))
        for example in EXAMPLES["anrufen"]
        for entry in example.rounds
    }
    assert played >= {"normal", "hundred", "no_tricks", "all_tricks", "all_tricks_hundred"}
    assert {"marriage-contra", "contra-doubles", "three-players", "no-tricks", "redeal", "raised"} <= keys[
        "anrufen"
    ]
    assert keys["murlan"] >= {"wins", "rises", "wins-at-31", "cap"}


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_prints_the_hand_computed_result_of_every_example(client, game):
    html = client.get(reverse("rules_game", args=[game])).content.decode()
    rows = ExampleRows(html).rows
    examples = [*EXAMPLES[game], *([ELFER_MATCH] if game == "elfer" else [])]
    assert set(rows) == {example.key for example in examples}
    for example in examples:
        row = rows[example.key]
        assert as_numbers(row["data-result"]) == example.expected["totals"], example.key
        if "before" in example.expected:
            assert as_numbers(row["data-before"]) == example.expected["before"], example.key
        if example.expected.get("stake"):
            assert as_numbers(row["data-stake"]) == (example.expected["stake"],), example.key


def test_the_murlan_page_says_where_the_target_rises_and_who_starts(client):
    html = client.get(reverse("rules_game", args=["murlan"])).content.decode()
    assert "target 31; D gives A the highest card; D starts" in html
    assert "21 → 31 → 41 → 51" in html
    assert "B wins" in html  # 51 against 52: the highest total, not the first to finish


def test_the_anrufen_page_lists_each_contracts_stake_with_and_without_contra(client):
    html = client.get(reverse("rules_game", args=["anrufen"])).content.decode()
    for key, stake, contra in [("normal", 1, 2), ("hundred", 2, 3), ("all_tricks_hundred", 3, 4)]:
        assert f'data-contract="{key}"' in html
        row = html.split(f'data-contract="{key}"')[1].split("</tr>")[0]
        assert f'<td class="num">{stake}</td><td class="num">{contra}</td>' in row


# --- public pages ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "url", ["/rules/", *[f"/rules/{g}/" for g in GAMES], *[f"/rules/{g}/sheet/" for g in GAMES]]
)
def test_rule_pages_and_blank_sheets_are_public_and_need_no_query(client, url, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(url)
    assert response.status_code == 200
    assert b"data-print" in response.content
    assert b"css/print.css" in response.content


@pytest.mark.parametrize("url", ["/rules/skat/", "/rules/skat/sheet/", "/rules/MOLOTOW/"])
def test_an_unknown_game_is_a_404(client, url):
    assert client.get(url).status_code == 404


def test_the_index_links_every_game_rules_and_sheet(client):
    html = client.get(reverse("rules_index")).content.decode()
    for game in GAMES:
        assert f'href="/rules/{game}/"' in html and f'href="/rules/{game}/sheet/"' in html


def test_the_molotow_sheet_has_twelve_deals_and_a_stick_and_potato_column_per_player(client):
    html = client.get(reverse("score_sheet", args=["molotow"])).content.decode()
    assert html.count('<tr><th scope="row">') == 12
    assert html.count("| sticks</th>") == 4 and html.count("○ potatoes</th>") == 4
    assert "print-portrait.css" in html


def test_the_anrufen_ledger_is_landscape_and_starts_everybody_at_ten_tokens(client):
    html = client.get(reverse("score_sheet", args=["anrufen"]), {"players": "3"}).content.decode()
    assert "print-landscape.css" in html
    assert html.count('<td class="num">10</td>') == 3
    assert 'data-players="3"' in html


@pytest.mark.parametrize(("wanted", "shown"), [("6", 6), ("2", 2), ("7", 4), ("1", 4), ("six", 4), ("", 4)])
def test_the_murlan_sheet_prints_for_the_chosen_players_within_the_games_limits(client, wanted, shown):
    html = client.get(reverse("score_sheet", args=["murlan"]), {"players": wanted}).content.decode()
    assert f'data-players="{shown}"' in html
    assert html.count('class="name-cell"') == shown
    assert "21  31  41  51" in html  # the target marks to circle


# --- a match's own rules ------------------------------------------------------------------


@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 200), ("outsider", 404)])
def test_a_matchs_rules_are_for_the_nights_people(persona_client, night, persona, status):
    match = MatchFactory(night=night, game="molotow", names=ABCD)
    assert persona_client(persona).get(reverse("match_rules", args=[match.pk])).status_code == status


def test_a_matchs_rules_use_its_house_rules_in_text_and_examples(
    persona_client, night, django_assert_num_queries
):
    match = MatchFactory(night=night, game="molotow", names=ABCD, options={"others_on_100": 1, "rounds": 8})
    client = persona_client("member")
    with django_assert_num_queries(5):  # session, user, match, seats with players, rounds
        html = client.get(reverse("match_rules", args=[match.pk])).content.decode()
    assert "every other player gets 1 stick." in html
    assert "A match lasts 8 deals." in html
    rows = ExampleRows(html).rows
    assert as_numbers(rows["hundred"]["data-result"]) == (-3, 1, 1, 1)  # 104 / 20 / 18 / 15
    assert as_numbers(rows["all"]["data-result"]) == (3, -3, -3, -3)  # others_on_157 is still 3
    assert "(standard: 3)" in html and "Anna, Beat, Cla, Dora" in html


def test_with_contra_doubling_the_rules_say_doubles_and_the_examples_double(persona_client, night):
    match = MatchFactory(night=night, game="anrufen", names=ABCD, options={"contra": "double", "chips": 20})
    html = persona_client("owner").get(reverse("match_rules", args=[match.pk])).content.decode()
    assert "An opponent may call contra: it doubles the stake." in html
    assert "Every player starts with 20 tokens." in html
    rows = ExampleRows(html).rows
    assert as_numbers(rows["no-tricks-contra"]["data-result"]) == (32, 16, 16, 16)  # stake 2 doubled: A +12
    assert as_numbers(rows["marriage-contra"]["data-result"]) == (18, 22, 18, 22)  # stake 1 doubled, lost
    row = html.split('data-contract="all_tricks_hundred"')[1].split("</tr>")[0]
    assert '<td class="num">3</td><td class="num">6</td>' in row


def test_an_example_the_house_rules_cannot_play_is_shown_with_the_standard_rules(persona_client, night):
    # With target 11, A reaches it alone in the fourth hand, so the lead-ins of the examples cannot be played.
    match = MatchFactory(night=night, game="murlan", names=ABCD, options={"target": 11})
    html = persona_client("owner").get(reverse("match_rules", args=[match.pk])).content.decode()
    assert "The target starts at 11." in html
    assert "computed with the standard rules" in html
    rows = ExampleRows(html).rows
    assert as_numbers(rows["wins"]["data-before"]) == (19, 17, 14, 10)
    assert as_numbers(rows["wins"]["data-target"]) == (21,)


# --- the night report -----------------------------------------------------------------------


def play(match, entries):
    for number, entry in enumerate(entries, start=1):
        Round.objects.create(match=match, number=number, entry=entry)
    refresh(match)


@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 200), ("outsider", 404)])
def test_the_night_report_is_for_the_nights_people(persona_client, night, persona, status):
    assert persona_client(persona).get(reverse("night_report", args=[night.pk])).status_code == status


def test_the_report_shows_each_match_its_standings_winner_and_chart(persona_client, night):
    murlan = MatchFactory(night=night, game="murlan", names=ABCD)
    play(murlan, [{"order": ["Beat", "Anna", "Cla", "Dora"]}] * 7)  # Beat 21 alone: wins
    anrufen = MatchFactory(night=night, game="anrufen", names=ABCD[:3])
    play(anrufen, [{"bidder": "Cla", "bid": "normal", "points": 60}])  # open match: still played
    html = persona_client("member").get(reverse("night_report", args=[night.pk])).content.decode()
    assert html.index("1. Murlan") < html.index("2. Anrufen")
    assert "Beat wins!" in html and "Still being played." in html
    assert html.count("<svg") == 2 and "<title id=" in html and "<desc id=" in html
    assert '<tr class="is-winner" data-player="Beat"><td>1.</td>' in html
    # Murlan: Beat 21, Anna 14, Cla 7, Dora 0; Anrufen (3 players, made): Cla 12, Anna 9, Beat 9.
    assert (
        '<th scope="row">7</th><td class="num">14</td><td class="num">21</td><td class="num">7</td><td class="num">0</td>'
        in html
    )
    assert '<th scope="row">1</th><td class="num">9</td><td class="num">9</td><td class="num">12</td>' in html
    assert "▲ 21" in html  # the target line
    tally = html.split('id="summary-heading"')[1].split("</table>")[0]
    assert tally.index('data-player="Beat"') < tally.index('data-player="Anna"')


def test_the_report_needs_the_same_queries_for_one_match_or_many(
    persona_client, night, django_assert_num_queries
):
    client = persona_client("owner")
    MatchFactory(night=night, game="murlan", names=ABCD)
    with django_assert_num_queries(6):  # session, user, night, matches, seats with players, rounds
        client.get(reverse("night_report", args=[night.pk]))
    entries = {
        "molotow": {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
        "elfer": {"cards": {"Beat": [3], "Cla": [4], "Dora": [5]}},
        "anrufen": {"redeal": True},
    }
    for game, entry in entries.items():
        play(MatchFactory(night=night, game=game, names=ABCD), [entry, entry])
    with django_assert_num_queries(6):
        response = client.get(reverse("night_report", args=[night.pk]))
    html = response.content.decode()
    assert html.count("<svg") == 3 and "No rounds entered." in html  # the Murlan match has no hand yet


def test_a_night_without_matches_has_a_short_report(persona_client, night):
    html = persona_client("owner").get(reverse("night_report", args=[night.pk])).content.decode()
    assert "No matches were played this night." in html


# --- the sentences that follow the house rules --------------------------------------------


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({}, "The table decides when the match ends."),
        ({"rounds": 1}, "The match ends after 1 deal (redeals count)."),
        (
            {"rounds": 8, "stop_at_zero": True},
            "The match ends after 8 deals (redeals count), or after the first deal that leaves somebody at zero or below.",
        ),
        (
            {"stop_at_zero": True},
            "The match ends after the first deal that leaves somebody at zero or below.",
        ),
    ],
)
def test_the_anrufen_rules_say_when_the_match_ends(options, sentence):
    assert house_rules("anrufen", clean_options("anrufen", options))["end"] == sentence


@pytest.mark.parametrize(
    ("options", "rise"),
    [
        ({"step": 15}, "rises by 15 (21 → 36 → 51), never above 51."),
        ({"max_target": 45}, "rises by 10 (21 → 31 → 41 → 45), never above 45."),
        ({"step": 1, "max_target": 30}, "rises by 1 (21 → 22 → 23 → … → 30), never above 30."),
    ],
)
def test_the_murlan_target_ladder_follows_the_house_rules(options, rise):
    assert house_rules("murlan", clean_options("murlan", options))["rise"].endswith(rise)


def test_a_murlan_target_that_cannot_rise_says_so():
    rules_text = house_rules("murlan", clean_options("murlan", {"target": 31, "max_target": 31}))
    assert rules_text["rise"] == "The target does not rise."
    assert rules_text["cap"].startswith("Two or more at or over the target once it is 31:")


def test_molotow_counts_sticks_and_potatoes_in_words():
    text = house_rules(
        "molotow", clean_options("molotow", {"others_on_157": 1, "others_on_100": 0, "rounds": 1})
    )
    assert text["on_157"] == "Exactly 157 for one player: he gets 3 sticks, every other player gets 1 potato."
    assert (
        text["on_100"] == "100 to 156 for one player: he gets 3 potatoes, every other player gets 0 sticks."
    )
    assert text["deals"] == "A match lasts 1 deal."


# --- production static files ------------------------------------------------------------------


def test_every_printing_page_finds_its_static_files_in_the_manifest(client, night, owner, collected_static):
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        client.force_login(owner)
        match = MatchFactory(night=night, game="murlan", names=ABCD)
        urls = ["/rules/", *[f"/rules/{g}/" for g in GAMES], *[f"/rules/{g}/sheet/" for g in GAMES]]
        urls += [reverse("match_rules", args=[match.pk]), reverse("night_report", args=[night.pk])]
        for url in urls:
            page = client.get(url).content.decode()  # a missing file raises here
            assert "/static/css/print." in page and "/static/js/print." in page, url


@pytest.mark.parametrize("url", ["/rules/", "/rules/molotow/", "/rules/murlan/sheet/"])
def test_the_public_pages_only_answer_get(client, url):
    assert client.post(url).status_code == 405
    assert client.head(url).status_code == 200
