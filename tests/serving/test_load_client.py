"""The clients ``make bench-load`` runs (tests/benchmarks/bench_load.py ``Client``, ``Browser``).

What they count (bytes on the wire, the benchmark's own header apart), keep (cookies, one
connection) and send is checked here against a small server on loopback that answers
exactly the bytes each test gives it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gzip
import threading
from types import SimpleNamespace

import brotli
import httpx
import pytest

from tests.benchmarks.bench_load import Client, first_load


class Scripted:
    """A loopback server: each request read gets the next answer; ``close_after`` closes the connection."""

    def __init__(self, answers: list[bytes], close_after: set[int] = frozenset()):
        self.answers, self.close_after = answers, close_after
        self.requests: list[bytes] = []
        self.connections = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(
                    (
                        int(line.split(b":")[1])
                        for line in head.split(b"\r\n")
                        if line.lower().startswith(b"content-length")
                    ),
                    0,
                )
                self.requests.append(head + await reader.readexactly(length))
                writer.write(self.answers[len(self.requests) - 1])
                await writer.drain()
                if len(self.requests) in self.close_after:
                    break
        except asyncio.IncompleteReadError:
            pass
        writer.close()


def run(server: Scripted, talk) -> object:
    async def main():
        listening = await asyncio.start_server(server.handle, "127.0.0.1", 0)
        port = listening.sockets[0].getsockname()[1]
        client = Client(f"http://127.0.0.1:{port}", "sessionid=abc")
        try:
            return await talk(client)
        finally:
            await client.aclose()
            listening.close()

    # In a thread of its own: the browser tests' Playwright keeps an event loop running in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(lambda: asyncio.run(main())).result()


@contextlib.contextmanager
def listening(server: Scripted):
    """``server`` on loopback in a thread of its own, for the blocking client (``Browser``): its base URL."""
    loop = asyncio.new_event_loop()
    started = asyncio.run_coroutine_threadsafe(asyncio.start_server(server.handle, "127.0.0.1", 0), loop)
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    listener = started.result(timeout=5)
    try:
        yield f"http://127.0.0.1:{listener.sockets[0].getsockname()[1]}"
    finally:

        async def shut():
            listener.close()
            handlers = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in handlers:
                task.cancel()
            await asyncio.gather(*handlers, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shut(), loop).result(timeout=5)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=5)
        loop.close()


def answer(body: bytes, *headers: str, status: str = "200 OK") -> bytes:
    lines = [f"HTTP/1.1 {status}", *headers, f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def test_a_gzipped_answer_is_read_whole_decompressed_with_its_cookies_on_one_kept_connection():
    page = b"<html>" + b"standing-total " * 500 + b"</html>"
    server = Scripted(
        [
            answer(
                gzip.compress(page),
                "Content-Type: text/html",
                "Content-Encoding: gzip",
                "Set-Cookie: csrftoken=tok123; Path=/",
                "Server-Timing: cpu;dur=5.00, app;dur=6.00",
            ),
            answer(b"second"),
        ]
    )

    async def talk(client):
        first = await client.request("GET", "/matches/1/")
        second = await client.request("GET", "/players/", headers={"HX-Request": "true"})
        return first, second

    first, second = run(server, talk)
    assert (first.status, first.body) == (200, page)
    assert first.headers["server-timing"] == "cpu;dur=5.00, app;dur=6.00"
    assert first.wire > len(gzip.compress(page)) and first.wire < len(page)
    assert second.body == b"second"
    assert server.connections == 1
    assert b"Cookie: sessionid=abc\r\n" in server.requests[0]
    assert b"Accept-Encoding: gzip\r\n" in server.requests[0]
    assert b"Cookie: sessionid=abc; csrftoken=tok123\r\n" in server.requests[1]
    assert b"HX-Request: true\r\n" in server.requests[1]


def test_a_form_is_posted_with_its_length_and_type():
    server = Scripted([answer(b"saved", status="200 OK")])

    async def talk(client):
        return await client.request("POST", "/matches/1/rounds/", {"number": 11, "points_0": 90})

    assert run(server, talk).body == b"saved"
    request = server.requests[0]
    assert request.startswith(b"POST /matches/1/rounds/ HTTP/1.1\r\n")
    assert b"Content-Type: application/x-www-form-urlencoded\r\n" in request
    assert request.endswith(b"Content-Length: 21\r\n\r\nnumber=11&points_0=90")


def test_a_keep_alive_connection_the_server_closed_is_opened_again_and_the_request_sent_once_more():
    server = Scripted([answer(b"one"), answer(b"two")], close_after={1})

    async def talk(client):
        first = await client.request("GET", "/players/")
        await asyncio.sleep(0.05)  # the server has closed the idle connection meanwhile
        return first, await client.request("GET", "/players/")

    first, second = run(server, talk)
    assert (first.body, second.body) == (b"one", b"two")
    assert server.connections == 2


def test_a_chunked_answer_is_read_whole():
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
    server = Scripted([chunked])

    async def talk(client):
        return await client.request("GET", "/players/")

    assert run(server, talk).body == b"hello"


def test_a_status_line_that_is_not_http_is_an_error():
    server = Scripted([b"SSH-2.0-OpenSSH\r\n\r\n"])

    async def talk(client):
        return await client.request("GET", "/players/")

    with pytest.raises(httpx.RemoteProtocolError):
        run(server, talk)


TIMING = "Server-Timing: cpu;dur=12.34, app;dur=13.57"


def test_a_first_load_counts_every_byte_make_serve_sends_and_not_the_benchmarks_server_timing_header():
    page = b'<link rel="stylesheet" href="/static/site.css"><script src="/static/site.js"></script>'
    sent = [
        answer(gzip.compress(page), "Content-Type: text/html", "Content-Encoding: gzip", TIMING),
        answer(b"body{margin:0}", "Content-Type: text/css", TIMING),
        answer(b"let a=1", "Content-Type: text/javascript", TIMING),
    ]
    server = Scripted(sent)
    with listening(server) as base:
        weight, parts = first_load(SimpleNamespace(base=base, session_cookie="sessionid=abc"), "/matches/1/")

    timing_line = len(TIMING) + 2  # and its CRLF
    assert [url for url, _size, _head in parts] == ["/matches/1/", "/static/site.css", "/static/site.js"]
    assert [size for _url, size, _head in parts] == [len(wire) - timing_line for wire in sent]
    assert weight == sum(len(wire) for wire in sent) - 3 * timing_line
    assert [head for _url, _size, head in parts] == [
        len(wire.partition(b"\r\n\r\n")[0]) + 4 - timing_line for wire in sent
    ]
    assert b"Accept-Encoding: gzip, deflate, br\r\n" in server.requests[0]


def test_the_many_clients_count_the_same_bytes_with_the_server_timing_line_apart():
    sent = answer(b"standings", "Content-Type: text/html", TIMING, status="404 Not Found")
    server = Scripted([sent])

    async def talk(client):
        return await client.request("GET", "/matches/1/")

    got = run(server, talk)
    assert got.status == 404
    assert got.headers["server-timing"] == "cpu;dur=12.34, app;dur=13.57"
    assert (got.wire, got.timing) == (len(sent) - len(TIMING) - 2, len(TIMING) + 2)


def test_a_brotli_answer_is_read_decompressed():
    page = b"<html>" + b"standing-total " * 500 + b"</html>"
    server = Scripted([answer(brotli.compress(page), "Content-Type: text/html", "Content-Encoding: br")])

    async def talk(client):
        return await client.request("GET", "/matches/1/", accept="gzip, deflate, br")

    got = run(server, talk)
    assert got.body == page
    assert got.wire < len(page) / 10
    assert b"Accept-Encoding: gzip, deflate, br\r\n" in server.requests[0]
