"""The scoreboard and round entry, shown with Murlan (the other games' forms have their own files)."""

import re

import pytest
from django.urls import reverse

from companion.models import Match, Round, RoundChange
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]


@pytest.fixture
def murlan(night):
    return MatchFactory(night=night, game="murlan", names=ABCD)


def order_post(number, *seats):
    """Form data for a Murlan hand: seat indexes in finishing order."""
    return {"number": number, **{f"place_{place}": seat for place, seat in enumerate(seats)}}


def add_hand(client, match, number, *seats, htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("round_add", args=[match.pk]), order_post(number, *seats), **headers)


@pytest.mark.parametrize(("persona", "status"), [("owner", 200), ("member", 200), ("outsider", 404)])
def test_the_scoreboard_is_for_the_nights_people(persona_client, murlan, persona, status):
    assert persona_client(persona).get(murlan.get_absolute_url()).status_code == status


@pytest.mark.parametrize("persona", ["outsider", "anonymous"])
def test_outsiders_cannot_enter_undo_or_edit(persona_client, murlan, persona):
    client = persona_client(persona)
    Round.objects.create(match=murlan, number=1, entry={"order": ABCD})
    assert add_hand(client, murlan, 2, 0, 1, 2, 3).status_code in {302, 404}
    assert client.post(reverse("round_undo", args=[murlan.pk]), {"number": 1}).status_code in {302, 404}
    assert client.get(reverse("round_edit", args=[murlan.pk, 1])).status_code in {302, 404}
    assert Round.objects.filter(match=murlan).count() == 1


def test_a_member_enters_a_hand_and_the_page_shows_the_new_totals(persona_client, murlan, member):
    client = persona_client("member")
    response = add_hand(client, murlan, 1, 2, 0, 1, 3)  # Cla, Anna, Beat, Dora
    assert response.status_code == 302
    stored = Round.objects.get(match=murlan)
    assert stored.entry == {"order": ["Cla", "Anna", "Beat", "Dora"]}
    assert stored.entered_by == member
    page = client.get(murlan.get_absolute_url()).content.decode()
    assert 'data-player="Cla">3<' in page and 'data-player="Anna">2<' in page
    assert "Dora gives the highest card to Cla" in page


