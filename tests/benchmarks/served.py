"""``make serve``-style Companions on loopback, with seeded data, for the benchmarks and the audit.

Same as ``make serve``: gunicorn with companion/gunicorn_conf.py, ``DEBUG=0``,
collected, hashed and compressed static files served by WhiteNoise. Different
from it: a throwaway SQLite database and static folder in a temporary
directory (never the real ``var/``), or the PostgreSQL database the caller
names (``make bench-scale`` makes a throwaway one); bound to 127.0.0.1 only;
no access log; ``SERVER_TIMING=1``, so every response says what it cost the
server (companion/lib/server_timing.py).

This process configures Django on the same database to seed it, so the
caller can then use the ORM (after :func:`serve` returned).
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
NAMES = ["Anna", "Beat", "Cla", "Dora"]
# Molotow deals that cycle through every kind of result (sticks, potatoes, a draw).
DEALS = [
    {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
    {"points": {"Anna": 60, "Beat": 60, "Cla": 22, "Dora": 15}},
    {"points": {"Anna": 80, "Beat": 45, "Cla": 16, "Dora": 16}},
    {"points": {"Anna": 75, "Beat": 35, "Cla": 35, "Dora": 12}},
]


@dataclass
class Gunicorn:
    """One running gunicorn: its master process, where it listens, and what its log says."""

    process: subprocess.Popen
    base: str
    log: Path

    def workers(self) -> list[int]:
        """The worker processes' ids (the master's children)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()]

    def boots(self) -> int:
        """How many workers have started so far (more than ``workers`` means some restarted)."""
        return self.log.read_text().count("Booting worker with pid")

    def connections(self) -> Counter:
        """Established client connections held by each worker, read from /proc."""
        port = int(self.base.rsplit(":", 1)[1])
        established = set()
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            with contextlib.suppress(FileNotFoundError):
                for line in Path(table).read_text().splitlines()[1:]:
                    fields = line.split()
                    local_port = int(fields[1].rsplit(":", 1)[1], 16)
                    if local_port == port and fields[3] == "01":  # 01: ESTABLISHED
                        established.add(fields[9])  # the socket's inode
        held = Counter()
        for pid in self.workers():
            with contextlib.suppress(FileNotFoundError, PermissionError):
                for fd in Path(f"/proc/{pid}/fd").iterdir():
                    with contextlib.suppress(OSError):
                        target = os.readlink(fd)
                        if target.startswith("socket:[") and target[8:-1] in established:
                            held[pid] += 1
        return held


@dataclass
class Server:
    base: str
    # The Cookie header of the seeded host account's browser, as after logging in: "sessionid=…; csrftoken=…"
    session_cookie: str
    urls: dict[str, str] = field(default_factory=dict)  # name -> path of a seeded page
    post_matches: list[int] = field(default_factory=list)
    instances: list[Gunicorn] = field(default_factory=list)
    environ: dict[str, str] = field(default_factory=dict)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(var_dir: Path, port: int, database_url: str | None = None, secret_key: str = "") -> dict:
    environ = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "HTTPS", "BEHIND_PROXY"}}
    environ.update(
        DEBUG="0",
        SECRET_KEY=secret_key or secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        COMPANION_VAR_DIR=str(var_dir),
        HOST="127.0.0.1",
        PORT=str(port),
        ACCESS_LOG="0",
        SERVER_TIMING="1",
        DJANGO_SETTINGS_MODULE="companion.settings",
    )
    if database_url:
        environ["DATABASE_URL"] = database_url
    return environ


def molotow_with(night, user, deals: int, rounds: int = 100):
    """A Molotow match ``deals`` deals into a match of ``rounds``."""
    from companion.play.setup import create_match
    from tests.factories import enter_round  # the match page's own save (rounds.save_entry)

    match = create_match(night, "molotow", NAMES, 0, {"rounds": rounds}, user)
    for number in range(1, deals + 1):
        enter_round(match, DEALS[(number - 1) % len(DEALS)], number=number, user=user)
    return match


