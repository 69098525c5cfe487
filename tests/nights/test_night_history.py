"""A night's change history (issue 14): what members do to a night is recorded with who and when."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from companion.models import NightChange
from companion.play.setup import create_match

pytestmark = pytest.mark.django_db


def test_a_members_edit_is_recorded_with_who_and_what(persona_client, night, member):
    persona_client("member").post(
        reverse("night_edit", args=[night.pk]),
        {"title": "Friday cards", "date": "2026-11-28", "place": "Chur", "notes": ""},
    )
    change = NightChange.objects.get(night=night)
    assert (change.user, change.action) == (member, NightChange.Action.EDITED)
    assert change.detail == {"date": ["2026-11-27", "2026-11-28"], "place": ["", "Chur"]}
    page = persona_client("owner").get(reverse("night_history", args=[night.pk])).content.decode()
    assert "member" in page and "edited the night" in page and "“” → “Chur”" in page


def test_saving_without_a_change_records_nothing(persona_client, night):
    persona_client("member").post(
        reverse("night_edit", args=[night.pk]), {"title": "Friday cards", "date": "2026-11-27"}
    )
    assert not NightChange.objects.exists()


def test_a_player_a_member_adds_is_recorded(night, member):
    create_match(night, "murlan", ["Anna", "Zora"], 0, {"target": 2, "max_target": 2}, member)
    changes = list(NightChange.objects.filter(night=night).values_list("user__username", "action", "detail"))
    assert ("member", "player", {"name": "Zora"}) in changes
    assert ("member", "player", {"name": "Anna"}) in changes  # both were new to the roster


def test_an_existing_player_is_not_recorded_again(night, member):
    create_match(night, "murlan", ["Anna", "Zora"], 0, {"target": 2, "max_target": 2}, member)
    create_match(night, "murlan", ["Anna", "Zora"], 0, {"target": 2, "max_target": 2}, member)
    assert NightChange.objects.count() == 2


@pytest.mark.parametrize(
    ("language", "before", "after", "when"),
    [
        (
            "en",
            "“none”",
            "“Anrufen: CHF\u00a00.50 per token, Free scoring: CHF\u00a00.05 per point”",
            "3 Dec 2026, 21:05",
        ),
        (
            "de",
            "«keine»",
            "«Anrufen: 0,50\u00a0CHF pro Jeton, Freie Wertung: 0,05\u00a0CHF pro Punkt»",
            "3. Dez. 2026, 21:05",
        ),
    ],
)
def test_a_price_change_is_said_in_words_with_the_games_and_money(
    persona_client, night, language, before, after, when
):
    # Issue 37: the history said "anrufen 50, counter 5" and "3 Dez 2026".
    # The owner sets what a night plays for (issue 36).
    persona_client("owner").post(
        reverse("night_edit", args=[night.pk]),
        {
            "title": night.title,
            "date": "2026-11-27",
            "currency": "CHF",
            "price_anrufen": "0.50",
            "price_counter": "0.05",
        },
    )
    change = NightChange.objects.get(night=night)
    assert change.detail["prices"] == ["", "anrufen 50, counter 5"]  # kept as before: only the words changed
    NightChange.objects.filter(pk=change.pk).update(
        at=datetime.datetime(2026, 12, 3, 20, 5, tzinfo=datetime.UTC)
    )
    page = (
        persona_client("owner")
        .get(reverse("night_history", args=[night.pk]), headers={"accept-language": language})
        .content.decode()
    )
    assert f"{before} → {after}" in page
    assert when in page
    assert "anrufen 50" not in page
