"""A night's change history (issue 14): what members do to a night is recorded with who and when."""

from __future__ import annotations

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
