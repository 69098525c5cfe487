"""Safe to host, round four (issue 36): no anonymous client can starve the server.

Each test names the finding it checks. The ASGI-level limits (bodies, streams) are
checked on ``companion.asgi`` directly; the head limits, which live in the HTTP
parser, on a real gunicorn with ``make serve``'s settings (tests/probe_asgi.py).
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import time

import httpx
import pytest
from django.db.backends.signals import connection_created

from companion import asgi
from companion.live import streams as live_streams
from companion.transfer.forms import MAX_FILE_SIZE
from tests.fixtures import run_async
from tests.serving.test_gunicorn import GUNICORN, ROOT, free_port, get


class Recorder:
    """An ASGI app that notes what it was given."""

    def __init__(self):
        self.calls = []

    async def __call__(self, scope, receive, send):
        self.calls.append((scope["path"], await receive()))
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def arriving(*messages, stall=False):
    """A ``receive`` that hands out ``messages`` one by one; then a disconnect, or nothing ever (``stall``)."""
    queue = list(messages)
    taken = []

    async def receive():
        await asyncio.sleep(0)
        if not queue and stall:
            await asyncio.sleep(3600)
        message = queue.pop(0) if queue else {"type": "http.disconnect"}
        taken.append(message)
        return message

    return receive, taken


def http(path="/login/", method="POST", headers=(), client=("203.0.113.9", 50000)):
    return {"type": "http", "path": path, "method": method, "headers": list(headers), "client": client}


def answers(coroutine_factory):
    sent = []

    async def send(message):
        sent.append(message)

    run_async(coroutine_factory(send))
    return [message["status"] for message in sent if message["type"] == "http.response.start"]


# --- 2. bodies: refused at once by Content-Length, a deadline, a per-worker budget -----------


def test_a_9_mb_content_length_is_refused_at_once_without_reading_a_byte():
    app = Recorder()
    receive, taken = arriving(stall=True)
    statuses = answers(
        lambda send: asgi.whole_body(http(headers=[(b"content-length", b"9437184")]), receive, send, app)
    )
    assert statuses == [413]
    assert taken == [] and app.calls == []


def test_a_form_page_takes_64_kb_and_the_import_5_mb_with_its_form():
    assert asgi.body_limit(http("/login/")) == 64 * 1024
    assert asgi.body_limit(http("/nights/import/")) >= MAX_FILE_SIZE
    app = Recorder()
    body = b"x" * (2 * 1024 * 1024)
    receive, _taken = arriving({"type": "http.request", "body": body, "more_body": False})
    scope = http("/nights/import/", headers=[(b"content-length", str(len(body)).encode())])
    assert answers(lambda send: asgi.whole_body(scope, receive, send, app)) == [204]
    assert app.calls[0][1]["body"] == body
    too_large = http("/login/", headers=[(b"content-length", str(len(body)).encode())])
    assert answers(lambda send: asgi.whole_body(too_large, *arriving(stall=True)[:1], send, app)) == [413]


def test_a_body_without_content_length_is_refused_once_more_arrives_than_the_page_takes():
    app = Recorder()
    receive, _taken = arriving(
        *({"type": "http.request", "body": b"x" * 16384, "more_body": True} for _ in range(5)), stall=True
    )
    assert answers(lambda send: asgi.whole_body(http(), receive, send, app)) == [413]
    assert app.calls == [] and asgi.buffered == 0


def test_a_stalled_body_is_refused_at_its_deadline_and_its_memory_given_back(monkeypatch):
    monkeypatch.setattr(asgi, "BODY_SECONDS", 0.05)
    monkeypatch.setattr(asgi, "BODY_RATE", 10**12)
    app = Recorder()
    receive, _taken = arriving({"type": "http.request", "body": b"user", "more_body": True}, stall=True)
    started = time.monotonic()
    assert answers(lambda send: asgi.whole_body(http(), receive, send, app)) == [408]
    assert time.monotonic() - started < 2
    assert app.calls == [] and asgi.buffered == 0


def test_unfinished_bodies_together_stay_within_the_workers_budget(monkeypatch):
    """The probe: 60 stalled logins took 1.5 GB. Now the worker holds at most its budget."""
    monkeypatch.setattr(asgi, "BODY_BUDGET", 100_000)
    app = Recorder()
    sent = []

    async def send(message):
        sent.append(message)

    async def attack():
        chunk = {"type": "http.request", "body": b"x" * 30_000, "more_body": True}
        tasks = [
            asyncio.create_task(asgi.whole_body(http(), arriving(chunk, stall=True)[0], send, app))
            for _ in range(6)
        ]
        await asyncio.sleep(0.2)
        held = asgi.buffered
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return held

    held = run_async(attack())
    assert held <= 100_000
    assert [m["status"] for m in sent if m["type"] == "http.response.start"] == [503, 503, 503]
    assert asgi.buffered == 0


# --- 5. streams: GET only, no body, before a setup slot is taken ------------------------------


@pytest.mark.parametrize(
    ("method", "headers", "status"),
    [
        ("POST", [(b"content-length", b"500000000")], 405),
        ("PUT", [], 405),
        ("GET", [(b"content-length", b"10")], 413),
        ("GET", [(b"transfer-encoding", b"chunked")], 413),
    ],
)
def test_a_stream_address_takes_only_a_get_without_a_body(monkeypatch, method, headers, status):
    app = Recorder()
    monkeypatch.setattr(asgi, "streams", app)
    receive, taken = arriving(stall=True)
    scope = http("/s/abc123/events/", method, headers)
    assert answers(lambda send: asgi.application(scope, receive, send)) == [status]
    assert app.calls == [] and taken == []
    assert asgi.stream_setups._value == asgi.THREADS


# --- 1. caps on open streams: per browser, per link, per address, per worker ----------------


def open_streams(monkeypatch, scopes):
    """Opens a stream for each scope at once (each waits until the end); the statuses they got."""
    sent = []

    async def waiting_stream(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"retry: 3000\n\n", "more_body": True})
        await asyncio.sleep(3600)

    monkeypatch.setattr(asgi, "streams", waiting_stream)

    async def many():
        async def send(message):
            sent.append(message)

        tasks = []
        for scope in scopes:
            tasks.append(asyncio.create_task(asgi.application(scope, arriving(stall=True)[0], send)))
            await asyncio.sleep(0)
        await asyncio.sleep(0.1)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    run_async(many())
    assert asgi.open_streams == {} and asgi.streams_open == 0  # every one given back
    return [message["status"] for message in sent if message["type"] == "http.response.start"]


def test_one_signed_in_browser_holds_at_most_10_streams(monkeypatch):
    cookie = [(b"cookie", b"csrftoken=a; sessionid=browser1")]
    other = [(b"cookie", b"sessionid=browser2")]
    statuses = open_streams(
        monkeypatch,
        [http(f"/matches/{n}/events/", "GET", cookie) for n in range(12)]
        + [http("/matches/1/events/", "GET", other)],
    )
    assert statuses.count(200) == 11 and statuses.count(429) == 2


def test_one_share_link_holds_at_most_20_streams_and_another_link_is_not_hindered(monkeypatch):
    scopes = [http("/s/tok1/events/", "GET", client=(f"198.51.100.{n}", 1)) for n in range(25)]
    scopes += [http("/s/tok1/matches/3/events/", "GET"), http("/s/tok2/events/", "GET")]
    statuses = open_streams(monkeypatch, scopes)
    assert statuses[:20] == [200] * 20 and statuses[20:26] == [429] * 6 and statuses[26] == 200


def test_one_address_holds_200_streams_enough_for_a_club_night_behind_one_address(monkeypatch):
    """Club nights: 60 players' phones and 3 TVs share one public address, a stream or two each."""
    venue = ("203.0.113.7", 1)
    phones = [
        http(
            f"/matches/{n % 15 + 1}/events/",
            "GET",
            [(b"cookie", f"sessionid=phone{n}".encode())],
            client=venue,
        )
        for n in range(60)
    ]
    tvs = [http(f"/s/night{n}/events/", "GET", client=venue) for n in range(3)]
    tables = [http(f"/s/table{n}/events/", "GET", client=venue) for n in range(15)]
    assert open_streams(monkeypatch, phones + tvs + tables) == [200] * 78
    attacker = [http(f"/s/t{n}/events/", "GET", client=("192.0.2.1", 1)) for n in range(210)]
    statuses = open_streams(monkeypatch, [*attacker, http("/s/x/events/", "GET", client=("192.0.2.2", 1))])
    assert statuses.count(200) == 201 and statuses.count(429) == 10 and statuses[-1] == 200


