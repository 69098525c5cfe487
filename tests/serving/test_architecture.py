"""The layout keeps its promises: no import cycles, a library that knows nothing above it, and no game key in shared code.

The import graph is read from the source (every ``import`` and ``from … import``
of a ``companion`` module, also those inside functions: an import moved into a
function hides a cycle, it does not break it), so a cycle fails here with the
modules that form it.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from django.conf import settings

from companion.games import registry

ROOT = Path(settings.BASE_DIR)
PACKAGE = ROOT / "companion"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def companion_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for path in sorted(PACKAGE.rglob("*.py"))
        if not {"migrations", "locale", "tests"} & set(path.parts)
    }


def imported(path: Path, modules: dict[str, Path], root: Path = ROOT) -> set[str]:
    """The companion modules ``path`` imports (``from a import b`` is ``a.b`` when that is a module)."""
    found = set()
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], base]
                ).strip(".")
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return {module for module in found if module in modules and module != name}


def import_graph() -> dict[str, set[str]]:
    modules = companion_modules()
    graph = {name: imported(path, modules) for name, path in modules.items()}
    # The registry imports each game's package by name (importlib): the graph has those edges too.
    graph["companion.games.registry"] |= {f"companion.games.{key}" for key in registry.GAMES}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_is_read_from_the_source():
    graph = import_graph()
    assert "companion.standings" in graph["companion.play.scoreboard"]
    assert "companion.games.registry" in graph["companion.play.scoreboard"]


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_companion_modules_import_each_other_in_a_cycle():
    assert cycles(import_graph()) == []


def test_the_library_imports_nothing_above_it():
    """``companion/lib/`` serves, protects and measures the features; it names none of them.

    A feature that lib needs registers with it (a setting names the hook: ``STATIC_BUNDLES``) or
    owns the code itself (the account pages' middleware is companion/accounts/middleware.py).
    Imports inside functions count too.
    """
    graph = import_graph()
    found = [
        f"{module} imports {target}"
        for module, targets in sorted(graph.items())
        if module == "companion.lib" or module.startswith("companion.lib.")
        for target in sorted(targets)
        if not (target == "companion.lib" or target.startswith("companion.lib."))
    ]
    assert not found, "companion/lib imports a feature:\n" + "\n".join(found)


def test_the_library_check_sees_an_import_inside_a_function(tmp_path):
    module = tmp_path / "companion" / "lib" / "hidden.py"
    module.parent.mkdir(parents=True)
    module.write_text("def bundles():\n    from companion.games import registry\n")
    modules = {"companion.games.registry": module, "companion.games": module}
    assert "companion.games.registry" in imported(module, modules, root=tmp_path)


def test_every_companion_module_imports():
    for name in companion_modules():
        if name not in {"companion.wsgi", "companion.gunicorn_conf"}:
            importlib.import_module(name)


# --- shared code does not know the games -------------------------------------------------

# Migrations are history; models.py takes its list of games from the registry like everyone else.
NAMES_ALLOWED_IN: set[str] = set()
# Django's own words that happen to be a game's key (Free scoring's is "counter"): the loop
# counter and the count variable of {% blocktranslate count counter=… %}.
TEMPLATE_IDIOMS = re.compile(r"forloop\.counter0?|\bcount counter=|{{ counter }}|%\(counter\)s")
COMMENTS = {
    ".html": re.compile(r"{% comment %}.*?{% endcomment %}|{#.*?#}", re.S),
    ".css": re.compile(r"/\*.*?\*/", re.S),
    ".js": re.compile(r"/\*.*?\*/|//[^\n]*", re.S),
}


def shared_files():
    for folder, suffixes in (("companion", {".py"}), ("templates", {".html"}), ("static", {".js", ".css"})):
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in suffixes or "/games/" in f"/{relative}" or "vendor" in path.parts:
                continue
            if "migrations" in path.parts or relative in NAMES_ALLOWED_IN:
                continue
            yield relative, path


def identifier(name: str) -> str:
    """A name as the check reads it: MURLAN_ROWS names a game; a class such as collections.Counter does not."""
    return name if name[:1].isupper() and not name.isupper() else name.lower()


def python_mentions(path: Path, word: re.Pattern) -> list[str]:
    """Game keys in a module's code: its string literals and names (docstrings and comments may say them)."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value
        elif isinstance(node, ast.Name):
            text = identifier(node.id)
        elif isinstance(node, ast.Attribute):
            text = identifier(node.attr)
        else:
            continue
        if word.search(text):
            found.append(f"{node.lineno}: {text[:80]}")
    return found


def test_no_shared_file_names_a_game():
    word = re.compile(rf"(?<![a-z])(?:{'|'.join(map(re.escape, registry.GAMES))})(?![a-z])")
    found = []
    for relative, path in shared_files():
        if path.suffix == ".py":
            found += [f"{relative}:{where}" for where in python_mentions(path, word)]
            continue
        text = TEMPLATE_IDIOMS.sub("", COMMENTS[path.suffix].sub("", path.read_text()))
        found += [f"{relative}: {line.strip()[:80]}" for line in text.splitlines() if word.search(line)]
    assert not found, "shared code names a game; ask the registry instead:\n" + "\n".join(found)


def test_the_game_name_check_sees_names_in_code(tmp_path):
    word = re.compile(r"(?<![a-z])(?:murlan)(?![a-z])")
    module = tmp_path / "shared.py"
    module.write_text(
        '"""Murlan and murlan in a docstring are fine."""\nif game == "murlan":\n    x = MURLAN_ROWS\n'
    )
    assert python_mentions(module, word) == ["2: murlan", "3: murlan_rows"]
