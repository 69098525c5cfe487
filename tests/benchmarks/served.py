"""A ``make serve``-style Companion on loopback, with seeded data, for the load benchmark and the audit.

Same as ``make serve``: gunicorn with companion/gunicorn_conf.py, ``DEBUG=0``,
collected, hashed and compressed static files served by WhiteNoise. Different
from it: a throwaway SQLite database and static folder in a temporary
directory (never the real ``var/``, never ``DATABASE_URL``), bound to
127.0.0.1 only, no access log.

This process configures Django on the same database to seed it, so the
caller can then use the ORM (after :func:`serve` returned).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent


@dataclass
class Server:
    base: str
    session_cookie: str  # "sessionid=…" of the seeded host account
    urls: dict[str, str] = field(default_factory=dict)  # name -> path of a seeded page
    post_matches: list[int] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(var_dir: Path, port: int) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "HTTPS", "BEHIND_PROXY"}}
    environ.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        COMPANION_VAR_DIR=str(var_dir),
        HOST="127.0.0.1",
        PORT=str(port),
        ACCESS_LOG="0",
        DJANGO_SETTINGS_MODULE="companion.settings",
    )
    return environ


def seed(post_matches: int) -> tuple[str, dict[str, str], list[int]]:
    """A host, a night, a Molotow match 8 deals in, and Murlan matches to post rounds to."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from companion.models import GameNight
    from companion.play import rounds
    from companion.play.setup import create_match

    user = get_user_model().objects.create_user("host", password=secrets.token_urlsafe(16))
    night = GameNight.objects.create(owner=user, title="Friday cards", date="2026-11-27", place="Chur")
    names = ["Anna", "Beat", "Cla", "Dora"]
    molotow = create_match(night, "molotow", names, 0, {}, user)
    deals = [
        {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}},
        {"points": {"Anna": 60, "Beat": 60, "Cla": 22, "Dora": 15}},
        {"points": {"Anna": 80, "Beat": 45, "Cla": 16, "Dora": 16}},
        {"points": {"Anna": 75, "Beat": 35, "Cla": 35, "Dora": 12}},
    ]
    for number, entry in enumerate(deals * 2, start=1):
        rounds.add_round(molotow, entry, number=number, user=user)
    murlan = create_match(night, "murlan", names, 0, {"target": 1000, "max_target": 1000}, user)
    for number in range(1, 6):
        rounds.add_round(
            murlan, {"order": names[number % 4 :] + names[: number % 4]}, number=number, user=user
        )
    targets = [
        create_match(night, "murlan", names, 0, {"target": 1000, "max_target": 1000}, user).pk
        for _ in range(post_matches)
    ]
    client = Client()
    client.force_login(user)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    urls = {
        "start page": "/",
        "scoreboard (Molotow, 8 deals)": molotow.get_absolute_url(),
        "scoreboard (Murlan, 5 hands)": murlan.get_absolute_url(),
    }
    return cookie, urls, targets


@contextlib.contextmanager
def serve(post_matches: int = 0, keep: bool = False) -> Iterator[Server]:
    work = Path(tempfile.mkdtemp(prefix="companion-served-"))
    port = free_port()
    environ = environment(work, port)
    os.environ.update(environ)
    python = str(VENV_BIN / "python")
    for command in (["migrate", "--no-input", "-v", "0"], ["collectstatic", "--no-input", "-v", "0"]):
        subprocess.run([python, "manage.py", *command], cwd=ROOT, env=environ, check=True)

    import django

    django.setup()
    cookie, urls, targets = seed(post_matches)
    from django.db import connections

    connections.close_all()

    gunicorn = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "-c", "python:companion.gunicorn_conf", "companion.wsgi"],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, gunicorn)
        yield Server(base=base, session_cookie=cookie, urls=urls, post_matches=targets)
    finally:
        gunicorn.terminate()
        try:
            gunicorn.wait(timeout=20)
        except subprocess.TimeoutExpired:
            gunicorn.kill()
        if not keep:
            import shutil

            shutil.rmtree(work, ignore_errors=True)


def wait_until_up(base: str, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn stopped: {process.stderr.read()}")
        try:
            with urllib.request.urlopen(f"{base}/healthz/", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer within a minute")
