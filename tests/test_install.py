"""``make``'s install step leaves no outdated packaging tools in the app's virtualenv."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def install_recipe() -> str:
    makefile = (ROOT / "Makefile").read_text()
    return makefile.split("$(VENV)/.installed:", 1)[1].split("\n\n", 1)[0]


def test_the_install_step_upgrades_setuptools_with_pip():
    """Python 3.11's venv brings setuptools 65 (CVE-2024-6345, CVE-2025-47273); pip replaces it."""
    recipe = install_recipe()
    assert re.search(r"pip install .*--upgrade pip 'setuptools>=78\.1\.1'", recipe), recipe
    # A changed recipe reinstalls an existing venv too.
    assert recipe.splitlines()[0].split() == ["pyproject.toml", "Makefile"]


def test_the_virtualenv_has_a_fixed_setuptools():
    major, minor, patch = (int(part) for part in importlib.metadata.version("setuptools").split(".")[:3])
    assert (major, minor, patch) >= (78, 1, 1)
