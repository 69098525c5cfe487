"""Every rule page prints on one A4 page in WebKit and in Firefox too, in its two columns.

WebKit ignored ``column-count`` on paper and printed Anrufen's rules on two pages (issue 37, item 3);
the columns are now two server-balanced halves (companion/templatetags/rule_columns.py).
"""

import pytest

from companion.games import registry
from tests.engines.engines import Firefox, Xvfb, pdf_pages, webkit_pdf

pytestmark = [pytest.mark.engines, pytest.mark.django_db(transaction=True)]

RULE_PAGES = [f"/rules/{game}/" for game in registry.GAMES]
A4_PORTRAIT = (595, 842)


@pytest.fixture(scope="module")
def display():
    with Xvfb() as xvfb:
        yield xvfb.display


@pytest.fixture
def firefox(firefox_phone):
    """The run's one English Firefox (tests/engines/conftest.py): a start of Firefox costs seconds."""
    return firefox_phone.firefox


@pytest.fixture(scope="module")
def german_firefox():
    browser = Firefox(locale="de-CH, de")
    yield browser
    browser.close()


def out_file(tmp_path, url):
    return tmp_path / (url.strip("/").replace("/", "-") + ".pdf")


@pytest.mark.parametrize("url", RULE_PAGES)
def test_webkit_prints_each_rule_page_on_one_a4_page_in_two_columns(live_server, display, url, tmp_path):
    pages, size, text = pdf_pages(webkit_pdf(live_server.url + url, out_file(tmp_path, url), display))
    assert pages == 1
    assert all(abs(got - want) <= 1 for got, want in zip(size, A4_PORTRAIT, strict=True)), size
    assert "rules in brief" in text
    assert "All games" not in text  # the toolbar stays on screen


@pytest.mark.parametrize("url", RULE_PAGES)
def test_firefox_prints_each_rule_page_on_one_a4_page(live_server, firefox, url, tmp_path):
    firefox.goto(live_server.url + url)
    pages, size, text = pdf_pages(firefox.pdf(out_file(tmp_path, url)))
    assert pages == 1
    assert all(abs(got - want) <= 1 for got, want in zip(size, A4_PORTRAIT, strict=True)), size
    assert "rules in brief" in text
    assert "All games" not in text


def test_firefox_asking_for_german_gets_the_german_rules_on_one_page(live_server, german_firefox, tmp_path):
    german_firefox.goto(live_server.url + "/rules/anrufen/")
    assert german_firefox.evaluate("document.documentElement.lang") == "de"
    pages, _size, text = pdf_pages(german_firefox.pdf(tmp_path / "anrufen-de.pdf"))
    assert pages == 1
    assert "Regeln in Kürze" in text
