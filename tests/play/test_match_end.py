"""Ending a match here: every game can end by the table's decision (open-ended) or stop early (fixed).

The table is asked first (who would win with the totals now); the match is then
finished, the best totals win, the history says who ended it after which round,
statistics count it, the night says so, and "Resume" takes it back. Exported as
the match file's ``ended`` and imported back exactly.
"""

from __future__ import annotations

import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from companion.access import Viewer
from companion.games import registry
from companion.models import GameNight, Match, RoundChange
from companion.play.rounds import RoundConflict, end_match
from companion.play.setup import create_match
from companion.review.stats import player_games
from companion.standings import standings
from scoring.registry import ENGINES
from tests.factories import enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]


def opening_rounds(game: str, names, count: int = 2):
    """The first rounds of a demo match of ``game``: valid by the rules, the match not yet over."""
    parts = registry.get(game)
    engine = ENGINES[game]
    rng = random.Random(11)
    options = engine.clean_options(names, {**parts.demo.options(rng), "first_dealer": names[0]})
    options.pop("first_dealer")
    for _ in range(50):
        rounds, _closed = parts.demo.play(
            rng, names, {**options, "first_dealer": names[0]}, dict.fromkeys(names, 1.0)
        )
        if len(rounds) > count:
            return options, rounds[:count]
    raise AssertionError(f"{game}: no demo match longer than {count} rounds")


def started(night, game, user, count: int = 2) -> Match:
    engine = ENGINES[game]
    names = ABCD[: max(engine.min_players, min(4, engine.max_players))]
    options, rounds = opening_rounds(game, names, count)
    match = create_match(night, game, names, 0, options, user)
    for number, entry in enumerate(rounds, start=1):
        enter_round(match, entry, number=number, user=user)
    return Match.objects.with_standings().get(pk=match.pk)


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_every_game_can_end_here_after_a_question_naming_the_winners(persona_client, night, owner, game):
    match = started(night, game, owner)
    client = persona_client("member")
    page = client.get(match.get_absolute_url()).content.decode()
    assert reverse("match_close", args=[match.pk]) in page

    asked = client.get(reverse("match_close", args=[match.pk]))
    assert asked.status_code == 200
    expected = set_free_winners(match)
    question = asked.content.decode().split('id="end-winners"')[1].split("</p>")[0]
    if len(expected) == len(match.seats.all()):
        assert "Everybody shares the win." in question
    else:
        assert all(name in question for name in expected)
        assert not any(
            seat.player.name in question for seat in match.seats.all() if seat.player.name not in expected
        )
    match.refresh_from_db()
    assert not match.closed, "asking changes nothing"

    response = client.post(reverse("match_close", args=[match.pk]))
    assert response.status_code == 302
    match = Match.objects.with_standings().get(pk=match.pk)
    result = standings(match)
    assert match.closed and match.is_finished and result.finished
    assert set(result.winners) == set(expected)
    assert match.seats.filter(won=True).count() == len(expected)


def set_free_winners(match: Match) -> tuple[str, ...]:
    """Who the engine says wins if the table ends the match now."""
    from companion.standings import match_file

    return match_file(match).score(closed=True).winners


def test_a_fixed_game_is_stopped_early_and_resumed(persona_client, night, owner):
    match = started(night, "molotow", owner)
    client = persona_client("owner")
    asked = client.get(reverse("match_close", args=[match.pk])).content.decode()
    assert "Stop the match early?" in asked
    client.post(reverse("match_close", args=[match.pk]))
    page = client.get(match.get_absolute_url()).content.decode()
    assert "The table ended this match here." in page
    assert "Resume" in page
    assert "save-round" not in page, "no entry form once ended"

    client.post(reverse("match_reopen", args=[match.pk]))
    match = Match.objects.with_standings().get(pk=match.pk)
    assert not match.closed and not match.is_finished
    page = client.get(match.get_absolute_url()).content.decode()
    assert "save-round" in page

    history = client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "Match ended by the table after round 2" in history
    assert "Match resumed after round 2" in history
    assert list(RoundChange.objects.filter(match=match).values_list("action", flat=True).order_by("pk")) == [
        "added",
        "added",
        "ended",
        "resumed",
    ]


