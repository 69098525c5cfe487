"""What an entry form shows beside its fields as it is typed is the engine's, answered by the preview.

Elfer raus!'s score beside each hand and Molotow's draw choice were once computed by the games'
scripts with rules of their own; now the preview answers them (``live``: ``Game.live``) and the
scripts only show it. These tests hold that answer against the engine itself, so a formula that
differs from the engine's fails here.
"""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from django.utils import translation

from companion.games.elfer.entry import ElferEntryForm
from companion.play.setup import create_match
from companion.standings import standings
from scoring.base import ScoringError

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]


@pytest.fixture(autouse=True)
def in_english():
    with translation.override("en"):
        yield


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "\N{MINUS SIGN}")


def elfer_game(rng: random.Random) -> tuple[dict[str, str], dict]:
    """A game's end as the form posts it (one player out) and as the engine stores it."""
    values = [value for value in range(1, 21 + 1) if value != 11] * 4
    rng.shuffle(values)
    out = rng.randrange(4)
    data: dict[str, str] = {"number": "1"}
    entry: dict = {"bonus": {}, "cards": {}, "jokers": {}}
    jokers_left, bonus_left = 4, 7
    for seat, name in enumerate(ABCD):
        bonus = rng.randint(0, min(2, bonus_left))
        bonus_left -= bonus
        data[f"bonus_{seat}"] = str(bonus)
        entry["bonus"][name] = bonus
        if seat == out:
            continue  # the locked fields of the one who went out are not sent
        hand = [values.pop() for _ in range(rng.randint(0, 5))]
        jokers = rng.randint(0, min(1, jokers_left)) if hand else 1
        jokers_left -= jokers
        data[f"cards_{seat}"] = rng.choice([" ", ", ", ".", ","]).join(map(str, hand))
        data[f"jokers_{seat}"] = str(jokers)
        entry["cards"][name] = hand
        entry["jokers"][name] = jokers
    return data, entry


def test_the_score_beside_each_elfer_hand_is_the_engines_for_forty_games(persona_client, night, owner):
    match = create_match(night, "elfer", ABCD, 0, {}, owner)
    url = reverse("round_preview", args=[match.pk])
    client = persona_client("owner")
    rng = random.Random("elfer-live")
    for _ in range(40):
        data, entry = elfer_game(rng)
        answer = client.post(url, data).json()
        scored = standings(match, [entry]).rounds[0].deltas
        assert answer["live"]["scores"] == [signed(scored[name]) for name in ABCD], data
        assert answer["ok"] is True and answer["deltas"] == [[name, scored[name]] for name in ABCD]


def test_an_elfer_hand_half_typed_still_gets_its_score_and_no_card_gets_a_question_mark(
    persona_client, night, owner
):
    match = create_match(night, "elfer", ABCD, 0, {}, owner)
    url = reverse("round_preview", args=[match.pk])
    # Nobody went out yet: Save would refuse, the live scores are there all the same.
    typed = {"number": "1", "cards_0": "3 17 21 5 9", "bonus_1": "2", "jokers_1": "1", "cards_2": "3 J"}
    typed["cards_3"] = "1" * 31
    answer = persona_client("owner").post(url, typed).json()
    assert answer["ok"] is False
    assert answer["live"] == {
        "scores": ["\N{MINUS SIGN}55", "+11", "?", "?"],
        "sums": "Bonus cards given out: 2 of 7 · jokers held: 1 of 4",
    }


def test_the_elfer_form_opens_with_the_scores_of_the_boards_bonus_cards(night, owner):
    form = ElferEntryForm(players=ABCD, options={}, board=None, initial={"bonus_1": 2})
    assert [player.score for player in form.player_fields()] == ["0", "+22", "0", "0"]
    assert form.live()["sums"] == "Bonus cards given out: 2 of 7 · jokers held: 0 of 4"


def test_the_molotow_draw_is_offered_to_exactly_the_players_the_engine_lets_draw(
    persona_client, night, owner
):
    match = create_match(night, "molotow", ABCD, 0, {}, owner)
    url = reverse("round_preview", args=[match.pk])
    client = persona_client("owner")
    rng = random.Random("molotow-live")
    offered = 0
    for _ in range(80):
        points = [rng.choice([40, 40, 37, 30, 20, 100, 0]) for _ in range(3)]
        points.append(rng.choice([157 - sum(points), 37, 40]))
        points = [max(0, value) for value in points]
        data = {"number": "1", **{f"points_{seat}": str(value) for seat, value in enumerate(points)}}
        tied = client.post(url, data).json()["live"]["tied"]
        try:
            standings(match, [{"points": dict(zip(ABCD, points, strict=True))}])
            needed = []
        except ScoringError as error:
            needed = error.params["tied"] if error.code == "molotow.draw_needed" else None
        if needed is None:  # another rule refuses (the sum): the engine's tie rule alone decides
            continue
        assert [ABCD[seat] for seat in tied] == ([name for name in ABCD if name in needed]), points
        offered += bool(tied)
    assert offered > 2, "the sample holds three-way ties"


@pytest.mark.parametrize(
    "points",
    [
        {"points_0": "40", "points_1": "40", "points_2": "40"},  # one field empty
        {"points_0": "40", "points_1": "40", "points_2": "40", "points_3": "90.5"},
        {"points_0": "104", "points_1": "20", "points_2": "20", "points_3": "20"},  # 100 or more: no draw
    ],
)
def test_no_draw_is_offered_before_every_field_is_a_number_or_once_somebody_reaches_100(
    persona_client, night, owner, points
):
    match = create_match(night, "molotow", ABCD, 0, {}, owner)
    answer = persona_client("owner").post(
        reverse("round_preview", args=[match.pk]), {"number": "1", **points}
    )
    assert answer.json()["live"] == {"tied": []}