def test_an_ipv6_client_counts_by_its_64_for_its_streams():
    first = asgi.stream_keys(http("/s/a/events/", "GET", client=("2001:db8:1:2::1", 1)))
    second = asgi.stream_keys(http("/s/a/events/", "GET", client=("2001:db8:1:2:ffff::9", 1)))
    assert first[0] == second[0] == ("address", "2001:db8:1:2::")


def test_a_worker_holds_no_more_streams_than_its_ceiling_below_the_open_file_limit(monkeypatch):
    assert asgi.STREAM_CEILING < asgi.FILES
    monkeypatch.setattr(asgi, "STREAM_CEILING", 5)
    statuses = open_streams(
        monkeypatch, [http(f"/s/t{n}/events/", "GET", client=(f"10.0.0.{n}", 1)) for n in range(7)]
    )
    assert statuses == [200] * 5 + [503] * 2


def test_streams_that_opened_together_do_not_all_end_together():
    lifetimes = [live_streams.lifetime() for _ in range(50)]
    assert all(0.75 * live_streams.LIFETIME <= each <= live_streams.LIFETIME for each in lifetimes)
    assert max(lifetimes) - min(lifetimes) > 0.05 * live_streams.LIFETIME


# --- 6. every stream answer gives back its database connections -----------------------------


