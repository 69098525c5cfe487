"""The match page with its CSS and JS stays under 100 KB gzipped, for every game.

Counted as a phone on the LAN gets it over plain HTTP: the static files as
WhiteNoise serves them (the .gz written by collectstatic), the page gzipped as a
proxy would. ``make audit`` measures the same budget with Lighthouse.
"""

import gzip
import re

import pytest
from django.test import override_settings

from tests.factories import MatchFactory
from tests.fixtures import PRODUCTION_STATIC

BUDGET = 100 * 1024


def sent_size(root, url: str) -> int:
    path = root / url.removeprefix("/static/")
    compressed = path.with_name(path.name + ".gz")
    return (compressed if compressed.exists() else path).stat().st_size


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["molotow", "anrufen", "elfer", "murlan"])
def test_a_match_page_with_its_css_and_js_is_under_100_kb_gzipped(
    client, night, owner, collected_static, game
):
    names = ["Anna", "Beat", "Cla", "Dora"][: 3 if game == "anrufen" else 4]
    match = MatchFactory(night=night, game=game, names=names)
    client.force_login(owner)
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        html = client.get(match.get_absolute_url()).content
    linked = re.findall(rb'<(?:script[^>]+src|link[^>]+rel="stylesheet"[^>]+href)="(/static/[^"]+)"', html)
    assert any(url.endswith(b".css") for url in linked) and any(url.endswith(b".js") for url in linked)
    total = len(gzip.compress(html)) + sum(sent_size(collected_static, url.decode()) for url in linked)
    assert total < BUDGET, f"{total:,} bytes"