def test_an_ended_match_counts_in_the_statistics_and_the_night_says_so(persona_client, night, owner):
    match = started(night, "murlan", owner)
    assert not player_games(match.seats.get(position=0).player)
    end_match(Viewer(owner), match.pk)
    anna = match.seats.get(position=0).player
    (line,) = player_games(anna)
    assert (line.game, line.played) == ("murlan", 1)
    page = persona_client("owner").get(night.get_absolute_url()).content.decode()
    assert "ended by the table" in page


def test_nothing_to_end_before_the_first_round_or_after_the_end(persona_client, night, owner):
    match = create_match(night, "molotow", ABCD, 0, {"rounds": 1}, owner)
    with pytest.raises(RoundConflict):
        end_match(Viewer(owner), match.pk)
    response = persona_client("owner").get(reverse("match_close", args=[match.pk]))
    assert response.status_code == 302
    enter_round(match, {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}, number=1, user=owner)
    with pytest.raises(RoundConflict):
        end_match(Viewer(owner), match.pk)  # over by its own rules
    persona_client("owner").post(reverse("match_close", args=[match.pk]))
    match.refresh_from_db()
    assert not match.closed
    assert not RoundChange.objects.filter(match=match, action="ended").exists()


def test_a_second_tap_on_end_or_resume_changes_nothing(persona_client, night, owner):
    match = started(night, "anrufen", owner)
    client = persona_client("owner")
    client.post(reverse("match_close", args=[match.pk]))
    client.post(reverse("match_close", args=[match.pk]))
    assert RoundChange.objects.filter(match=match, action="ended").count() == 1
    client.post(reverse("match_reopen", args=[match.pk]))
    client.post(reverse("match_reopen", args=[match.pk]))
    assert RoundChange.objects.filter(match=match, action="resumed").count() == 1


def upload(client, content: bytes):
    file = SimpleUploadedFile("night.json", content, content_type="application/json")
    return client.post(reverse("night_import"), {"file": file})


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_an_ended_match_of_every_game_exports_imports_and_exports_the_same(
    persona_client, night, owner, game
):
    match = started(night, game, owner)
    end_match(Viewer(owner), match.pk)
    started(night, game, owner, count=1)  # a second match of the game, still in play
    exported = persona_client("owner").get(reverse("night_export_json", args=[night.pk])).content
    matches = json.loads(exported)["matches"]
    assert [m.get("ended", False) for m in matches] == [True, False]

    client = persona_client("outsider")
    upload(client, exported)
    new_night = GameNight.objects.exclude(pk=night.pk).get()
    first, second = new_night.matches.in_playing_order()
    assert (first.closed, first.is_finished, second.closed, second.is_finished) == (True, True, False, False)
    again = client.get(reverse("night_export_json", args=[new_night.pk])).content
    assert again == exported


def test_an_ended_match_offers_no_undo_until_it_is_resumed(persona_client, night, owner):
    match = started(night, "molotow", owner)
    client = persona_client("owner")
    undo = reverse("round_undo", args=[match.pk])
    client.post(reverse("match_close", args=[match.pk]))
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Resume" in page and undo not in page and "Undo round 2" not in page

    client.post(reverse("match_reopen", args=[match.pk]))
    page = client.get(match.get_absolute_url()).content.decode()
    assert undo in page and "Undo round 2" in page


@pytest.mark.parametrize("htmx", [True, False])
def test_an_undo_from_a_page_opened_before_the_end_changes_nothing_and_says_why(
    persona_client, night, owner, htmx
):
    match = started(night, "elfer", owner)
    client = persona_client("member")
    end_match(Viewer(owner), match.pk)  # meanwhile, on another phone
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(reverse("round_undo", args=[match.pk]), {"number": 2}, follow=not htmx, **headers)
    assert "The table ended this match. To undo, resume it first." in response.content.decode()
    match = Match.objects.with_standings().get(pk=match.pk)
    assert match.closed and len(match.rounds.all()) == 2
    assert not RoundChange.objects.filter(match=match, action="undone").exists()
