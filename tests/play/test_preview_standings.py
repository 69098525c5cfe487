"""Save shows the new standings at the tap: the live preview of a new round sends them.

The standing cards a preview sends (``standings``) are painted by js/match.js when Save
is tapped, before the save's answer comes; the answer then puts its own cards in. These
tests play every game's worked examples round by round through the preview and Save, and
check that the preview's cards are exactly the cards of Save's answer, in English and
German, so the tap never shows what the save then corrects.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from companion.games import registry
from companion.games.elfer.examples import MATCH as ELFER_MATCH
from companion.models import Match
from companion.play.setup import create_match
from tests.play.test_round_preview import posted

pytestmark = pytest.mark.django_db

EXAMPLES = [
    (key, example) for key, game in registry.GAMES.items() for example in game.examples if not example.closed
]
EXAMPLES.append(("elfer", ELFER_MATCH))  # a whole match, bonus cards and all
CARDS = re.compile(r'<ol class="standings .*?</ol>', re.S)


def cards_in(html: str) -> str:
    found = CARDS.findall(html)
    assert len(found) == 1, "one list of standing cards"
    return found[0]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(("game", "example"), EXAMPLES, ids=lambda value: getattr(value, "key", value))
def test_the_previewed_standings_are_the_saved_ones(persona_client, night, owner, game, example, language):
    match = create_match(night, game, list(example.players), 0, dict(example.options), owner)
    client = persona_client("member")
    form = registry.get(game).entry_form
    previewed = 0
    with translation.override(language):
        for number, entry in enumerate(example.rounds, start=1):
            data = {**posted(form.initial_from_entry(entry, list(example.players))), "number": str(number)}
            answer = client.post(
                reverse("round_preview", args=[match.pk]), data, HTTP_ACCEPT_LANGUAGE=language
            ).json()
            assert answer["ok"], (number, answer)
            version = Match.objects.get(pk=match.pk).version
            saved = client.post(
                reverse("round_add", args=[match.pk]),
                {**data, "seen": version},
                HTTP_HX_REQUEST="true",
                HTTP_ACCEPT_LANGUAGE=language,
            )
            assert saved["Companion-Round"] == "saved"
            assert cards_in(answer["standings"]) == cards_in(saved.content.decode()), (number, language)
            previewed += 1
    assert previewed == len(example.rounds)


def test_a_preview_of_a_stored_round_sends_no_standings(persona_client, night, owner):
    """Editing a round shows its changes elsewhere (the edit page), not the table's standings."""
    match = create_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], 0, {}, owner)
    client = persona_client("member")
    deal = {"points_0": "90", "points_1": "9", "points_2": "34", "points_3": "24"}
    client.post(reverse("round_add", args=[match.pk]), {**deal, "number": "1"})
    edit = client.post(reverse("round_preview", args=[match.pk]), {**deal, "number": "1"}).json()
    new = client.post(reverse("round_preview", args=[match.pk]), {**deal, "number": "2"}).json()
    assert edit["ok"] and "standings" not in edit
    assert new["ok"] and "standings-compact" in new["standings"]
