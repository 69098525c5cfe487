"""A save and a live preview each fold the match once; stored seats are replayed, not checked again.

The standings a save starts from are kept under the match's version (``companion.standings.current``):
the page, its preview or the save before put them there, so the save folds only the rounds with the
new one. The engine's public entry points (``Engine.score``, ``Engine.replay``) are counted.
"""

from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from companion import standings
from companion.models import Match
from scoring import names
from scoring.base import Engine
from scoring.matchfile import MatchFile
from tests.factories import MatchFactory, enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
HTMX = {"HTTP_HX_REQUEST": "true"}
POINTS = {"points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}


@pytest.fixture
def molotow(night, owner):
    match = MatchFactory(night=night, game="molotow", names=ABCD)
    for number in range(1, 5):
        entry = {"points": dict(zip(ABCD, (90, 9, 34, 24), strict=True))}
        enter_round(match, entry, number=number, user=owner)
    return match


def folds():
    """Counts every fold through the engine's public entry points."""
    score = mock.patch.object(Engine, "score", autospec=True, side_effect=Engine.score)
    replay = mock.patch.object(Engine, "replay", autospec=True, side_effect=Engine.replay)
    return score, replay


def counted(call):
    score, replay = folds()
    with score as scored, replay as replayed:
        response = call()
    return response, scored.call_count + replayed.call_count


def test_a_save_folds_the_match_once(persona_client, molotow):
    client = persona_client("owner")
    client.get(reverse("match_detail", args=[molotow.pk]))
    seen = Match.objects.get(pk=molotow.pk).version
    response, count = counted(
        lambda: client.post(
            reverse("round_add", args=[molotow.pk]), {"number": 5, "seen": seen, **POINTS}, **HTMX
        )
    )
    assert response["Companion-Round"] == "saved"
    assert count == 1


def test_saves_in_a_row_each_fold_the_match_once(persona_client, molotow):
    client = persona_client("owner")
    client.get(reverse("match_detail", args=[molotow.pk]))
    for number in (5, 6, 7):
        seen = Match.objects.get(pk=molotow.pk).version
        response, count = counted(
            lambda number=number, seen=seen: client.post(
                reverse("round_add", args=[molotow.pk]), {"number": number, "seen": seen, **POINTS}, **HTMX
            )
        )
        assert (response["Companion-Round"], count) == ("saved", 1)


def test_a_preview_folds_the_match_once(persona_client, molotow):
    client = persona_client("owner")
    client.get(reverse("match_detail", args=[molotow.pk]))
    response, count = counted(
        lambda: client.post(reverse("round_preview", args=[molotow.pk]), {"number": 5, **POINTS})
    )
    assert response.json()["ok"] is True
    assert count == 1


def test_a_save_after_its_preview_folds_the_match_once_more(persona_client, molotow):
    client = persona_client("owner")
    client.post(reverse("round_preview", args=[molotow.pk]), {"number": 5, **POINTS})
    response, count = counted(
        lambda: client.post(reverse("round_add", args=[molotow.pk]), {"number": 5, **POINTS}, **HTMX)
    )
    assert (response["Companion-Round"], count) == ("saved", 1)


def test_a_save_does_not_check_the_seated_names_again(persona_client, molotow):
    client = persona_client("owner")
    with mock.patch("scoring.base.check_seating", wraps=names.check_seating) as checked:
        response = client.post(reverse("round_add", args=[molotow.pk]), {"number": 5, **POINTS}, **HTMX)
    assert response["Companion-Round"] == "saved"
    assert checked.call_count == 0


def test_the_standings_kept_under_a_version_are_the_fold_of_that_version(molotow):
    match = Match.objects.with_standings().get(pk=molotow.pk)
    assert (
        standings.current(match)
        == MatchFile("molotow", ABCD, {"first_dealer": "Anna"}, [r.entry for r in match.rounds.all()]).score()
    )


@pytest.mark.parametrize(
    ("game", "players", "rounds"),
    [
        ("molotow", ABCD, [{"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}]),
        ("murlan", ["Anna", "Beat", "Cla"], [{"order": ["Cla", "Anna", "Beat"]}]),
        ("molotow", ABCD, [{"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 25}}]),
    ],
)
def test_a_replay_says_what_a_score_says(game, players, rounds):
    match_file = MatchFile(game, players, {}, rounds)
    try:
        expected = match_file.score()
    except Exception as error:  # the same refusal, word for word
        with pytest.raises(type(error)) as replayed:
            match_file.replay()
        assert str(replayed.value) == str(error)
    else:
        assert match_file.replay() == expected


def test_a_save_is_one_transaction_with_no_block_inside(persona_client, molotow):
    client = persona_client("owner")
    with CaptureQueriesContext(connection) as captured:
        response = client.post(reverse("round_add", args=[molotow.pk]), {"number": 5, **POINTS}, **HTMX)
    assert response["Companion-Round"] == "saved"
    # The test runs in a transaction of its own, so the save's one block is a savepoint here.
    savepoints = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SAVEPOINT")]
    assert len(savepoints) == 1
