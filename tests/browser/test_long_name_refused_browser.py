"""A 60-character name typed into a seat on a phone stays whole and is refused with a sentence at its seat.

The browser used to stop typing at 40 characters (the field's maxlength), so a pasted or long
name was cut without a word; now the page keeps what was typed and says why it is too long.
"""

import re

import pytest
from playwright.sync_api import expect

from companion.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIXTY = "Anna-Barbara " * 4 + "Eberhard"
SAID = {
    "en": ("Seat", "Start match", "The name 'Anna-Barbara", "is 60 characters long: a name has at most 40"),
    "de": (
        "Platz",
        "Partie beginnen",
        "Der Name 'Anna-Barbara",
        "ist 60 Zeichen lang: Ein Name hat höchstens 40",
    ),
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_sixty_character_seat_is_kept_whole_and_refused_at_its_seat(request, night, language):
    page = request.getfixturevalue("logged_in" if language == "en" else "german_logged_in")
    seat_word, start, opening, reason = SAID[language]
    page.goto(f"/nights/{night.pk}/matches/new/")
    page.wait_for_load_state("networkidle")
    seats = [
        page.get_by_role("combobox", name=re.compile(rf"^{seat_word} {number}\b")) for number in range(1, 5)
    ]
    seats[0].fill("Eva")
    seats[1].press_sequentially(SIXTY)
    expect(seats[1]).to_have_value(SIXTY)
    seats[2].fill("Cla")
    seats[3].fill("Dora")
    page.get_by_role("button", name=start).click()

    refusal = page.locator(".seat-row", has=seats[1]).get_by_text(reason)
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text(opening)
    expect(seats[1]).to_have_value(SIXTY)
    assert not Match.objects.exists()
