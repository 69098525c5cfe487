"""A worker starts warm: Django's lazy loading is done in gunicorn's master, before the fork
(companion/lib/warm.py), so the first scoreboard, save and undo of each worker compile nothing."""

import sys
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.forms.renderers import get_default_renderer
from django.template import engines
from django.urls import reverse

from companion import gunicorn_conf
from companion.lib.warm import warm
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


def forget_compiled_templates():
    """As in a new worker without warming: no compiled template, no cached page."""
    for engine in (engines["django"].engine, get_default_renderer().engine.engine):
        for loader in engine.template_loaders:
            loader.reset()
    cache.clear()


# A template is compiled when its file is read; the engine's cached loader keeps it compiled and
# never reads the file again. So the template files opened while a test listens are the ones compiled.
listening: list[list[str]] = []


def note_template_reads(event, args):
    if listening and event == "open" and isinstance(args[0], str) and args[0].endswith(".html"):
        listening[-1].append(args[0])


sys.addaudithook(note_template_reads)


@pytest.fixture
def compiled():
    """The paths of the template files read (so compiled) from now on."""
    paths = []
    listening.append(paths)
    yield paths
    listening.remove(paths)


def read(paths, name):
    return any(path.endswith(f"/templates/{name}") for path in paths)


def play_a_deal(client, match):
    assert client.get(match.get_absolute_url()).status_code == 200
    deal = {"number": 1, "points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}
    saved = client.post(reverse("round_add", args=[match.pk]), deal, HTTP_HX_REQUEST="true")
    assert "Round 2 of" in saved.content.decode()
    undone = client.post(reverse("round_undo", args=[match.pk]), {"number": 1}, HTTP_HX_REQUEST="true")
    assert "Round 1 of" in undone.content.decode()


@pytest.fixture
def match_played_by_owner(persona_client, night):
    return persona_client("owner"), MatchFactory(
        night=night, game="molotow", names=["Anna", "Beat", "Cla", "Dora"]
    )


def test_a_cold_process_compiles_templates_on_its_first_scoreboard_and_save(match_played_by_owner, compiled):
    client, match = match_played_by_owner
    forget_compiled_templates()
    play_a_deal(client, match)
    get_default_renderer().get_template("django/forms/widgets/select.html")
    assert read(compiled, "play/detail.html")
    assert read(compiled, "django/forms/widgets/select.html")


def test_after_warming_the_first_scoreboard_save_and_undo_compile_nothing(match_played_by_owner, compiled):
    client, match = match_played_by_owner
    forget_compiled_templates()
    warm()
    compiled.clear()
    play_a_deal(client, match)
    # Widgets are compiled by the form renderer's engine, which has a cache of its own.
    get_default_renderer().get_template("django/forms/widgets/select.html")
    assert compiled == []


def test_gunicorn_warms_the_master_once_it_has_loaded_companion(monkeypatch):
    warmed = []
    monkeypatch.setattr("companion.lib.warm.warm", lambda: warmed.append(True))
    gunicorn_conf.when_ready(SimpleNamespace(cfg=SimpleNamespace(preload_app=True)))
    assert warmed == [True]
    gunicorn_conf.when_ready(SimpleNamespace(cfg=SimpleNamespace(preload_app=False)))
    assert warmed == [True], "without preload_app the workers load Django themselves: nothing to warm"
