"""gunicorn with ``make serve``'s settings (companion/gunicorn_conf.py): with threaded workers long requests are stopped; no control socket."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
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
    """gunicorn with Companion's settings file and its threaded WSGI workers (``WORKER_CLASS=gthread``),
    serving tests/slow_wsgi.py, with a 3-second timeout."""
    port = free_port()
    environ = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),  # where gunicorn would put its default control socket
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "WORKER_CLASS": "gthread",
        "THREADS": "2",
        "REQUEST_TIMEOUT": "3",
        "ACCESS_LOG": "0",
    }
    server = subprocess.Popen(
        [str(GUNICORN), "-c", "python:companion.gunicorn_conf", "tests.slow_wsgi"],
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


def test_a_request_running_past_the_timeout_is_stopped_and_the_server_goes_on(served):
    base, _ = served
    started = time.monotonic()
    with pytest.raises((urllib.error.URLError, http.client.HTTPException, ConnectionError)):
        get(base + "/sleep/60", timeout=30)
    stopped_after = time.monotonic() - started
    assert 2.5 < stopped_after < 10, stopped_after  # 3 s, plus the master's once-a-second look
    # A new worker answers.
    for _ in range(100):
        try:
            assert get(base + "/", timeout=5) == 200
            break
        except OSError:
            time.sleep(0.2)
    else:
        pytest.fail("no worker answered after the timeout")


def test_a_request_shorter_than_the_timeout_is_answered(served):
    base, _ = served
    assert get(base + "/sleep/1.5", timeout=20) == 200


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
