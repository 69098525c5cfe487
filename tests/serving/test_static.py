"""Production static files: hashed and compressed names for every file the pages use."""

import json
import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from companion.lib.static_files import bundles
from scoring.registry import ENGINES
from tests.factories import MatchFactory
from tests.fixtures import PRODUCTION_STATIC


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["molotow", "anrufen", "elfer", "murlan"])
def test_every_page_finds_its_static_files_in_the_manifest(client, night, owner, collected_static, game):
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        client.force_login(owner)
        names = ["Anna", "Beat", "Cla", "Dora"][: 3 if game == "anrufen" else 4]
        match = MatchFactory(night=night, game=game, names=names)
        for url in [reverse("home"), night.get_absolute_url(), match.get_absolute_url(), reverse("login")]:
            page = client.get(url).content.decode()  # a missing file raises here
            # css/app.css comes inside the collected bundle (companion/lib/static_files.py), hashed.
            assert re.search(
                rf"/static/bundles/(site|{game}|table-{game})\.[0-9a-f]{{12}}\.css", page
            ) or url == reverse("login")
        assert list(collected_static.glob("css/app.*.css.gz")), "static files are compressed"


@pytest.mark.django_db
def test_the_service_worker_names_the_hashed_files_of_the_app_shell(client, collected_static):
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        body = client.get(reverse("service_worker")).content.decode()
        assert re.search(r'"/static/bundles/site\.[0-9a-f]{12}\.css"', body)  # css/app.css inside
        assert re.search(r'importScripts\("/static/js/sw\.[0-9a-f]{12}\.js"\)', body)
        assert '"static": "/static/"' in body


# What a page loads: its scripts and style sheets, and the script js/outbox.js loads when needed.
LINKED = re.compile(
    r'<(?:script[^>]+src|link rel="stylesheet"[^>]+href)="(/static/[^"]+)"|data-outbox-queue="([^"]+)"'
)


@pytest.mark.django_db
@pytest.mark.parametrize("collected", [True, False], ids=["collected", "sources"])
def test_every_script_and_style_sheet_a_kept_page_links_is_in_the_service_workers_shell(
    client, night, owner, collected_static, collected
):
    """Offline, a page comes from the worker's copy, its files only from the shell: none may be missing."""
    storage = {"STORAGES": PRODUCTION_STATIC, "STATIC_ROOT": collected_static} if collected else {}
    with override_settings(**storage):
        client.force_login(owner)
        shell = json.loads(re.search(r'"shell": (\[[^\]]*\])', client.get("/sw.js").content.decode())[1])
        pages = [reverse("home"), reverse("offline")]
        for game, names in [("molotow", 4), ("anrufen", 3), ("elfer", 4), ("murlan", 4), ("counter", 2)]:
            match = MatchFactory(night=night, game=game, names=["Anna", "Beat", "Cla", "Dora"][:names])
            pages.append(match.get_absolute_url())
        linked = {
            url: ["".join(found) for found in LINKED.findall(client.get(url).content.decode())]
            for url in pages
        }
    assert any("outbox-queue" in file for file in linked[pages[-1]])
    assert all(linked.values())
    missing = {
        url: sorted(set(files) - set(shell)) for url, files in linked.items() if set(files) - set(shell)
    }
    assert missing == {}


def collected_text(root, name: str) -> str:
    """A collected file's text under the name the manifest gives it (minified where ours)."""
    manifest = json.loads((root / "staticfiles.json").read_text())["paths"]
    return (root / manifest[name]).read_text()


@pytest.mark.parametrize(
    "bundle",
    [f"bundles/{name}.{kind}" for name in ["site", *ENGINES] for kind in ("css", "js")]
    + [f"bundles/table-{name}.css" for name in ENGINES],
)
def test_each_bundle_holds_each_of_its_collected_sources_in_order(collected_static, bundle):
    text = collected_text(collected_static, bundle)
    at = 0
    for source in bundles()[bundle]:
        part = collected_text(collected_static, source).strip()
        assert len(part) > 50, source
        found = text.find(part, at)
        assert found >= at, f"{source} is not in {bundle} after the sources before it"
        at = found + len(part)
    assert text[at:].strip() == ""


@pytest.mark.django_db
def test_a_hashed_static_file_is_kept_for_good_compressed(client, owner, collected_static):
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        static_client = Client()  # a new handler: WhiteNoise reads the collected folder
        static_client.force_login(owner)
        page = static_client.get(reverse("home"))
        script = re.search(r'src="(/static/bundles/site\.[0-9a-f]{12}\.js)"', page.content.decode())[1]
        response = static_client.get(script, HTTP_ACCEPT_ENCODING="gzip, br")
        assert response.status_code == 200
        assert response["Content-Encoding"] == "br"
        assert response["Cache-Control"] == "max-age=315360000, public, immutable"
        assert response["Vary"] == "Accept-Encoding"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert page["Referrer-Policy"] == "same-origin"
        assert page["Cross-Origin-Opener-Policy"] == "same-origin"
        # What applies to a document only is sent with documents (companion/lib/static_headers.py).
        assert "Referrer-Policy" not in response and "Cross-Origin-Opener-Policy" not in response


def test_the_web_app_manifest_is_served_as_one(collected_static):
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        response = Client().get("/static/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_a_static_file_without_a_hash_is_still_revalidated(collected_static):
    """A name without a hash may name new content tomorrow: a browser must ask whether it changed."""
    with override_settings(STORAGES=PRODUCTION_STATIC, STATIC_ROOT=collected_static):
        response = Client().get("/static/js/app.js")
    assert response.status_code == 200
    assert "ETag" in response and "Last-Modified" in response
    assert "immutable" not in response.get("Cache-Control", "")
