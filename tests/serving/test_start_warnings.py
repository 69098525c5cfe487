"""``make run`` and ``make serve`` run the system checks once: a warning about var/ is printed once, not
once per step (issue 37: five times)."""

import re
from pathlib import Path

import pytest
from django.core import checks
from django.core.management import get_commands, load_command_class

ROOT = Path(__file__).resolve().parents[2]
# These run every check themselves (in handle or inner_run) unless told --skip-checks.
CHECKS_IN_HANDLE = {"migrate", "runserver"}


def recipe(target: str) -> list[str]:
    text = (ROOT / "Makefile").read_text()
    body = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", text, re.MULTILINE).group(1)
    return re.findall(r"manage\.py (\w+)([^&\n]*)", body)


def runs_the_checks(name: str, arguments: str) -> bool:
    if "--skip-checks" in arguments:
        return False
    if name in CHECKS_IN_HANDLE:
        return True
    wanted = load_command_class(get_commands()[name], name).requires_system_checks
    return wanted == "__all__" or checks.Tags.security in wanted


@pytest.mark.parametrize("target", ["run", "serve"])
def test_starting_runs_the_system_checks_once(target):
    steps = recipe(target)
    assert len(steps) >= 4
    assert [name for name, arguments in steps if runs_the_checks(name, arguments)] in (
        ["runserver"],
        ["migrate"],
    )
