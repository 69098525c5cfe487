"""Starting a match on a phone: taps made while the seats reload are kept, the deal is drawn at random,
and new players get colours of their own (issue 12)."""

import re

import pytest
from playwright.sync_api import expect

from companion.models import Match, Player
from tests.factories import PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Beat", "Cla", "Dora"]


def seat(page, number):
    return page.get_by_label(re.compile(rf"^Seat {number}\b"))


def test_names_tapped_while_the_seats_reload_are_kept(logged_in, night, owner):
    page = logged_in
    for name in NAMES:
        PlayerFactory(owner=owner, name=name)
    page.goto(f"/nights/{night.pk}/matches/new/")
    page.wait_for_load_state("networkidle")

    # The reload of the seats after picking a game is held back (a slow network) ...
    held = []
    page.context.route(re.compile(r"/matches/new/\?"), lambda route: held.append(route))
    page.get_by_text("Murlan", exact=True).click()
    page.wait_for_timeout(300)
    assert len(held) == 1, "picking a game asks the server for its seats"
    # ... while the table taps two players into their seats.
    page.get_by_role("button", name="Anna", exact=True).click()
    page.get_by_role("button", name="Beat", exact=True).click()
    expect(seat(page, 1)).to_have_value("Anna")
    expect(seat(page, 2)).to_have_value("Beat")

    # The answer (sent before the taps: empty seats) arrives: the taps are still there.
    held[0].continue_()
    expect(page.get_by_text("Murlan ·", exact=False).first).to_be_visible()
    page.wait_for_load_state("networkidle")
    expect(page.locator("#setup-details input[name=setup_game]")).to_have_value("murlan")
    expect(seat(page, 1)).to_have_value("Anna")
    expect(seat(page, 2)).to_have_value("Beat")
    expect(page.get_by_role("button", name="Anna", exact=True)).to_have_attribute("aria-pressed", "true")

    page.get_by_role("button", name="Cla", exact=True).click()
    page.get_by_role("button", name="Start match").click()
    expect(page.get_by_role("heading", name="Murlan", level=1)).to_be_visible()
    match = Match.objects.get()
    assert [s.player.name for s in match.seats.order_by("position")] == ["Anna", "Beat", "Cla"]


def test_draw_for_the_deal_picks_a_random_seated_player(logged_in, night):
    page = logged_in
    # The draw's random number is fixed here, so the test knows whom it must pick.
    page.add_init_script(
        "window.crypto.getRandomValues = (array) => { array[0] = window.__draw || 0; return array; };"
    )
    page.goto(f"/nights/{night.pk}/matches/new/")
    page.wait_for_load_state("networkidle")
    for number, name in enumerate(NAMES, start=1):
        seat(page, number).fill(name)
    draw = page.get_by_role("button", name=re.compile("Draw for the deal"))
    assert draw.bounding_box()["height"] >= 44
    page.evaluate("window.__draw = 6")  # 6 % 4: the third seated player
    draw.click()
    expect(page.get_by_label("deals first (seat 3)")).to_be_checked()
    expect(page.get_by_text("Seat 3 (deals first)")).to_be_visible()
    expect(page.locator("#setup-status")).to_have_text("Cla deals first (drawn).")
    page.evaluate("window.__draw = 1")
    draw.click()
    expect(page.get_by_label("deals first (seat 2)")).to_be_checked()
    page.get_by_role("button", name="Start match").click()
    expect(page.get_by_role("heading", name="Molotow Jass", level=1)).to_be_visible()
    assert Match.objects.get().first_dealer == 1

    # New players got a colour each, all different.
    colours = list(Player.objects.filter(name__in=NAMES).values_list("colour", flat=True))
    assert len(set(colours)) == 4 and all(re.fullmatch(r"#[0-9a-f]{6}", colour) for colour in colours)


def test_the_draw_shows_who_was_drawn_even_when_it_is_who_already_deals_first(logged_in, night):
    page = logged_in
    page.add_init_script(
        "window.crypto.getRandomValues = (array) => { array[0] = window.__draw || 0; return array; };"
    )
    page.goto(f"/nights/{night.pk}/matches/new/")
    page.wait_for_load_state("networkidle")
    for number, name in enumerate(NAMES, start=1):
        seat(page, number).fill(name)
    draw = page.get_by_role("button", name=re.compile("Draw for the deal"))
    draw.click()  # nobody chosen before: seat 1 already deals first, and is drawn
    expect(page.get_by_label("deals first (seat 1)")).to_be_checked()
    drawn = page.locator("[data-draw-result]")
    expect(drawn).to_be_visible()
    expect(drawn).to_have_text("Anna deals first (drawn).")
    expect(drawn).to_be_in_viewport()
    page.evaluate("window.__draw = 6")  # 6 % 4: the third seated player
    draw.click()
    expect(drawn).to_have_text("Cla deals first (drawn).")
    expect(page.locator(".seat-row.just-drawn")).to_have_count(1)
    expect(page.locator(".seat-row.just-drawn")).to_contain_text("Seat 3 (deals first)")
    page.screenshot(path="/tmp/draw.png")


@pytest.mark.parametrize(
    ("phone", "start", "sentence"),
    [
        ("logged_in", "Start match", "This name is blank: it has no visible character."),
        ("german_logged_in", "Partie beginnen", "Dieser Name ist leer: Er hat kein sichtbares Zeichen."),
    ],
)
def test_a_seat_of_invisible_characters_is_refused_at_the_seat_in_words(
    request, night, phone, start, sentence
):
    page = request.getfixturevalue(phone)
    page.goto(f"/nights/{night.pk}/matches/new/")
    for index, name in enumerate(["Anna", "\u200b\u200d", "Cla", "Dora"]):
        page.locator(f"input[name=seat_{index}]").fill(name)
    page.get_by_role("button", name=start).click()
    error = page.locator(".seat-row[data-row='1'] .invalid-feedback")
    expect(error).to_have_text(sentence)
    error.scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/polish-invisible-seat-{phone}.png")
    expect(page.locator("#setup-details")).not_to_contain_text("\\u200")
    # What was typed stays in the seats.
    expect(page.locator("input[name=seat_0]")).to_have_value("Anna")
    assert not Match.objects.exists()
