"""gunicorn with ``make serve``'s settings (companion/gunicorn_conf.py): event-loop workers, no control socket, a frozen app."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str, timeout: float) -> int:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.status


@pytest.fixture
def served(tmp_path):
    """gunicorn with Companion's settings file and its event-loop workers, serving tests/probe_asgi.py."""
    port = free_port()
    environ = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),  # where gunicorn would put its default control socket
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "DEBUG": "1",  # the worker class lives beside Django's application, which then starts
        "ACCESS_LOG": "0",
    }
    server = subprocess.Popen(
        [str(GUNICORN), "-c", "python:companion.gunicorn_conf", "tests.probe_asgi"],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                get(base + "/", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        yield base, tmp_path
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=30)
        print(output)


def test_gunicorn_opens_no_control_socket(served):
    """gunicorn 25+ puts one at ~/.gunicorn/gunicorn.ctl; a second instance would take it over."""
    _, home = served
    time.sleep(2)  # gunicorn opens it from a background thread, once the workers run
    assert not (home / ".gunicorn").exists()


def test_the_workers_garbage_collector_leaves_what_the_master_loaded_alone(served):
    """gc.freeze before each fork: a full collection in a worker does not walk the loaded app."""
    base, _ = served
    with urllib.request.urlopen(base + "/frozen", timeout=10) as response:
        assert int(response.read()) > 1000
