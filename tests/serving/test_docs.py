"""The README and docs/ describe the product as it is: every command they show still works.

Each fenced ``sh`` block is read command by command. ``make`` targets must exist in the
Makefile; ``manage.py`` commands must exist and accept the arguments shown (their own argument
parser reads them); ``python -m`` modules must import; any other program must be in the checked
list below, with why it is not run here.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest
from django.core.management import get_commands, load_command_class

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```sh\n(.*?)^```", re.M | re.S)

# Programs the docs show that are the host's own tools, not Companion's: what each is for.
OTHER_PROGRAMS = {
    "cp": "copying a backup back in place (restore)",
    "rm": "removing SQLite's -wal/-shm files before a restore",
    "export": "setting an environment variable",
    "pg_restore": "PostgreSQL's restore of a pg_dump backup",
    "systemctl": "the host's service manager",
    "crontab": "the host's scheduler",
    "curl": "asking a running server",
    "git": "fetching a release",
    "cd": "changing directory",
    "sudo": "the host's own administration (systemd units)",
    "journalctl": "the host's service logs",
}


def commands() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        for block in FENCE.findall(page.read_text()):
            for line in block.replace("\\\n", " ").splitlines():
                line = line.split(" #", 1)[0].strip()
                if line and not line.startswith("#"):
                    found.append((page.relative_to(ROOT).as_posix(), line))
    return found


def makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text()
    return set(re.findall(r"^([a-z][a-z0-9-]*):", text, re.M))


def check(command: str) -> None:
    words = shlex.split(command)
    for redirection in ("<", ">", "|", ">>", "&&"):  # what the shell does with the output is not ours
        if redirection in words:
            words = words[: words.index(redirection)]
    if words[0] == "make":
        targets = [w for w in words[1:] if "=" not in w]
        assert set(targets) <= makefile_targets(), f"no such make target in {targets}"
        return
    if words[0].endswith("python") or words[0].endswith("python3.11"):
        if words[1] == "-m":
            assert importlib.util.find_spec(words[2]) is not None, f"no module {words[2]}"
            return
        assert words[1] == "manage.py", command
        name, args = words[2], words[3:]
        assert name in get_commands(), f"no management command {name}"
        parser = load_command_class(get_commands()[name], name).create_parser("manage.py", name)
        parser.parse_args(args)  # exits (SystemExit) on an unknown option or a missing argument
        return
    assert words[0] in OTHER_PROGRAMS, f"{words[0]}: run it in a test or add it to OTHER_PROGRAMS"


@pytest.mark.parametrize(("page", "command"), commands())
def test_every_command_in_the_docs_still_works(page, command):
    check(command)


def test_the_docs_show_commands_at_all():
    assert len(commands()) >= 10


def test_the_readme_is_short_and_starts_with_the_two_commands():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 200
    head = "\n".join(lines[:40])
    assert "`make run`" in head and "`make test`" in head


def test_every_link_between_the_pages_leads_somewhere():
    broken = []
    for page in PAGES:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text()):
            if not (page.parent / target).exists():
                broken.append(f"{page.name} -> {target}")
    assert broken == []


def test_the_docs_speak_of_the_product_not_of_how_it_was_made():
    pattern = re.compile(r"[Ss]ession [0-9]+|helpers? (idle|stopped)|[Ii]ssue [0-9]+|this round\b")
    found = [
        f"{page.name}: {line.strip()}"
        for page in PAGES
        for line in page.read_text().splitlines()
        if pattern.search(line)
    ]
    assert found == []