def test_htmx_gets_only_the_scoreboard_fragment(persona_client, murlan):
    response = add_hand(persona_client("owner"), murlan, 1, 0, 1, 2, 3, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="scoreboard"')
    assert "<html" not in html
    assert 'name="number" value="2"' in html


def test_an_invalid_hand_shows_the_engines_message_keeps_the_entry_and_stores_nothing(persona_client, murlan):
    response = add_hand(persona_client("owner"), murlan, 1, 0, 0, 2, 3, htmx=True)
    html = response.content.decode()
    assert "Hand 1: Anna appears twice in the order" in html
    assert '<option value="2" selected>Cla</option>' in html
    assert not Round.objects.exists()


def test_a_double_tap_stores_the_hand_once(persona_client, murlan):
    client = persona_client("owner")
    add_hand(client, murlan, 1, 0, 1, 2, 3)
    response = add_hand(client, murlan, 1, 0, 1, 2, 3, htmx=True)
    assert Round.objects.filter(match=murlan).count() == 1
    assert "Round 1 was already saved" in response.content.decode()


def test_undo_removes_the_last_hand_once_and_logs_it(persona_client, murlan, owner):
    client = persona_client("owner")
    add_hand(client, murlan, 1, 0, 1, 2, 3)
    add_hand(client, murlan, 2, 1, 0, 2, 3)
    client.post(reverse("round_undo", args=[murlan.pk]), {"number": 2})
    client.post(reverse("round_undo", args=[murlan.pk]), {"number": 2})  # the second tap
    assert list(Round.objects.filter(match=murlan).values_list("number", flat=True)) == [1]
    undone = RoundChange.objects.get(match=murlan, action="undone")
    assert undone.before == {"order": ["Beat", "Anna", "Cla", "Dora"]} and undone.user == owner


def test_editing_the_last_hand_needs_no_confirmation(persona_client, murlan):
    client = persona_client("owner")
    add_hand(client, murlan, 1, 0, 1, 2, 3)
    response = client.post(reverse("round_edit", args=[murlan.pk, 1]), order_post(1, 3, 2, 1, 0))
    assert response.status_code == 302
    assert Round.objects.get(match=murlan).entry == {"order": ["Dora", "Cla", "Beat", "Anna"]}
    change = RoundChange.objects.get(action="edited")
    assert change.before == {"order": ABCD} and change.after == {"order": ["Dora", "Cla", "Beat", "Anna"]}


def test_editing_an_earlier_hand_asks_first_and_then_recomputes(persona_client, murlan):
    client = persona_client("owner")
    add_hand(client, murlan, 1, 0, 1, 2, 3)
    add_hand(client, murlan, 2, 0, 1, 2, 3)
    url = reverse("round_edit", args=[murlan.pk, 1])
    preview = client.post(url, order_post(1, 3, 2, 1, 0))
    assert preview.status_code == 200
    assert "Change hand 1?" in preview.content.decode()
    assert Round.objects.get(match=murlan, number=1).entry == {"order": ABCD}
    client.post(url, {**order_post(1, 3, 2, 1, 0), "confirmed": "yes"})
    assert Round.objects.get(match=murlan, number=1).entry == {"order": ["Dora", "Cla", "Beat", "Anna"]}
    seats = {s.player.name: s.total for s in Match.objects.get(pk=murlan.pk).seats.select_related("player")}
    assert seats == {"Anna": 3, "Beat": 3, "Cla": 3, "Dora": 3}


def test_an_edit_that_breaks_a_later_hand_is_refused(persona_client, murlan):
    client = persona_client("owner")
    for number in range(1, 7):
        add_hand(client, murlan, number, 1, 0, 2, 3)  # Beat 18, Anna 12, Cla 6, Dora 0
    add_hand(client, murlan, 7, 0, 2, 3, 1)  # Anna 15, Beat 18
    add_hand(client, murlan, 8, 0, 2, 3, 1)  # Anna 18, Beat 18: nobody at 21 yet
    # Beat first in hand 7 would make him 21 alone: the match ends there, so hand 8 cannot be.
    response = client.post(
        reverse("round_edit", args=[murlan.pk, 7]), {**order_post(7, 1, 0, 2, 3), "confirmed": "yes"}
    )
    assert (
        "With this change the match is over after hand 7, so hand 8 and the hands after it could not "
        "have been played. Undo the later hands first, or change the entry."
    ) in response.content.decode()
    assert Round.objects.get(match=murlan, number=7).entry["order"][0] == "Anna"


def test_the_refused_edit_is_explained_in_german_too(persona_client, murlan):
    client = persona_client("owner")
    for number in range(1, 7):
        add_hand(client, murlan, number, 1, 0, 2, 3)
    add_hand(client, murlan, 7, 0, 2, 3, 1)
    add_hand(client, murlan, 8, 0, 2, 3, 1)
    client.cookies["django_language"] = "de"
    response = client.post(
        reverse("round_edit", args=[murlan.pk, 7]), {**order_post(7, 1, 0, 2, 3), "confirmed": "yes"}
    )
    html = response.content.decode()
    assert "Mit dieser Änderung ist die Partie nach Runde 7 vorbei" in html
    assert "round 8" not in html and "hand 8" not in html


def test_the_winner_is_announced_and_entry_closes(persona_client, murlan):
    client = persona_client("owner")
    for number in range(1, 8):
        add_hand(client, murlan, number, 1, 0, 2, 3)
    page = client.get(murlan.get_absolute_url()).content.decode()
    assert "Beat wins!" in page
    assert f'action="{reverse("round_add", args=[murlan.pk])}"' not in page
    assert "Rematch, same seats" in page
    response = add_hand(client, murlan, 8, 1, 0, 2, 3, htmx=True)
    assert "The match is over" in response.content.decode()
    assert Round.objects.filter(match=murlan).count() == 7


def test_a_rematch_keeps_the_seats_and_moves_the_first_deal_on(persona_client, murlan):
    client = persona_client("owner")
    for number in range(1, 8):
        add_hand(client, murlan, number, 1, 0, 2, 3)
    response = client.post(reverse("match_rematch", args=[murlan.pk]))
    rematch = Match.objects.exclude(pk=murlan.pk).get()
    assert response["Location"] == rematch.get_absolute_url()
    assert [s.player.name for s in rematch.seats.order_by("position")] == ABCD
    assert rematch.first_dealer == 1 and rematch.game == "murlan"


def test_the_scoreboard_costs_the_same_queries_with_many_rounds(
    persona_client, murlan, django_assert_num_queries
):
    client = persona_client("owner")
    add_hand(client, murlan, 1, 0, 1, 2, 3)
    url = murlan.get_absolute_url()
    with django_assert_num_queries(5):  # session, user, match, seats, rounds
        client.get(url)
    for number in range(2, 7):
        add_hand(client, murlan, number, number % 4, (number + 1) % 4, (number + 2) % 4, (number + 3) % 4)
    with django_assert_num_queries(5):
        client.get(url)


def test_the_history_lists_every_change(persona_client, murlan):
    client = persona_client("owner")
    add_hand(client, murlan, 1, 0, 1, 2, 3)
    client.post(reverse("round_undo", args=[murlan.pk]), {"number": 1})
    page = client.get(reverse("match_history", args=[murlan.pk])).content.decode()
    assert "Hand 1 added" in page and "Hand 1 undone" in page


# --- table mode: restore after undo, the saved-round announcement, the shared result ---


def restore(client, match, number, htmx=True):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("round_restore", args=[match.pk]), {"number": number}, **headers)


