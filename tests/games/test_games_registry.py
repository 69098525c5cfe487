"""Every game has every part: the registry is walked, each part is looked up and used once.

A game is its engine (``scoring/<game>.py``) and one folder, ``companion/games/<game>/``:
a Django app with its web code, templates, static files and tests. A game that lacks a
part, or keeps one outside its folder, fails here, naming the game and the part, before
any page would fail with a missing template.
"""

from __future__ import annotations

import random
import re
import tomllib
from importlib import import_module
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import get_template
from django.urls import get_resolver

from companion.games import registry
from companion.games.entry import EntryForm
from companion.games.examples import Example
from companion.games.parts import STATIC_PARTS, TEMPLATE_PARTS, DemoPlay, Figure, Game
from companion.printing.house_rules import clean_options
from companion.printing.rules import worked_examples
from scoring.matchfile import MatchFile, with_first_dealer
from scoring.registry import ENGINES

ROOT = Path(settings.BASE_DIR)
GAMES = list(registry.GAMES)


def test_every_engine_has_a_web_side_and_every_web_side_an_engine():
    assert list(registry.GAMES) == list(ENGINES)
    for key, game in registry.GAMES.items():
        assert isinstance(game, Game), key
        assert game.key == key


def test_an_unknown_game_is_a_lookup_error_not_a_crash():
    for key in ("", "poker", None, 3):
        with pytest.raises(LookupError):
            registry.get(key)


@pytest.mark.parametrize("key", GAMES)
def test_each_game_is_an_installed_app_in_its_own_folder(key):
    app = apps.get_app_config(key)
    assert app.name == f"companion.games.{key}"
    assert Path(app.path) == ROOT / "companion" / "games" / key


def test_a_game_is_its_engine_and_its_folder_and_nothing_elsewhere():
    """No file named after a game outside ``companion/games/<game>/`` but its engine's ``scoring/<game>*.py``."""
    named = re.compile(rf"(?<![a-z])({'|'.join(GAMES)})(?![a-z])")
    astray = [
        path.relative_to(ROOT).as_posix()
        for folder in ("companion", "templates", "static", "tests", "scoring")
        for path in (ROOT / folder).rglob("*")
        if "__pycache__" not in path.parts
        and (found := named.search(path.relative_to(ROOT).as_posix()))
        and not path.is_relative_to(ROOT / "companion" / "games" / found.group(1))
        and not (path.parent == ROOT / "scoring" and path.name.startswith(found.group(1)))
    ]
    assert astray == []


@pytest.mark.parametrize("key", GAMES)
def test_each_game_has_its_own_tests_in_its_folder_and_the_suite_collects_them(key):
    folder = ROOT / "companion" / "games" / key / "tests"
    assert (folder / "__init__.py").is_file() and list(folder.glob(f"test_{key}*.py")), f"{key} has no tests"
    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "companion/games" in pytest_options["testpaths"]


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("method", ["csv_detail", "house_rules", "describe_example"])
def test_each_game_says_what_every_game_must(key, method):
    assert getattr(type(registry.get(key)), method) is not getattr(Game, method), f"{key} lacks {method}"


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("part", TEMPLATE_PARTS)
def test_each_game_has_its_templates(key, part):
    name = registry.get(key).template(part)
    folder = ROOT / "companion" / "games" / key / "templates"
    assert (folder / name).is_file(), f"{key} lacks {folder.relative_to(ROOT)}/{name}"
    assert Path(get_template(name).origin.name) == folder / name  # found there, and it compiles


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("part", STATIC_PARTS)
def test_each_game_has_its_static_files(key, part):
    name = f"games/{key}/{part}"
    folder = ROOT / "companion" / "games" / key / "static"
    assert finders.find(name) == str(folder / name), f"{key} lacks {folder.relative_to(ROOT)}/{name}"
    game = registry.get(key)
    assert name in {game.script, game.stylesheet}


