"""A match's version is new at every change a scoreboard shows, set where the change is made.

Saving a match row is not itself a change: the round services, the end of a match and its
undoing, and the Elfer raus! bonus board each give the match its new version, and the live
channel announces each of them to the open pages.
"""

import pytest
from django.urls import reverse

from companion.access import Viewer
from companion.models import Match
from companion.play import rounds as round_service
from tests.factories import MatchFactory, enter_round

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
DEAL = {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}}
OTHER = {"points": {"Anna": 9, "Beat": 90, "Cla": 34, "Dora": 24}}


def version(match):
    return Match.objects.values_list("version", flat=True).get(pk=match.pk)


@pytest.fixture
def molotow(night):
    return MatchFactory(night=night, game="molotow", names=ABCD)


def test_saving_a_match_row_keeps_its_version(molotow):
    before = version(molotow)
    molotow.notes = "Chläus brought the cards"
    molotow.save()
    assert version(molotow) == before


@pytest.mark.parametrize(
    "change",
    [
        lambda match, user: enter_round(match, DEAL, number=2, user=user),
        lambda match, user: round_service.edit_entry(Viewer(user), match.pk, 1, OTHER),
        lambda match, user: round_service.undo_last(Viewer(user), match.pk, 1),
        lambda match, user: round_service.end_match(Viewer(user), match.pk),
    ],
    ids=["add", "edit", "undo", "end"],
)
def test_every_change_of_the_rounds_or_the_end_gives_a_new_version(molotow, owner, change):
    enter_round(molotow, DEAL, number=1, user=owner)
    before = version(molotow)
    change(molotow, owner)
    assert version(molotow) != before


def test_a_tap_on_the_elfer_bonus_board_gives_a_new_version(persona_client, night):
    elfer = MatchFactory(night=night, game="elfer", names=ABCD)
    before = version(elfer)
    data = {"colour": "red", "side": "low", "player": 0}
    client = persona_client("owner")
    client.post(reverse("elfer_board_complete", args=[elfer.pk]), data, HTTP_HX_REQUEST="true")
    assert Match.objects.get(pk=elfer.pk).game_state is not None
    assert version(elfer) != before


def test_a_changed_match_in_the_admin_gets_a_new_version(client, molotow, admin_user):
    client.force_login(admin_user)
    before = version(molotow)
    url = reverse("admin:companion_match_change", args=[molotow.pk])
    form = client.get(url).context["adminform"].form
    data = {key: value for key, value in form.initial.items() if value is not None}
    data.update(
        night=molotow.night_id, started_at_0="2026-11-27", started_at_1="20:00:00", notes="late start"
    )
    for prefix in ("seats", "rounds"):
        data.update({f"{prefix}-TOTAL_FORMS": 0, f"{prefix}-INITIAL_FORMS": 0})
    client.post(url, data)
    assert Match.objects.get(pk=molotow.pk).notes == "late start"
    assert version(molotow) != before