def seed(post_matches: int, long_scoreboards: bool = False) -> tuple[str, dict[str, str], list[int]]:
    """A host, a night, a Molotow match 8 deals in, a Murlan in play, and matches to post rounds to.

    With ``long_scoreboards`` also Molotow matches 5 and 30 deals in, and the ``post_matches``
    are Molotow matches 10 deals in (rounds are saved and undone there); otherwise they are
    fresh Murlan matches to a target of 1000.
    """
    from django.contrib.auth import get_user_model
    from django.test import Client

    from companion.models import GameNight
    from companion.play.setup import create_match
    from tests.factories import enter_round

    user = get_user_model().objects.create_user("host", password=secrets.token_urlsafe(16))
    night = GameNight.objects.create(owner=user, title="Friday cards", date="2026-11-27", place="Chur")
    molotow = molotow_with(night, user, 8, rounds=12)
    murlan = create_match(night, "murlan", NAMES, 0, {"target": 1000, "max_target": 1000}, user)
    for number in range(1, 6):
        enter_round(murlan, {"order": NAMES[number % 4 :] + NAMES[: number % 4]}, number=number, user=user)
    entry = create_match(night, "molotow", NAMES, 0, {"rounds": 30}, user)  # for bench-entry
    urls = {
        "start page": "/",
        "entry (Molotow, 30 deals to play)": entry.get_absolute_url(),
        "players": "/players/",
        "scoreboard (Molotow, 8 deals)": molotow.get_absolute_url(),
        "scoreboard (Murlan, 5 hands)": murlan.get_absolute_url(),
    }
    if long_scoreboards:
        urls["scoreboard (Molotow, 5 deals)"] = molotow_with(night, user, 5).get_absolute_url()
        urls["scoreboard (Molotow, 30 deals)"] = molotow_with(night, user, 30).get_absolute_url()
        targets = [molotow_with(night, user, 10).pk for _ in range(post_matches)]
    else:
        targets = [
            create_match(night, "murlan", NAMES, 0, {"target": 1000, "max_target": 1000}, user).pk
            for _ in range(post_matches)
        ]
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(user)
    # A browser that has logged in carries every cookie its first pages set: the session, the
    # CSRF cookie (the login page set it) and the account the phone keeps offline pages for.
    client.get(urls["players"])
    cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())
    return cookie, urls, targets


def prepare(environ: dict[str, str]) -> None:
    """Migrate the database and collect the static files, as ``make serve`` does."""
    python = str(VENV_BIN / "python")
    for command in (["migrate", "--no-input", "-v", "0"], ["collectstatic", "--no-input", "-v", "0"]):
        subprocess.run([python, "manage.py", *command], cwd=ROOT, env=environ, check=True)


def start_gunicorn(environ: dict[str, str], log: Path) -> Gunicorn:
    process = subprocess.Popen(
        [
            str(VENV_BIN / "gunicorn"),
            "-c",
            "python:companion.gunicorn_conf",
            environ.get("APP", "companion.asgi"),
        ],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.DEVNULL,
        stderr=log.open("w"),
        text=True,
    )
    instance = Gunicorn(process, f"http://127.0.0.1:{environ['PORT']}", log)
    wait_until_up(instance)
    # The first answer comes from the first worker up: wait for all of them, so that a
    # later count of boots only counts restarts.
    expected = int(environ.get("WEB_CONCURRENCY", str(2 * (os.cpu_count() or 1))))
    deadline = time.monotonic() + 60
    while instance.boots() < expected and time.monotonic() < deadline:
        time.sleep(0.1)
    return instance


def stop_gunicorn(instance: Gunicorn) -> None:
    instance.process.terminate()
    try:
        instance.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        instance.process.kill()


@contextlib.contextmanager
def serve(
    post_matches: int = 0,
    keep: bool = False,
    *,
    instances: int = 1,
    database_url: str | None = None,
    long_scoreboards: bool = False,
) -> Iterator[Server]:
    """Seeded gunicorns on loopback: ``instances`` of them on their own ports, one database."""
    work = Path(tempfile.mkdtemp(prefix="companion-served-"))
    secret_key = secrets.token_urlsafe(50)  # shared: a session signed by one is good on the other
    environs = [environment(work, free_port(), database_url, secret_key) for _ in range(max(1, instances))]
    prepare(environs[0])
    os.environ.update(environs[0])

    import django

    django.setup()
    # The benchmarks print their own figures; httpx's line per request (Django's logging
    # sends INFO to the console) would bury them.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    cookie, urls, targets = seed(post_matches, long_scoreboards)
    from django.db import connections

    connections.close_all()

    running: list[Gunicorn] = []
    try:
        for number, environ in enumerate(environs):
            running.append(start_gunicorn(environ, work / f"gunicorn-{number}.log"))
        yield Server(
            base=running[0].base,
            session_cookie=cookie,
            urls=urls,
            post_matches=targets,
            instances=running,
            environ=environs[0],
        )
    finally:
        for instance in running:
            stop_gunicorn(instance)
        if not keep:
            import shutil

            shutil.rmtree(work, ignore_errors=True)


def wait_until_up(instance: Gunicorn, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if instance.process.poll() is not None:
            raise RuntimeError(f"gunicorn stopped: {instance.log.read_text()}")
        try:
            with urllib.request.urlopen(f"{instance.base}/healthz/", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer within a minute")
