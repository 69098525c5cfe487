"""A club night on paper, printed to PDF by Chromium: 24 players at 6 tables, the seat plan and the run sheet
on one A4 page each, one page per table sheet with its QR code and the first dealer, the standings on one
page; in English and German."""

import pytest

from tests.browser.fixtures import log_in
from tests.browser.test_printing_pdf import A4_PORTRAIT, print_to_pdf
from tests.clubs.show_factories import club_24

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_seat_plan_of_six_tables_prints_on_one_a4_page_in_large_type(logged_in, night, tmp_path):
    club = club_24(night)
    sitting = club.sittings.get(number=3)
    pages, size, text = print_to_pdf(logged_in, f"/nights/{night.pk}/club/print/sittings/3/plan/", tmp_path)
    assert (pages, size) == (1, A4_PORTRAIT)
    assert "Sitting 3: seats" in text and "Table 6" in text and "deals first" in text
    for table in sitting.tables.select_related("match"):
        for seat in table.match.seats.select_related("player"):
            assert seat.player.name in text
    assert "Print" not in text and "Log out" not in text


def test_each_table_sheet_is_one_page_with_its_seats_dealer_and_qr_code(logged_in, night, tmp_path):
    club = club_24(night)
    first = club.sittings.get(number=3).tables.get(number=1).match
    names = [seat.player.name for seat in first.seats.order_by("position").select_related("player")]
    pages, size, text = print_to_pdf(logged_in, f"/nights/{night.pk}/club/print/sittings/3/tables/", tmp_path)
    assert (pages, size) == (6, A4_PORTRAIT)
    page_one = " ".join(text.split("\f")[0].split())
    assert "Table 1" in page_one and f"First dealer: {names[0]}" in page_one
    assert all(name in page_one for name in names)
    assert "Scan to enter this table" in page_one  # beside the seats: -layout interleaves the lines
    assert "Paper backup" in page_one and "Total" in page_one
    assert logged_in.get_by_role("img", name="QR code of the link to table 6").count() == 1


def test_the_run_sheet_lists_every_player_with_a_table_in_each_sitting_on_one_page(
    logged_in, night, tmp_path
):
    club = club_24(night)
    pages, size, text = print_to_pdf(logged_in, f"/nights/{night.pk}/club/print/run-sheet/", tmp_path)
    assert (pages, size) == (1, A4_PORTRAIT)
    assert "Run sheet: your table in every sitting" in text
    row = logged_in.locator('tr[data-player="Anna"]')
    for number in (1, 2, 3):
        table = club.sittings.get(number=number).tables.get(match__seats__player__name="Anna")
        seat = table.match.seats.get(player__name="Anna").position + 1
        assert row.locator(f'td[data-sitting="{number}"]').inner_text() == f"{table.number}/{seat}"


def test_sixty_players_still_fit_the_run_sheet_on_one_page(logged_in, night, tmp_path):
    from tests.clubs.show_factories import NAMES, make_club, rotation, seat_sitting

    club = make_club(night, 60, planned=5)
    seat_sitting(club, 1, rotation(NAMES[:60], 1))
    pages, _size, text = print_to_pdf(logged_in, f"/nights/{night.pk}/club/print/run-sheet/", tmp_path)
    assert pages == 1
    assert "Jana" in text and "Adrian" in text


def test_the_standings_print_on_one_page_over_the_complete_sittings(logged_in, night, tmp_path):
    club_24(night)
    pages, size, text = print_to_pdf(logged_in, f"/nights/{night.pk}/club/print/standings/", tmp_path)
    assert (pages, size) == (1, A4_PORTRAIT)
    assert "Club standings" in text and "after 2 sittings" in text
    assert "Sitting 3 is still playing and not counted." in text
    assert "Ranked by table points, then result, then wins." in text
    assert text.count("\n") >= 24


def test_the_prints_speak_german(german_page, owner, night, tmp_path):
    from tests.factories import PASSWORD

    club_24(night, sittings_played=3, drawn_next=False)
    german_page.goto("/login/")
    german_page.get_by_label("Benutzername").fill(owner.username)
    german_page.get_by_label("Passwort").fill(PASSWORD)
    german_page.get_by_role("button", name="Anmelden").click()
    german_page.wait_for_url("**/")
    pages, _size, text = print_to_pdf(german_page, f"/nights/{night.pk}/club/print/standings/", tmp_path)
    assert pages == 1 and "Schlussstand" in text and "nach 3 Durchgängen" in text
    pages, _size, text = print_to_pdf(
        german_page, f"/nights/{night.pk}/club/print/sittings/1/tables/", tmp_path
    )
    assert pages == 6 and "Tisch 1" in text and "Erster Geber" in text
    pages, _size, text = print_to_pdf(
        german_page, f"/nights/{night.pk}/club/print/sittings/2/plan/", tmp_path
    )
    assert pages == 1 and "Durchgang 2: Sitzplätze" in text and "gibt zuerst" in text
    pages, _size, text = print_to_pdf(german_page, f"/nights/{night.pk}/club/print/run-sheet/", tmp_path)
    assert pages == 1 and "Laufzettel" in text


def test_an_outsider_cannot_print_a_club_night(page, outsider, night, tmp_path):
    club_24(night)
    log_in(page, outsider)
    response = page.goto(f"/nights/{night.pk}/club/print/run-sheet/")
    assert response.status == 404