def test_an_undone_hand_is_offered_back_and_restored_exactly(persona_client, murlan, owner):
    client = persona_client("owner")
    add_hand(client, murlan, 1, 0, 1, 2, 3)
    add_hand(client, murlan, 2, 1, 0, 2, 3)
    undo = client.post(reverse("round_undo", args=[murlan.pk]), {"number": 2}, HTTP_HX_REQUEST="true")
    assert "Restore hand 2" in undo.content.decode()
    response = restore(client, murlan, 2)
    page = response.content.decode()
    assert response.status_code == 200 and "Hand 2 is back." in page
    assert 'data-saved="2"' in page and "Hand 2 saved. Anna 5, Beat 5, Cla 2, Dora 0." in page
    assert Round.objects.get(match=murlan, number=2).entry == {"order": ["Beat", "Anna", "Cla", "Dora"]}
    last = RoundChange.objects.filter(match=murlan).order_by("-at", "-pk").first()
    assert (last.action, last.number, last.after, last.user) == (
        "added",
        2,
        {"order": ["Beat", "Anna", "Cla", "Dora"]},
        owner,
    )


def test_a_round_cannot_be_restored_twice_or_after_the_match_moved_on(persona_client, murlan):
    client = persona_client("owner")
    add_hand(client, murlan, 1, 0, 1, 2, 3)
    client.post(reverse("round_undo", args=[murlan.pk]), {"number": 1})
    restore(client, murlan, 1)
    second = restore(client, murlan, 1)  # a second tap
    assert "can no longer be restored" in second.content.decode()
    assert Round.objects.filter(match=murlan).count() == 1
    # Undo, then a new hand is saved: the undone one is not put back over it.
    client.post(reverse("round_undo", args=[murlan.pk]), {"number": 1})
    add_hand(client, murlan, 1, 3, 2, 1, 0)
    late = restore(client, murlan, 1, htmx=False)
    assert late.status_code == 302
    assert Round.objects.get(match=murlan).entry == {"order": ["Dora", "Cla", "Beat", "Anna"]}


def test_restoring_nothing_or_garbage_changes_nothing(persona_client, murlan):
    client = persona_client("owner")
    for number in ("", "x", "0", "99"):
        response = client.post(
            reverse("round_restore", args=[murlan.pk]), {"number": number}, HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 200 and "can no longer be restored" in response.content.decode()
    assert not Round.objects.filter(match=murlan).exists()


def test_the_finished_match_offers_its_result_to_share(persona_client, murlan):
    murlan.night.title = "Jassabend bei Chläus"
    murlan.night.save()
    client = persona_client("owner")
    for number in range(1, 8):
        add_hand(client, murlan, number, 1, 0, 2, 3)
    page = client.get(murlan.get_absolute_url()).content.decode()
    assert (
        'data-share-text="Murlan, Jassabend bei Chläus: Beat wins — Beat 21 · Anna 14 · Cla 7 · Dora 0"'
        in page
    )


def test_an_edit_that_breaks_a_later_hand_names_that_hand_once(persona_client, night):
    from tests.factories import play_match

    # Free scoring to 50: Anna reaches it in round 2; changing round 1 to 60 ends the match there.
    match = play_match(
        night,
        "counter",
        ["Anna", "Beat"],
        [{"points": {"Anna": 10}}, {"points": {"Anna": 45}}],
        options={"target": 50},
    )
    client = persona_client("owner")
    response = client.post(
        reverse("round_edit", args=[match.pk, 1]),
        {"number": 1, "points_0": "60", "points_1": "0", "confirmed": "yes"},
    )
    html = response.content.decode()
    assert "With this change the match is over after round 1, so round 2" in html


def test_a_later_rounds_error_after_an_edit_is_said_as_the_changes_consequence():
    from companion.play.views import edit_error_text
    from scoring.base import gettext_noop, round_error

    later = round_error(5, "counter.no_points", gettext_noop("the points are missing"))
    assert edit_error_text(later, 3) == "With this change round 5 no longer fits: the points are missing"
    assert edit_error_text(round_error(3, "x", gettext_noop("the points are missing")), 3) == (
        "Round 3: the points are missing"
    )


def test_the_keyboard_shrinks_the_page_so_the_sticky_save_stays_above_it(persona_client, murlan):
    """Android's Chrome and Firefox keep the page's height when the keyboard opens unless told
    otherwise: the sticky Save bar then sat behind the keyboard, below what a person can see."""
    page = persona_client("owner").get(murlan.get_absolute_url()).content.decode()
    viewport = re.search(r'<meta name="viewport" content="([^"]+)">', page).group(1)
    assert "interactive-widget=resizes-content" in viewport
