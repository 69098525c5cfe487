"""Production static files: hashed and compressed names for every file the pages use."""

import re

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.conftest import PRODUCTION_STATIC
from tests.factories import MatchFactory


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["molotow", "anrufen", "elfer", "murlan"])
def test_every_page_finds_its_static_files_in_the_manifest(client, night, owner, collected_static, game):
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        client.force_login(owner)
        names = ["Anna", "Beat", "Cla", "Dora"][: 3 if game == "anrufen" else 4]
        match = MatchFactory(night=night, game=game, names=names)
        for url in [reverse("home"), night.get_absolute_url(), match.get_absolute_url(), reverse("login")]:
            page = client.get(url).content.decode()  # a missing file raises here
            assert "/static/css/app." in page or url == reverse("login")
        assert list(collected_static.glob("css/app.*.css.gz")), "static files are compressed"


@pytest.mark.django_db
def test_the_service_worker_names_the_hashed_files_of_the_app_shell(client, collected_static):
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        body = client.get(reverse("service_worker")).content.decode()
        assert re.search(r'"/static/css/app\.[0-9a-f]{12}\.css"', body)
        assert re.search(r'importScripts\("/static/js/sw\.[0-9a-f]{12}\.js"\)', body)
        assert '"static": "/static/"' in body