@pytest.mark.django_db(transaction=True)
def test_a_stream_with_a_wrong_token_gives_back_every_database_connection_it_opened():
    """The probe: a flood of wrong tokens took PostgreSQL from 31 to 97 of 100 connections."""
    opened = []

    def note(sender, connection, **kwargs):
        opened.append(connection)

    async def flood():
        transport = httpx.ASGITransport(app=asgi.application)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as browser:
            return [(await browser.get(f"/s/wrong{n}/events/")).status_code for n in range(3)]

    connection_created.connect(note)
    try:
        statuses = run_async(flood())
    finally:
        connection_created.disconnect(note)
    assert statuses == [404, 404, 404]
    assert opened, "the access check reads the database"
    assert [wrapper.connection for wrapper in opened] == [None] * len(opened)


# --- 1, 3. the request head: at most 16 KB, 100 headers, a deadline; connections per address --


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """gunicorn with Companion's settings and worker, serving tests/probe_asgi.py, with short deadlines."""
    home = tmp_path_factory.mktemp("home")
    port = free_port()
    environ = {
        "PATH": os.environ["PATH"],
        "HOME": str(home),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "DEBUG": "1",
        "ACCESS_LOG": "0",
        "HEAD_TIMEOUT": "1",
        "CONNECTIONS_PER_ADDRESS": "20",
    }
    server = subprocess.Popen(
        [str(GUNICORN), "-c", "python:companion.gunicorn_conf", "tests.probe_asgi"],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        for _ in range(200):
            try:
                get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        yield port, server
    finally:
        server.terminate()
        print(server.communicate(timeout=30)[0])


def ask(port: int, head: bytes, source: str = "127.0.0.1", pause: float = 0) -> bytes:
    """Sends ``head`` (in two halves ``pause`` seconds apart) and returns what the server answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as connection:
        half = len(head) // 2
        try:
            connection.sendall(head[:half])
            time.sleep(pause)
            connection.sendall(head[half:])
        except OSError:
            pass
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
                if b"\r\n\r\n" in answer and (b"done" in answer or b"content-length: 0" in answer):
                    break
        except OSError:
            pass
        return answer


def test_a_head_of_16_kb_is_served_and_one_of_1_mb_refused_without_parsing_it(served):
    port, _ = served
    small = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 15000 + b"\r\nConnection: close\r\n\r\n"
    assert ask(port, small).startswith(b"HTTP/1.1 200")
    started = time.monotonic()
    huge = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (1024 * 1024) + b"\r\n\r\n"
    assert ask(port, huge).startswith(b"HTTP/1.1 431")
    assert time.monotonic() - started < 5


def test_a_head_of_10000_headers_is_refused(served):
    port, _ = served
    many = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"a%d: b\r\n" % n for n in range(10000)) + b"\r\n"
    assert ask(port, many).startswith(b"HTTP/1.1 431")
    few = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"a%d: b\r\n" % n for n in range(150)) + b"\r\n"
    assert ask(port, few).startswith(b"HTTP/1.1 431")


def test_a_half_sent_head_is_closed_at_its_deadline(served):
    port, _ = served
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        answer = connection.recv(65536)
    assert answer.startswith(b"HTTP/1.1 408")
    assert time.monotonic() - started < 5
    with socket.create_connection(("127.0.0.1", port), timeout=10) as silent:
        assert silent.recv(65536).startswith(b"HTTP/1.1 408")  # a connection that never says a word too


def test_one_address_holds_a_bounded_number_of_connections_and_another_address_still_gets_its_page(served):
    port, _ = served
    held = [
        socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.2", 0))
        for _ in range(30)
    ]
    try:
        time.sleep(0.3)
        refused = 0
        for connection in held:
            connection.settimeout(0.2)
            try:
                if connection.recv(100).startswith(b"HTTP/1.1 429"):
                    refused += 1
            except TimeoutError:
                pass
        assert refused == 10
        assert ask(port, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").startswith(
            b"HTTP/1.1 200"
        )
    finally:
        for connection in held:
            connection.close()


# --- 9. tokens and reset links stay out of the access log -----------------------------------


@pytest.mark.parametrize(
    ("path", "logged"),
    [
        ("/s/AbC123secret/", "/s/…/"),
        ("/s/AbC123secret/matches/4/events/", "/s/…/matches/4/events/"),
        ("/i/InviteSecret/join/", "/i/…/join/"),
        ("/reset/MQ/cd2k-0123456789abcdef/", "/reset/…/"),
        ("/matches/4/", "/matches/4/"),
    ],
)
def test_the_access_log_names_the_page_but_not_its_secret(path, logged):
    import logging

    from companion.lib.http_limits import SecretsOutOfAccessLog

    record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d', None, None)
    record.args = ("127.0.0.1:5000", "GET", path, "1.1", 200)
    assert SecretsOutOfAccessLog().filter(record)
    assert record.getMessage() == f'127.0.0.1:5000 - "GET {logged} HTTP/1.1" 200'


def test_the_served_access_log_holds_no_share_token(tmp_path):
    port = free_port()
    environ = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
        "DEBUG": "1",
        "ACCESS_LOG": "1",
    }
    server = subprocess.Popen(
        [str(GUNICORN), "-c", "python:companion.gunicorn_conf", "tests.probe_asgi"],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        for _ in range(200):
            try:
                get(f"http://127.0.0.1:{port}/s/TopSecretToken42/", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        time.sleep(0.5)
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]
    assert '"GET /s/…/ HTTP/1.1" 200' in output
    assert "TopSecretToken42" not in output
