"""A save that another phone's change overtook: the entry is kept, and only an explicit choice stores it.

Two phones at one table may enter the same deal. The second Save is refused (its round's number is
taken); the answer keeps the entry as typed under that number, and Save again is refused again. "Save
mine as hand N" stores it as the next hand, once; "Drop mine" shows the match as it is.
"""

import re

import pytest
from django.urls import reverse

from companion.models import Match, Round
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

ABCD = ["Anna", "Beat", "Cla", "Dora"]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def murlan(night):
    return MatchFactory(night=night, game="murlan", names=ABCD)


def version(match):
    return Match.objects.get(pk=match.pk).version


def hand(number, *seats, **more):
    """A Murlan hand as the page's form sends it: seat indexes in finishing order."""
    return {"number": number, **{f"place_{place}": seat for place, seat in enumerate(seats)}, **more}


def save(client, match, data):
    return client.post(reverse("round_add", args=[match.pk]), data, **HTMX)


def form_fields(html):
    """What the entry form in ``html`` would send as it is: its inputs and selected options."""
    form = re.search(r'<form[^>]*class="entry-form".*?</form>', html, re.S).group(0)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    for name, body in re.findall(r'<select name="(\w+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', body)
        fields[name] = chosen.group(1) if chosen else ""
    return fields


@pytest.fixture
def overtaken(persona_client, murlan):
    """The owner's phone typed hand 1 while the member's phone saved hand 1: the owner's Save answered."""
    seen = version(murlan)
    save(persona_client("member"), murlan, hand(1, 0, 1, 2, 3, seen=seen))
    return save(persona_client("owner"), murlan, hand(1, 3, 2, 1, 0, seen=seen))


def test_a_save_overtaken_by_another_phones_hand_keeps_the_entry_and_offers_the_choice(overtaken, murlan):
    html = overtaken.content.decode()
    assert overtaken["Companion-Round"] == "conflict"
    assert Round.objects.filter(match=murlan).count() == 1
    assert "Hand 1 was saved on another phone. Your entry is kept: save it as hand 2, or drop it." in html
    assert '<button type="submit" name="as_next" value="2"' in html and "Save mine as hand 2" in html
    assert "Drop mine" in html
    assert re.search(
        r'<button type="submit" class="[^"]*save-round"\s+hidden>', html
    )  # Save gives way to the choice
    assert form_fields(html)["number"] == "1"
    assert form_fields(html)["place_0"] == "3"  # the entry as typed: Dora first


def test_the_same_deal_entered_on_both_phones_is_said_to_be_the_same(persona_client, murlan):
    seen = version(murlan)
    save(persona_client("member"), murlan, hand(1, 0, 1, 2, 3, seen=seen))
    html = save(persona_client("owner"), murlan, hand(1, 0, 1, 2, 3, seen=seen)).content.decode()
    assert (
        "Hand 1 was saved on another phone, with the same entry as yours: drop yours, "
        "or save it as hand 2 if it was another deal."
    ) in html
    assert "Save mine as hand 2" in html
    assert Round.objects.filter(match=murlan).count() == 1


def test_tapping_save_again_after_the_conflict_stores_the_deal_no_second_time(
    persona_client, overtaken, murlan
):
    again = form_fields(overtaken.content.decode())
    answer = save(persona_client("owner"), murlan, again)
    assert answer["Companion-Round"] == "conflict"
    assert Round.objects.filter(match=murlan).count() == 1


def test_save_mine_as_the_next_hand_stores_it_once(persona_client, overtaken, murlan):
    fields = {**form_fields(overtaken.content.decode()), "key": "5f0c2c43-5a2e-4b8e-9d55-6a1f1b7e0c11"}
    client = persona_client("owner")
    answer = save(client, murlan, {**fields, "as_next": "2"})
    assert answer["Companion-Round"] == "saved"
    again = save(client, murlan, {**fields, "as_next": "2"})  # a second tap: the same save
    assert again["Companion-Round"] == "saved"
    stored = list(Round.objects.filter(match=murlan).order_by("number").values_list("entry", flat=True))
    assert stored == [{"order": ABCD}, {"order": ["Dora", "Cla", "Beat", "Anna"]}]


