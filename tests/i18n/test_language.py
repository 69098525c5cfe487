"""Choosing the language: the browser's by default, a switch in the menu and on share pages,
remembered per account (on every device) and in a cookie for visitors; dates and numbers follow."""

import datetime
import html
from urllib.parse import quote

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from companion.games import registry
from companion.i18n.models import Profile
from companion.models import ShareLink
from companion.review.stats import format_figure
from tests.factories import PASSWORD, GameNightFactory, quick_murlan

pytestmark = pytest.mark.django_db

GERMAN_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "de-CH,de;q=0.9"}
ENGLISH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def html_lang(response) -> str:
    page = response.content.decode()
    start = page.index("<html lang=") + len('<html lang="')
    return page[start : page.index('"', start)]


def switch(client, language, next_url="/rules/", **headers):
    return client.post(reverse("set_language"), {"language": language, "next": next_url}, **headers)


def test_the_browsers_language_decides_by_default_and_html_lang_matches(client):
    german = client.get(reverse("rules_index"), **GERMAN_BROWSER)
    english = client.get(reverse("rules_index"), **ENGLISH_BROWSER)
    assert html_lang(german) == "de" and "Regeln und Punkteblätter" in german.content.decode()
    assert html_lang(english) == "en" and "Rules and score sheets" in english.content.decode()


def test_a_visitor_switches_and_the_cookie_keeps_the_choice_for_a_year(client):
    response = switch(client, "de", **ENGLISH_BROWSER)
    assert response.status_code == 302 and response["Location"] == "/rules/"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "de" and cookie["max-age"] == 365 * 24 * 3600
    page = client.get(reverse("rules_index"), **ENGLISH_BROWSER)
    assert html_lang(page) == "de" and "Regeln und Punkteblätter" in page.content.decode()
    switch(client, "en", **ENGLISH_BROWSER)
    assert html_lang(client.get(reverse("rules_index"), **GERMAN_BROWSER)) == "en"


def test_the_menu_offers_the_other_language_in_its_own_words(client, owner):
    page = client.get(reverse("rules_index"), **ENGLISH_BROWSER).content.decode()
    assert (
        'Language: <span lang="de">Deutsch</span>' in page
        and 'value="de"' in page
        and 'value="en"' not in page
    )
    client.force_login(owner)
    page = client.get(reverse("home"), **GERMAN_BROWSER).content.decode()
    assert (
        'Sprache: <span lang="en">English</span>' in page
        and 'value="en"' in page
        and 'value="de"' not in page
    )
    assert '<span aria-hidden="true" title="English">EN</span>' in page
    assert 'name="next" value="/"' in page


def test_an_accounts_choice_follows_it_to_another_device(client, owner):
    client.force_login(owner)
    switch(client, "de", **ENGLISH_BROWSER)
    assert Profile.objects.get(user=owner).language == "de"

    other_phone = Client()  # no language cookie, an English browser
    other_phone.post(reverse("login"), {"username": "owner", "password": PASSWORD}, **ENGLISH_BROWSER)
    page = other_phone.get(reverse("home"), **ENGLISH_BROWSER)
    assert html_lang(page) == "de" and "Spielabende" in page.content.decode()


def test_an_accounts_choice_beats_the_browser_and_an_old_cookie(client, owner):
    Profile.objects.create(user=owner, language="en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    client.post(reverse("login"), {"username": "owner", "password": PASSWORD}, **GERMAN_BROWSER)
    assert html_lang(client.get(reverse("home"), **GERMAN_BROWSER)) == "en"


def test_after_logging_out_the_device_keeps_the_language_it_chose(client, owner):
    client.force_login(owner)
    switch(client, "de", **ENGLISH_BROWSER)
    client.post(reverse("logout"))
    assert html_lang(client.get(reverse("login"), **ENGLISH_BROWSER)) == "de"


def test_an_account_that_never_chose_follows_the_browser(client, owner):
    client.force_login(owner)
    assert html_lang(client.get(reverse("home"), **GERMAN_BROWSER)) == "de"
    assert html_lang(client.get(reverse("home"), **ENGLISH_BROWSER)) == "en"
    assert not Profile.objects.filter(user=owner).exists()


def test_an_unknown_language_or_a_foreign_next_page_changes_nothing(client, owner):
    client.force_login(owner)
    response = switch(client, "fr", next_url="/players/")
    assert response["Location"] == "/players/" and settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert not Profile.objects.filter(user=owner).exists()
    assert switch(client, "de", next_url="https://evil.example/")["Location"] == "/"


def test_the_shared_page_links_to_the_other_language_and_the_visitor_keeps_it(client, owner):
    night = GameNightFactory(owner=owner)
    quick_murlan(night)
    client.force_login(owner)
    client.post(reverse("night_share_create", args=[night.pk]))
    client.logout()
    url = reverse("shared", args=[ShareLink.objects.get(night=night).token])
    page = client.get(url, **ENGLISH_BROWSER).content.decode()
    link = f"{reverse('set_language')}?language=de&amp;next={quote(url, safe='/')}"
    assert f'<a href="{link}" hreflang="de" lang="de">Deutsch</a>' in page
    response = client.get(html.unescape(link), **ENGLISH_BROWSER)
    assert response["Location"] == url and response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    page = client.get(url, **ENGLISH_BROWSER)
    assert html_lang(page) == "de" and "Nur lesen." in page.content.decode()


def test_a_link_changes_only_this_browser_never_the_accounts_choice(client, owner):
    """A GET could be sent by another site's image; it must not change what an account chose."""
    Profile.objects.create(user=owner, language="en")
    client.force_login(owner)
    client.get(reverse("set_language"), {"language": "de", "next": "/"})
    assert Profile.objects.get(user=owner).language == "en"


def test_dates_are_written_as_each_language_writes_them(client, owner):
    night = GameNightFactory(owner=owner, date=datetime.date(2026, 11, 30))
    client.force_login(owner)
    url = reverse("night_detail", args=[night.pk])
    assert "Montag, 30. November 2026" in client.get(url, **GERMAN_BROWSER).content.decode()
    assert "Monday 30 November 2026" in client.get(url, **ENGLISH_BROWSER).content.decode()
    home = client.get(reverse("home"), **GERMAN_BROWSER).content.decode()
    assert "Mo, 30. Nov. 2026" in home


def test_decimal_figures_use_the_languages_separator():
    murlan = registry.get("murlan").figure  # average place, one decimal
    with translation.override("de"):
        assert format_figure(murlan, 1.25) == "1,2"
    with translation.override("en"):
        assert format_figure(murlan, 1.25) == "1.2"
