"""``make``'s install step installs the locked versions and leaves no outdated packaging tools."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]


def install_recipe() -> str:
    makefile = (ROOT / "Makefile").read_text()
    return makefile.split("$(VENV)/.installed:", 1)[1].split("\n\n", 1)[0]


def test_the_install_step_upgrades_setuptools_with_pip():
    """Python 3.11's venv brings setuptools 65 (CVE-2024-6345, CVE-2025-47273); pip replaces it."""
    recipe = install_recipe()
    assert re.search(r"pip install .*--upgrade pip 'setuptools>=78\.1\.1'", recipe), recipe
    # A changed recipe reinstalls an existing venv too.
    assert recipe.splitlines()[0].split() == ["requirements/dev.txt", "pyproject.toml", "Makefile"]


def test_the_virtualenv_has_a_fixed_setuptools():
    major, minor, patch = (int(part) for part in importlib.metadata.version("setuptools").split(".")[:3])
    assert (major, minor, patch) >= (78, 1, 1)


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = [req for group in project["optional-dependencies"].values() for req in group]
    return [Requirement(text) for text in [*project["dependencies"], *extras]]


def locked(name: str) -> dict[str, str]:
    pins = re.findall(r"^([A-Za-z0-9_.\-]+)==(\S+)", (ROOT / "requirements" / name).read_text(), re.M)
    return {package.lower().replace("_", "-"): version for package, version in pins}


def test_the_install_step_installs_the_locked_versions():
    recipe = install_recipe()
    assert "pip install --quiet -r requirements/dev.txt" in recipe, recipe
    assert "--no-deps -e ." in recipe, recipe


def test_every_dependency_has_an_upper_bound():
    unbounded = [
        str(req)
        for req in declared()
        if not any(s.operator in ("<", "<=", "==", "~=") for s in req.specifier)
    ]
    assert unbounded == []


def test_the_lock_files_pin_every_declared_dependency_within_its_range():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for lock, texts in (
        ("base.txt", project["dependencies"]),
        ("dev.txt", [*project["dependencies"], *project["optional-dependencies"]["dev"]]),
    ):
        pins = locked(lock)
        for req in map(Requirement, texts):
            name = req.name.lower().replace("_", "-")
            assert name in pins, f"{name} is not in requirements/{lock}: run make lock"
            assert req.specifier.contains(pins[name], prereleases=True), (name, pins[name], lock)


def test_the_test_tools_are_not_in_the_run_time_lock():
    assert "pytest" not in locked("base.txt") and "playwright" not in locked("base.txt")