def test_the_choice_is_refused_when_a_third_phone_took_that_hand_too(persona_client, overtaken, murlan):
    fields = form_fields(overtaken.content.decode())
    save(persona_client("member"), murlan, hand(2, 1, 0, 2, 3))
    answer = save(persona_client("owner"), murlan, {**fields, "as_next": "2"})
    assert answer["Companion-Round"] == "conflict"
    assert "Hand 2 was saved on another phone" in answer.content.decode()
    assert 'name="as_next" value="3"' in answer.content.decode()
    assert Round.objects.filter(match=murlan).count() == 2


def test_an_entry_for_a_hand_that_was_undone_meanwhile_names_the_next_hand(persona_client, murlan):
    client = persona_client("owner")
    save(client, murlan, hand(1, 0, 1, 2, 3))
    seen = version(murlan)
    client.post(reverse("round_undo", args=[murlan.pk]), {"number": 1})
    answer = save(client, murlan, hand(2, 3, 2, 1, 0, seen=seen)).content.decode()
    assert "The match changed on another phone: the next hand is hand 1." in answer
    assert 'name="as_next" value="1"' in answer
    assert not Round.objects.filter(match=murlan).exists()


def test_without_javascript_the_choice_is_on_the_page_and_saving_it_works(persona_client, murlan):
    seen = version(murlan)
    client = persona_client("owner")
    client.post(reverse("round_add", args=[murlan.pk]), hand(1, 0, 1, 2, 3))
    page = client.post(reverse("round_add", args=[murlan.pk]), hand(1, 3, 2, 1, 0, seen=seen))
    assert page.status_code == 200 and "Save mine as hand 2" in page.content.decode()
    done = client.post(reverse("round_add", args=[murlan.pk]), hand(1, 3, 2, 1, 0, seen=seen, as_next="2"))
    assert done.status_code == 302
    assert Round.objects.filter(match=murlan).count() == 2


def test_the_outbox_still_gets_a_fresh_form_and_makes_its_own_choice(persona_client, murlan):
    """The offline outbox sends no version ("seen"): its conflict answer is the match as it is now."""
    client = persona_client("owner")
    save(client, murlan, hand(1, 0, 1, 2, 3))
    answer = save(client, murlan, hand(1, 3, 2, 1, 0))
    html = answer.content.decode()
    assert answer["Companion-Round"] == "conflict"
    assert form_fields(html)["number"] == "2" and "Save mine as" not in html
    assert Round.objects.filter(match=murlan).count() == 1


def test_the_choice_is_said_in_german(persona_client, murlan):
    seen = version(murlan)
    client = persona_client("owner")
    save(client, murlan, hand(1, 0, 1, 2, 3))
    client.cookies["django_language"] = "de"
    html = save(client, murlan, hand(1, 3, 2, 1, 0, seen=seen)).content.decode()
    assert "Runde 1 wurde auf einem anderen Telefon gespeichert." in html
    assert "Meine als Runde 2 speichern" in html and "Meine verwerfen" in html


def test_drop_mine_shows_the_match_as_it_is_with_an_empty_form(persona_client, overtaken, murlan):
    client = persona_client("owner")
    answer = client.get(reverse("match_scoreboard", args=[murlan.pk]), **HTMX)
    html = answer.content.decode()
    assert html.lstrip().startswith('<div id="scoreboard"') and "<html" not in html
    assert form_fields(html)["number"] == "2" and form_fields(html)["place_0"] == ""
    assert f'data-version="{version(murlan)}"' in html
    assert Round.objects.filter(match=murlan).count() == 1


def test_the_scoreboard_alone_is_for_the_nights_people_and_the_whole_page_without_htmx(
    persona_client, murlan
):
    url = reverse("match_scoreboard", args=[murlan.pk])
    assert persona_client("outsider").get(url, **HTMX).status_code == 404
    page = persona_client("member").get(url)
    assert page.status_code == 200 and "<html" in page.content.decode()


def test_every_phone_that_follows_a_change_gets_the_same_cached_scoreboard_for_three_queries(
    persona_client, murlan, django_assert_num_queries
):
    """Each open page fetches the scoreboard when the match changes: after the first, from the cache."""
    save(persona_client("owner"), murlan, hand(1, 0, 1, 2, 3))
    url = reverse("match_scoreboard", args=[murlan.pk])
    first = persona_client("owner").get(url, **HTMX)
    client = persona_client("member")
    with django_assert_num_queries(3):  # session, user, match with its night: no seats, no rounds
        second = client.get(url, **HTMX)
    assert 'name="number" value="2"' in second.content.decode()
    assert first["Cache-Control"] == second["Cache-Control"] and "no-cache" in second["Cache-Control"]
