"""Printed to PDF in German (a de-CH browser): German text is longer, and still every rule summary and
blank sheet fits one A4 page, with no buttons and no English on it."""

import re

import pytest

from companion.models import Round
from companion.standings import refresh
from tests.browser.test_printing_pdf import A4_PORTRAIT, ONE_PAGE, print_to_pdf
from tests.factories import MatchFactory
from tests.german import english_on_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def pdf_as_html(text: str) -> str:
    return "".join(f"<p>{line}</p>" for line in text.splitlines())


@pytest.mark.parametrize("url", [*ONE_PAGE, "/rules/counter/", "/rules/counter/sheet/"])
def test_each_rule_summary_and_blank_sheet_prints_on_one_a4_page_in_german(german_page, url, tmp_path):
    pages, size, text = print_to_pdf(german_page, url, tmp_path)
    assert pages == 1
    landscape = "anrufen/sheet" in url
    assert size == (A4_PORTRAIT[::-1] if landscape else A4_PORTRAIT)
    assert "Drucken" not in text and "Alle Spiele" not in text and "English" not in text
    assert re.search(r"Regeln in Kürze|Punkteblatt", text)  # the paper itself is German
    assert english_on_page(pdf_as_html(text), unmarked=True) == []


def test_a_matchs_own_rules_print_on_one_page_in_german(german_logged_in, night, tmp_path):
    match = MatchFactory(
        night=night, game="anrufen", names=["Anna", "Beat", "Cla", "Dora"], options={"contra": "double"}
    )
    pages, _size, text = print_to_pdf(german_logged_in, f"/matches/{match.pk}/rules/", tmp_path)
    assert pages == 1
    assert "Kontra: verdoppeln (Standard: dazuzählen)" in text
    assert "Abmelden" not in text


def test_the_night_report_prints_in_german(german_logged_in, night, tmp_path):
    match = MatchFactory(night=night, game="murlan", names=["Anna", "Beat", "Cla", "Dora"])
    for number in range(1, 8):
        Round.objects.create(match=match, number=number, entry={"order": ["Beat", "Anna", "Cla", "Dora"]})
    refresh(match)
    pages, _size, text = print_to_pdf(german_logged_in, f"/nights/{night.pk}/report/", tmp_path)
    assert pages >= 1
    assert "Beat gewinnt!" in text and "1. Murlan" in text and "Freitag, 27. November 2026" in text
    assert "Drucken" not in text and "Abmelden" not in text
    assert english_on_page(pdf_as_html(text), unmarked=True, allowed=("Friday cards",)) == []
