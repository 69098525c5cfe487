"""Printed to PDF by Chromium: every rule summary and blank sheet fits one A4 page, with no buttons on it."""

import re
import subprocess

import pytest

from companion.models import Round
from companion.standings import refresh
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = ["molotow", "anrufen", "elfer", "murlan"]
ONE_PAGE = [
    *[f"/rules/{game}/" for game in GAMES],
    *[f"/rules/{game}/sheet/" for game in GAMES],
    "/rules/anrufen/sheet/?players=3",
    "/rules/elfer/sheet/?players=6",
    "/rules/murlan/sheet/?players=6",
]
A4_PORTRAIT = (595, 842)  # points, rounded


def print_to_pdf(page, url, tmp_path):
    page.goto(url)
    path = tmp_path / (re.sub(r"\W+", "_", url).strip("_") + ".pdf")
    path.write_bytes(page.pdf(format="A4", prefer_css_page_size=True))
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))
    width, height = (
        round(float(v)) for v in re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.MULTILINE).groups()
    )
    return pages, (width, height), text


@pytest.mark.parametrize("url", ONE_PAGE)
def test_each_rule_summary_and_blank_sheet_prints_on_one_a4_page(page, url, tmp_path):
    pages, size, text = print_to_pdf(page, url, tmp_path)
    assert pages == 1
    landscape = "anrufen/sheet" in url
    assert size == (A4_PORTRAIT[::-1] if landscape else A4_PORTRAIT)
    assert "Print" not in text and "All games" not in text  # toolbar and navigation stay on screen


def test_a_matchs_own_rules_print_on_one_page_with_its_house_rules(logged_in, night, tmp_path):
    match = MatchFactory(
        night=night, game="anrufen", names=["Anna", "Beat", "Cla", "Dora"], options={"contra": "double"}
    )
    pages, _size, text = print_to_pdf(logged_in, f"/matches/{match.pk}/rules/", tmp_path)
    assert pages == 1
    assert "Contra: double (standard: add)" in text
    assert "Log out" not in text


def test_dark_mode_still_prints_black_on_white(browser, live_server, tmp_path):
    context = browser.new_context(base_url=live_server.url, color_scheme="dark")
    page = context.new_page()
    page.goto("/rules/molotow/")
    page.emulate_media(media="print")
    colours = page.evaluate(
        "() => [getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor,"
        " getComputedStyle(document.querySelector('td[data-result]')).color]"
    )
    context.close()
    assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)", "rgb(0, 0, 0)"]


def test_the_night_report_prints_its_matches_and_charts_without_the_toolbar(logged_in, night, tmp_path):
    match = MatchFactory(night=night, game="murlan", names=["Anna", "Beat", "Cla", "Dora"])
    for number in range(1, 8):
        Round.objects.create(match=match, number=number, entry={"order": ["Beat", "Anna", "Cla", "Dora"]})
    refresh(match)
    pages, _size, text = print_to_pdf(logged_in, f"/nights/{night.pk}/report/", tmp_path)
    assert pages >= 1
    assert "Beat wins!" in text and "1. Murlan" in text
    assert "Print" not in text and "Log out" not in text


def test_the_print_button_opens_the_browsers_print_dialog(page):
    page.goto("/rules/murlan/")
    page.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("() => window.printed") == 1