@pytest.mark.parametrize("key", GAMES)
def test_each_game_has_an_entry_form_that_renders_its_own_partial(key):
    game = registry.get(key)
    assert issubclass(game.entry_form, EntryForm), key
    assert game.entry_form.template_name == game.entry_template
    engine = ENGINES[key]
    players = [f"P{seat}" for seat in range(engine.min_players)]
    form = game.entry_form(players=players, options=clean_options(key), initial={"number": 1})
    assert form.fields, f"{key}'s entry form has no fields"


@pytest.mark.parametrize("key", GAMES)
def test_each_game_names_itself_and_its_figure(key):
    game = registry.get(key)
    assert str(game.label).strip()
    assert isinstance(game.figure, Figure)
    assert str(game.figure.label).strip() and str(game.figure.short).strip()


@pytest.mark.parametrize("key", GAMES)
def test_each_game_has_worked_examples_its_engine_scores_and_csv_cells_for_them(key):
    game = registry.get(key)
    assert game.examples, f"{key} has no worked examples for its rules page"
    assert game.csv_column and game.csv_column.isidentifier()
    for example in [*game.examples, *game.extra_examples.values()]:
        assert isinstance(example, Example)
        ENGINES[key].score(
            example.players, dict(example.options), list(example.rounds), closed=example.closed
        )
        for entry in example.rounds:
            for name in example.players:
                assert isinstance(game.csv_detail(entry, name), str | int)


@pytest.mark.parametrize("key", GAMES)
def test_each_game_tells_its_worked_examples_in_words(key):
    for worked in worked_examples(key):
        assert worked.description.strip(), f"{key}: {worked.key}"


@pytest.mark.parametrize("key", GAMES)
def test_each_game_writes_its_house_rules_in_sentences(key):
    sentences = registry.get(key).house_rules(clean_options(key))
    assert sentences and all(isinstance(text, str) and text.strip() for text in sentences.values())


@pytest.mark.parametrize("key", GAMES)
def test_each_game_lists_the_texts_of_its_engine_options_for_translation(key):
    texts = set(registry.get(key).option_texts)
    for option in ENGINES[key].options:
        assert option.label in texts, f"{key}: {option.label!r}"
        assert not option.help or option.help in texts, f"{key}: {option.help!r}"
        assert set(option.choices) <= texts, f"{key}: {option.choices!r}"


@pytest.mark.parametrize("key", GAMES)
def test_each_game_prints_a_blank_sheet_of_some_rows(key):
    game = registry.get(key)
    rows = game.sheet_rows or clean_options(key).get("rounds")
    assert isinstance(rows, int) and rows > 0, f"{key}: a sheet needs sheet_rows or a set number of rounds"


@pytest.mark.parametrize("key", GAMES)
def test_each_game_plays_demo_matches_its_engine_accepts(key):
    game = registry.get(key)
    assert isinstance(game.demo, DemoPlay) and game.demo.minutes_per_round > 0
    engine = ENGINES[key]
    rng = random.Random(7)
    for _ in range(5):
        count = max(engine.min_players, min(game.demo.players(rng), engine.max_players))
        names = [f"P{seat}" for seat in range(count)]
        options = engine.clean_options(names, {**game.demo.options(rng), "first_dealer": names[0]})
        rounds, closed = game.demo.play(rng, names, options, dict.fromkeys(names, 1.0))
        options.pop("first_dealer")
        result = MatchFile(key, names, with_first_dealer(options, names, 0), rounds).score(closed=closed)
        assert result.finished, f"{key}: a demo match is played to its end"


@pytest.mark.parametrize("key", GAMES)
def test_each_games_own_urls_are_mounted_on_the_site(key):
    game = registry.get(key)
    if game.urls is not None:
        site = set(get_resolver().reverse_dict)  # the site's URL names: it mounts the game's
        names = {pattern.name for pattern in import_module(game.urls).urlpatterns}
        assert names and names <= site, f"{key}: {names}"
