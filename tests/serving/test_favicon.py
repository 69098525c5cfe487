"""The icon is written into the page as a ``data:`` URI: a first visit fetches no file for it.

companion/lib/inline_images.py makes the URI from static/favicon.svg; the file stays for the
web app manifest, which names it, and for ``/favicon.ico``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.factories import MatchFactory
from tests.fixtures import PRODUCTION_STATIC

STATIC = Path(__file__).resolve().parents[2] / "static"
ICON = re.compile(r'<link rel="icon" href="([^"]+)"')
IMAGE = re.compile(r'<img src="([^"]+)"')
SVG_URI = "data:image/svg+xml,"

pytestmark = pytest.mark.django_db


def svg_of(uri: str) -> str:
    """The SVG text a ``data:image/svg+xml,…`` URI written in an HTML attribute stands for."""
    uri = html.unescape(uri)
    assert uri.startswith(SVG_URI)
    return unquote(uri.removeprefix(SVG_URI))


def pages(client, night, owner):
    match = MatchFactory(night=night, game="molotow", names=["Anna", "Beat", "Cla", "Dora"])
    client.force_login(owner)
    return {
        "scoreboard": client.get(match.get_absolute_url()),
        "players": client.get(reverse("player_list")),
        "not found": client.get("/matches/999999/"),
    }


def test_no_page_names_the_icon_file_and_its_icon_is_the_files_svg(client, night, owner, collected_static):
    svg = (STATIC / "favicon.svg").read_text(encoding="utf-8").strip()
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        answers = pages(client, night, owner)
    for name, response in answers.items():
        page = response.content.decode()
        assert "favicon" not in page, name
        icons = ICON.findall(page)
        assert len(icons) == 1, name
        assert svg_of(icons[0]) == svg, name
        # The logo in the page's bar is the same picture, written the same way.
        assert svg_of(IMAGE.search(page).group(1)) == svg, name


def test_the_icons_uri_is_a_plain_url_that_stays_inside_its_attribute(client, night, owner):
    uri = ICON.search(pages(client, night, owner)["scoreboard"].content.decode()).group(1)
    assert not re.search(r"[\s\"<>#&]", uri)


def test_the_policy_allows_the_icon_written_into_the_page(client, night, owner):
    for name, response in pages(client, night, owner).items():
        directives = {
            directive: values
            for directive, *values in (
                part.split() for part in response["Content-Security-Policy"].split(";") if part.strip()
            )
        }
        assert "data:" in directives["img-src"], name


def test_the_files_the_manifest_and_the_home_screen_icon_name_are_still_there(client, night, owner):
    manifest = json.loads((STATIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in manifest["icons"]:
        assert (STATIC / icon["src"]).is_file(), icon["src"]
    assert any(icon["src"] == "favicon.svg" for icon in manifest["icons"])
    page = pages(client, night, owner)["scoreboard"].content.decode()
    touch = re.search(r'<link rel="apple-touch-icon" href="/static/([^"]+)"', page).group(1)
    assert (STATIC / touch).is_file()


def test_favicon_ico_still_leads_to_the_icon_file(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/favicon.svg"


def test_pages_describe_companion_to_link_previews_but_not_to_a_logged_in_person(client, night, owner):
    """Search engines and chat link previews only ever see the pages as a stranger does."""
    description = (
        '<meta name="description" content="Companion keeps the score of card games played at a real table.">'
    )
    assert description in client.get(reverse("login")).content.decode()
    scoreboard = pages(client, night, owner)["scoreboard"].content.decode()
    assert 'name="description"' not in scoreboard
