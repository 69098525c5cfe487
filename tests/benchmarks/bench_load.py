"""Load benchmark: ``make bench-load`` (not part of ``make test``; prints figures and a verdict per goal).

Starts a ``make serve``-style gunicorn on 127.0.0.1 (tests/benchmarks/served.py:
companion/gunicorn_conf.py, DEBUG off, a throwaway SQLite database), seeds a
night, then runs 1, 4 and 20 concurrent clients (keep-alive connections that
accept gzip, on one asyncio event loop) for a fixed time per page:

* ``bare``: a logged-in page that renders one small template through the full
  middleware (companion/lib/server_timing.py, served only with ``SERVER_TIMING=1``):
  the yardstick every page's cost is stated against;
* ``floor``: the players page, the lightest page a logged-in person opens;
* ``start page``: the list of recent nights and the form that starts one;
* ``scoreboard 5`` and ``scoreboard 30``: the page of a Molotow match 5 and 30
  deals in (the entry form, standings and rounds table);
* ``fragment 30``: the same scoreboard as htmx asks for it (``HX-Request``);
* ``save`` and ``undo``: each client saves deal 11 of its own Molotow match
  (10 deals in) as the htmx form does, then undoes it, and again.

How the clients run, and why: the benchmark shares the machine's cores with
the server, so its clients must cost the same per request at any count, or 20
clients would measure the generator rather than the server. They are
coroutines on one asyncio event loop in one thread, each with its own
keep-alive HTTP/1.1 connection (:class:`Client`, an ``httpx.AsyncClient``
held to one connection). Each still checks every answer (status, the expected
words in the decompressed body, compression) and reads its ``Server-Timing``.
They cost 3.6-4.4 ms of processor time per request at 4 and at 20 (the
workers 19-22 ms) because they share one TLS context (:func:`tls`) and
``sniffio`` is installed (without it httpx's transport tries that import again
on every request, ~2 ms each). Each phase also says what it cost beside the server, from /proc: the
processor time of the workers and of the clients per request, and the cores
every other process used meanwhile; when those exceed 0.2 cores during the
4- or 20-client scoreboard, the comparison of their req/s says so.

What a request costs the server is read from each response's ``Server-Timing``
(``cpu``: the processor time of the request's thread inside Django), so the
pages are compared by cost, not by latency, which the machine's other work
changes. The goals are printed with PASS or FAIL:

* the players page and the scoreboard (page) within 2.5x the bare page's cost,
  the start page within 3x, a save and an undo within 4x (issue 35, "Light pages");
* scoreboard (page and fragment) within 1.2x the floor's cost, and 30 deals
  within 1.2x of 5 (median cost per request);
* save and undo within 2x the floor's cost;
* at 20 clients the scoreboard serves at least as many requests per second as
  at 4 (5% allowed for measurement noise), counted over ``--pairs`` extra
  30-deal scoreboard phases that alternate 4 and 20 clients, so that the
  machine's drift during the run falls on both alike; no worker holds most of
  the 20 connections; no worker restarts during the run;
* every page and htmx answer compressed; the first load of a scoreboard (page,
  CSS, JS, icons, as a browser that accepts gzip and Brotli gets them) at most
  40 KB on the wire, as ``make serve`` sends it: without the ``Server-Timing``
  header line this benchmark's server adds to every response;
* no errors: a wrong status or a round not stored counts as one.

Options: ``--seconds`` per phase (default 5), ``--clients`` (default 1,4,20),
``--pairs`` (default 3). A quick look at the costs alone: ``make bench-load
BENCH_ARGS="--clients 1 --seconds 3"`` (the req/s and connection goals need 4 and 20).
The exit status is 1 when a request failed, not when a goal is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gzip
import http.client
import json
import logging
import os
import re
import ssl
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import brotli
import httpx

from tests.benchmarks.served import Server, serve

CSRF = re.compile(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'')
CPU = re.compile(r"cpu;dur=([\d.]+)")
# What a browser fetches for a first visit: style sheets, scripts, images, the icon and the
# manifest (not the apple-touch-icon, which only iOS fetches, when adding to the home screen).
ASSET = re.compile(
    r'<(?:link rel="(?:stylesheet|icon|manifest)"[^>]+href|script[^>]+src|img[^>]+src)="(/static/[^"]+)"'
)
FIRST_LOAD_BUDGET = 40 * 1024
BARE = "/server-timing/bare/"  # companion/lib/server_timing.py: only with SERVER_TIMING=1
# The most a page may cost, as a multiple of the bare page's median cost (issue 35, "Light pages").
AGAINST_BARE = {
    "floor /players/": 2.5,
    "scoreboard 30": 2.5,
    "start page": 3,
    "save (htmx)": 4,
    "undo (htmx)": 4,
}


@dataclass
class Phase:
    name: str
    clients: int
    latencies: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # ms, from Server-Timing
    errors: list[str] = field(default_factory=list)
    plain_html: int = 0  # HTML answers that came back uncompressed
    seconds: float = 0.0
    held: dict[int, int] = field(default_factory=dict)  # connections per worker, mid-phase
    client_cpu: float = 0.0  # s of processor time the benchmark process (the clients) used
    server_cpu: float = 0.0  # s of processor time the gunicorn workers used
    other_cpu: float = 0.0  # s of processor time every other process on the machine used
    requests_in_run: int = 0  # of this phase and the phases measured with it (save and undo)

    def quantile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def per_request(self, seconds: float) -> float:
        """ms of ``seconds`` (processor time over the run) per request of the run."""
        return seconds * 1000 / self.requests_in_run if self.requests_in_run else float("nan")

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu) if self.cpu else float("nan")


@dataclass
class Answer:
    status: int
    body: bytes  # decompressed
    headers: dict[str, str]
    wire: int  # bytes received, less the benchmark's Server-Timing line: status line, headers, body
    head: int = 0  # of which the status line, the headers and the blank line that ends them
    timing: int = 0  # bytes of the Server-Timing header line, left out of ``wire`` and ``head``


def outgoing(cookies: dict[str, str], accept: str, body, headers) -> tuple[dict[str, str], bytes | None]:
    """The headers and the body of a request as a browser sends it (the cookies, form data)."""
    headers = {
        "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
        "Accept-Encoding": accept,
        **(headers or {}),
    }
    payload = None
    if body is not None:
        payload = urlencode(body).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    return headers, payload


# The codings the clients accept: gzip, and Brotli where they ask for it (the first load).
DECODE = {"gzip": gzip.decompress, "br": brotli.decompress}


def header_line(name: str, value: str) -> int:
    """Bytes of one header line on the wire: ``Name: value`` and its CRLF."""
    return len(name) + len(value) + 4


def answer(
    status: int, headers: list[tuple[str, str]], raw: bytes, cookies: dict[str, str], reason: str = "OK"
) -> Answer:
    """A response as the client sees it: cookies kept, the body decompressed, its bytes on the wire.

    The bytes on the wire are what ``make serve`` sends: the benchmark's server runs with
    ``SERVER_TIMING=1`` (its costs are read from that header), which production never does,
    so the ``Server-Timing`` line is left out of ``wire`` and ``head`` and counted in ``timing``.
    """
    received = {}
    for header, value in headers:
        received[header.lower()] = value
        if header.lower() == "set-cookie":
            name, _, rest = value.partition("=")
            cookies[name] = rest.split(";", 1)[0]
    # "HTTP/1.1 200 OK" and CRLF, each header line, the empty line that ends them.
    status_line = len(f"HTTP/1.1 {status} {reason}") + 2
    timing = sum(header_line(k, v) for k, v in headers if k.lower() == "server-timing")
    head = status_line + sum(header_line(k, v) for k, v in headers) + 2 - timing
    body = DECODE.get(received.get("content-encoding"), bytes)(raw)
    return Answer(status, body, received, len(raw) + head, head, timing)


def cookies_in(header: str) -> dict[str, str]:
    """The cookies of a ``Cookie`` header ("sessionid=…; csrftoken=…"), by name."""
    return dict(part.split("=", 1) for part in header.split("; ") if part)


class Browser:
    """One client: a keep-alive connection that accepts gzip, the session cookie, the CSRF cookie.

    Blocking (http.client): for a few requests in a row, as the first load, the other
    benchmarks and the audit make them. Many clients at once run as :class:`Client`.
    """

    def __init__(self, base: str, session_cookie: str):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        self.cookies = cookies_in(session_cookie)

    def request(self, method, path, body=None, headers=None, accept="gzip") -> Answer:
        headers, payload = outgoing(self.cookies, accept, body, headers)
        try:
            self.connection.request(method, path, body=payload, headers=headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # The server closed an idle keep-alive connection: a browser opens a new one and retries.
            self.connection.close()
            self.connection.request(method, path, body=payload, headers=headers)
            response = self.connection.getresponse()
        raw = response.read()
        return answer(response.status, response.getheaders(), raw, self.cookies, response.reason)

    def close(self):
        self.connection.close()


@functools.cache
def tls() -> ssl.SSLContext:
    """One TLS context for every client of the run.

    The server speaks plain HTTP on loopback, so it is never used; but an ``httpx.AsyncClient``
    given none makes its own and loads the certificate store (~50 ms of processor time), which
    20 clients did inside the measured phase and 4 did only a fifth as often.
    """
    return ssl.create_default_context()


class Client:
    """One of many clients at once: :class:`Browser`'s keep-alive connection, on httpx.

    An ``httpx.AsyncClient`` held to one HTTP/1.1 connection, kept alive between requests
    as a browser's is. The body is read as it came over the wire (``aiter_raw``) and
    decompressed here, so that its bytes on the wire are counted as :class:`Browser` counts them.
    """

    def __init__(self, base: str, session_cookie: str):
        self.base = base
        self.cookies = cookies_in(session_cookie)
        self.http: httpx.AsyncClient | None = None

    def connection(self) -> httpx.AsyncClient:
        if self.http is None:
            self.http = httpx.AsyncClient(
                base_url=self.base,
                http1=True,
                http2=False,
                limits=httpx.Limits(max_connections=1, max_keepalive_connections=1),
                timeout=30,
                trust_env=False,
                verify=tls(),
            )
        return self.http

    async def request(self, method, path, body=None, headers=None, accept="gzip") -> Answer:
        headers, payload = outgoing(self.cookies, accept, body, headers)
        try:
            return await self.exchange(method, path, headers, payload)
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError):
            # The server closed an idle keep-alive connection: a browser opens a new one and retries.
            await self.aclose()
            return await self.exchange(method, path, headers, payload)

    async def exchange(self, method, path, headers, payload) -> Answer:
        async with self.connection().stream(method, path, headers=headers, content=payload) as response:
            raw = b"".join([chunk async for chunk in response.aiter_raw()])
        received = [(name.decode("latin-1"), value.decode("latin-1")) for name, value in response.headers.raw]
        return answer(response.status_code, received, raw, self.cookies, response.reason_phrase)

    async def aclose(self):
        if self.http is not None:
            http, self.http = self.http, None
            await http.aclose()


def record(phase: Phase, answer: Answer, began: float) -> None:
    phase.latencies.append(time.perf_counter() - began)
    found = CPU.search(answer.headers.get("server-timing", ""))
    if found:
        phase.cpu.append(float(found.group(1)))
    if (
        answer.headers.get("content-type", "").startswith("text/html")
        and "content-encoding" not in answer.headers
    ):
        phase.plain_html += 1


def workers_cpu(server: Server) -> float:
    """Processor time (user and system, all threads) the gunicorn workers have used so far, in s."""
    total = 0
    for pid in server.instances[0].workers():
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def machine_cpu() -> float:
    """Processor time the whole machine has spent busy so far (all cores, every process), in s."""
    ticks = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # less idle and iowait


Step = Callable[[Client, int], Awaitable[None]]


def run_phase(
    server: Server, phases: list[Phase], seconds: float, step: Step, prepare: Step | None = None
) -> None:
    """``clients`` clients await ``step`` in a loop for ``seconds``; steps record into ``phases``."""
    asyncio.run(clients_run(server, phases, seconds, step, prepare))


async def clients_run(
    server: Server, phases: list[Phase], seconds: float, step: Step, prepare: Step | None
) -> None:
    clients = [Client(server.base, server.session_cookie) for _ in range(phases[0].clients)]
    for index, client in enumerate(clients):
        if prepare:
            await prepare(client, index)
    stop = asyncio.Event()

    async def loop(index: int):
        while not stop.is_set():
            try:
                await step(clients[index], index)
            except (OSError, TimeoutError, httpx.HTTPError) as error:
                phases[0].errors.append(f"{type(error).__name__}: {error}")
                await clients[index].aclose()

    began = time.perf_counter()
    client_began, server_began, machine_began = time.process_time(), workers_cpu(server), machine_cpu()
    tasks = [asyncio.create_task(loop(index)) for index in range(len(clients))]
    await asyncio.sleep(seconds / 2)
    # Read from /proc in a thread, so that the clients keep going meanwhile.
    held = dict(await asyncio.to_thread(server.instances[0].connections))
    await asyncio.sleep(seconds / 2)
    stop.set()
    await asyncio.gather(*tasks)  # the requests under way finish, and count
    client_cpu, server_cpu = time.process_time() - client_began, workers_cpu(server) - server_began
    machine = machine_cpu() - machine_began
    for phase in phases:
        phase.seconds = time.perf_counter() - began
        phase.held = held
        phase.client_cpu, phase.server_cpu = client_cpu, server_cpu
        phase.other_cpu = max(0.0, machine - client_cpu - server_cpu)
        phase.requests_in_run = sum(len(p.latencies) for p in phases)
    for client in clients:
        await client.aclose()


def timed_get(phase: Phase, path: str, expect: bytes, htmx: bool = False) -> Step:
    headers = {"HX-Request": "true"} if htmx else {}

    async def step(client: Client, index: int):
        began = time.perf_counter()
        answer = await client.request("GET", path, headers=headers)
        record(phase, answer, began)
        if answer.status != 200 or expect not in answer.body or (htmx and b"<html" in answer.body):
            phase.errors.append(f"GET {path}: {answer.status}")

    return step


class SaveUndo:
    """Each client saves deal 11 of its own Molotow match, then undoes it, as the htmx form does."""

    def __init__(self, server: Server, save: Phase, undo: Phase):
        self.server, self.save, self.undo = server, save, undo
        self.tokens: dict[int, str] = {}
        self.saved = self.undone = 0

    def match(self, index: int) -> int:
        return self.server.post_matches[index]

    async def prepare(self, client: Client, index: int):
        answer = await client.request("GET", f"/matches/{self.match(index)}/")
        found = CSRF.search(answer.body.decode())
        if answer.status != 200 or not found:
            raise RuntimeError(f"no CSRF token on the match page ({answer.status})")
        self.tokens[index] = found.group(1)

    async def step(self, client: Client, index: int):
        headers = {"X-CSRFToken": self.tokens[index], "HX-Request": "true"}
        deal = {"number": 11, "points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}
        began = time.perf_counter()
        answer = await client.request("POST", f"/matches/{self.match(index)}/rounds/", deal, headers)
        record(self.save, answer, began)
        if answer.status != 200 or b"Round 12 of" not in answer.body:
            self.save.errors.append(f"save: {answer.status}")
            return
        began = time.perf_counter()
        answer = await client.request(
            "POST", f"/matches/{self.match(index)}/rounds/undo/", {"number": 11}, headers
        )
        record(self.undo, answer, began)
        if answer.status != 200 or b"Round 11 of" not in answer.body:
            self.undo.errors.append(f"undo: {answer.status}")
            return
        self.saved += 1
        self.undone += 1


def first_load_answers(server: Server, path: str) -> list[tuple[str, Answer]]:
    """A first visit to ``path``, as a browser that accepts gzip and Brotli makes it.

    The page, then each asset it links, once: (url, answer) each.
    """
    browser = Browser(server.base, server.session_cookie)
    page = browser.request("GET", path, accept="gzip, deflate, br")
    answers = [(path, page)]
    for asset in dict.fromkeys(ASSET.findall(page.body.decode())):
        answers.append((asset, browser.request("GET", asset, accept="gzip, deflate, br")))
    browser.close()
    return answers


def first_load(server: Server, path: str) -> tuple[int, list[tuple[str, int, int]]]:
    """Bytes on the wire for a first visit to ``path``: the page, then each asset it links, once.

    Each part is (url, bytes on the wire, of which HTTP/1.1 headers). Counted as ``make serve``
    sends them: without the ``Server-Timing`` header line the benchmark's server adds to every
    response (``SERVER_TIMING=1``, which production never sets); see :func:`answer`.
    """
    parts = [(url, answer.wire, answer.head) for url, answer in first_load_answers(server, path)]
    return sum(size for _, size, _ in parts), parts


# What a page names but loads only when needed, and when (a first load does not count it).
LATER = {
    # js/outbox.js loads the offline outbox (js/outbox-queue.js).
    re.compile(r'data-outbox-queue="(/static/[^"]+)"'): (
        "the offline outbox: offline, after a save lost to the network, with rounds waiting, "
        "or after the page while no service worker holds it"
    ),
    # htmx draws the chart (play/views.match_chart), far below Save at the table.
    re.compile(r'class="chart-slot"[^>]*hx-get="([^"]+)"'): "the chart, drawn when it comes into view",
}


def loaded_when_needed(server: Server, path: str) -> dict[str, tuple[int, str]]:
    """What the page at ``path`` loads later, only when needed: bytes on the wire and when, per address."""
    browser = Browser(server.base, server.session_cookie)
    html = browser.request("GET", path, accept="gzip, deflate, br").body.decode()
    later = {
        url: (
            browser.request("GET", url, None, {"HX-Request": "true"}, accept="gzip, deflate, br").wire,
            when,
        )
        for pattern, when in LATER.items()
        for url in dict.fromkeys(pattern.findall(html))
    }
    browser.close()
    return later


def offline_fill(server: Server, loaded: set[str]) -> dict[str, int]:
    """What the service worker's install fetches that the first page did not: bytes per file."""
    browser = Browser(server.base, server.session_cookie)
    script = browser.request("GET", "/sw.js", accept="gzip, deflate, br")
    shell = re.search(r'"shell": (\[[^\]]*\])', script.body.decode())
    files = json.loads(shell.group(1)) if shell else []
    fetched = {
        path: browser.request("GET", path, accept="gzip, deflate, br").wire
        for path in files
        if path not in loaded
    }
    browser.close()
    return {"/sw.js": script.wire, **fetched}


QUIET = 0.2  # cores other processes may use before a comparison of req/s says it was disturbed


def fairness(few: Phase, many: Phase) -> str:
    """What the req/s of ``many`` clients against ``few`` depended on besides the server itself."""
    lines = [
        f"  Scoreboard 30 at {few.clients} and {many.clients} clients, per request: the workers used "
        f"{few.per_request(few.server_cpu):.2f} and {many.per_request(many.server_cpu):.2f} ms of processor "
        f"time, the clients {few.per_request(few.client_cpu):.2f} and {many.per_request(many.client_cpu):.2f} ms; "
        f"other processes used {few.other_cpu / few.seconds:.2f} and {many.other_cpu / many.seconds:.2f} cores."
    ]
    if max(few.other_cpu / few.seconds, many.other_cpu / many.seconds) > QUIET:
        lines.append(
            f"  NOTE: other processes used more than {QUIET} cores during one of the two phases, so their "
            "req/s compare the machine's other work as much as the server: run again on a quiet machine."
        )
    return "\n".join(lines)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each phase")
    parser.add_argument("--clients", default="1,4,20", help="client counts, comma-separated")
    parser.add_argument(
        "--pairs",
        type=int,
        default=3,
        help="alternated 4-client and most-client scoreboard phases (the req/s goal)",
    )
    options = parser.parse_args()
    counts = [int(n) for n in options.clients.split(",")]

    with serve(post_matches=max(counts), long_scoreboards=True) as server:
        # httpx notes every request at INFO, which the settings' root logger would print.
        logging.getLogger("httpx").setLevel(logging.WARNING)
        gunicorn = server.instances[0]
        workers, boots_at_start = len(gunicorn.workers()), gunicorn.boots()
        short, long = (
            server.urls["scoreboard (Molotow, 5 deals)"],
            server.urls["scoreboard (Molotow, 30 deals)"],
        )
        print(
            f"gunicorn on {server.base}: {workers} workers; {options.seconds:g} s per phase; clients {counts}"
        )
        warm = Phase("warm-up", max(counts))
        run_phase(server, [warm], 2, timed_get(warm, long, b"standing-total"))

        phases: list[Phase] = []
        saver_totals = []
        for clients in counts:
            for name, path, expect, htmx in [
                ("bare", BARE, b"<main>", False),
                ("floor /players/", "/players/", b"Players", False),
                ("start page", "/", b"Start a game night", False),
                ("scoreboard 5", short, b"standing-total", False),
                ("scoreboard 30", long, b"standing-total", False),
                ("fragment 30 (htmx)", long, b"standing-total", True),
            ]:
                phase = Phase(name, clients)
                run_phase(server, [phase], options.seconds, timed_get(phase, path, expect, htmx))
                phases.append(phase)
            save, undo = Phase("save (htmx)", clients), Phase("undo (htmx)", clients)
            saver = SaveUndo(server, save, undo)
            run_phase(server, [save, undo], options.seconds, saver.step, prepare=saver.prepare)
            phases += [save, undo]
            saver_totals.append(saver)

        # 4 against the most clients, alternated: the machine's drift over the run (other work
        # starting or stopping) then falls on both sides alike.
        pairs: list[tuple[Phase, Phase]] = []
        if 4 in counts and max(counts) > 4:
            for _round in range(options.pairs):
                pair = (Phase("scoreboard 30 (pair)", 4), Phase("scoreboard 30 (pair)", max(counts)))
                for phase in pair:
                    run_phase(
                        server, [phase], options.seconds, timed_get(phase, long, b"standing-total", False)
                    )
                pairs.append(pair)
            phases += [phase for pair in pairs for phase in pair]

        from companion.models import Round

        stored = Round.objects.filter(match_id__in=server.post_matches).count()
        expected = 10 * len(server.post_matches)
        if stored != expected:
            phases[-1].errors.append(f"{stored} rounds stored in the save/undo matches, not {expected}")
        restarts = gunicorn.boots() - boots_at_start
        answers = first_load_answers(server, server.urls["scoreboard (Molotow, 8 deals)"])
        parts = [(url, answer.wire, answer.head) for url, answer in answers]
        weight = sum(size for _url, size, _head in parts)
        timing = sum(answer.timing for _url, answer in answers)
        later = loaded_when_needed(server, server.urls["scoreboard (Molotow, 8 deals)"])
        background = offline_fill(server, {url for url, _size, _head in parts})

    def of(name: str, clients: int | None = None) -> list[Phase]:
        return [p for p in phases if p.name == name and (clients is None or p.clients == clients)]

    def cost(name: str) -> float:
        return statistics.median(ms for phase in of(name) for ms in phase.cpu)

    floor, bare = cost("floor /players/"), cost("bare")
    print(
        f"\n{'phase':<20} {'clients':>7} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'cpu ms':>7} {'vs floor':>8} {'vs bare':>7} {'errors':>6} {'workers':>7} {'clients':>7} {'others':>6}  "
        "connections per worker (mid-phase)"
    )
    for phase in phases:
        held = " ".join(str(n) for n in sorted(phase.held.values(), reverse=True))
        print(
            f"{phase.name:<20} {phase.clients:>7} {len(phase.latencies):>8} {phase.rate:>7.1f} "
            f"{phase.quantile(0.5):>7.1f} {phase.quantile(0.95):>7.1f} {phase.cpu_median:>7.2f} "
            f"{phase.cpu_median / floor:>7.2f}x {phase.cpu_median / bare:>6.2f}x {len(phase.errors):>6} "
            f"{phase.per_request(phase.server_cpu):>7.2f} {phase.per_request(phase.client_cpu):>7.2f} "
            f"{phase.other_cpu / phase.seconds:>6.2f}  {held}"
        )
    print(
        "(cpu ms: the median Server-Timing cpu of a request; workers and clients: processor time of the "
        "gunicorn workers and of this benchmark's clients per request, from /proc; others: cores that "
        "every other process on the machine used meanwhile)"
    )
    for phase in phases:
        for error in sorted(set(phase.errors))[:3]:
            print(f"  {phase.name} ({phase.clients} clients): {error}")

    print("\nFirst load of a scoreboard (Molotow, 8 deals), bytes on the wire:")
    for url, size, _head in parts:
        print(f"  {size:>7,}  {url}")
    heads = sum(head for _, _, head in parts)
    print(
        f"  {weight:>7,}  in all, of which {heads:,} in HTTP/1.1 headers ({len(parts)} responses), "
        f"as make serve sends them: without the benchmark's Server-Timing header, {timing:,} bytes"
    )
    for url, (size, when) in later.items():
        print(f"  {size:>7,}  {url}: loaded later, only when needed ({when})")
    print(
        f"  then, after the page has loaded, the service worker fetches {sum(background.values()):,} bytes "
        f"more in the background for use offline ({len(background)} files: the other pages' bundles, the "
        "other games' parts, the offline outbox, the offline page, the app icon)"
    )

    top = max(counts)
    busy = of("scoreboard 30", top)[0] if top in counts else None
    # The req/s goal: all alternated pairs together (each side ran as long as the other).
    paired = of("scoreboard 30 (pair)")
    if paired:
        rate_top = sum(len(p.latencies) for p in paired if p.clients == top) / sum(
            p.seconds for p in paired if p.clients == top
        )
        rate_4 = sum(len(p.latencies) for p in paired if p.clients == 4) / sum(
            p.seconds for p in paired if p.clients == 4
        )
    else:
        rate_top = busy.rate if busy else float("nan")
        rate_4 = of("scoreboard 30", 4)[0].rate if 4 in counts else float("nan")
    held = busy.held if busy else {}
    most = max(held.values(), default=0)
    plain = sum(p.plain_html for p in phases)
    errors = sum(len(p.errors) for p in phases)
    names = {"floor /players/": "players page", "scoreboard 30": "scoreboard (30 deals)"}
    goals = [
        (
            f"{names.get(name, name)} cost within {limit:g}x the bare page: {cost(name) / bare:.2f}x",
            cost(name) <= limit * bare,
        )
        for name, limit in AGAINST_BARE.items()
    ]
    goals += [
        (
            f"scoreboard page cost within 1.2x the floor: {cost('scoreboard 30') / floor:.2f}x",
            cost("scoreboard 30") <= 1.2 * floor,
        ),
        (
            f"scoreboard fragment cost within 1.2x the floor: {cost('fragment 30 (htmx)') / floor:.2f}x",
            cost("fragment 30 (htmx)") <= 1.2 * floor,
        ),
        (
            f"30 deals cost within 1.2x of 5: {cost('scoreboard 30') / cost('scoreboard 5'):.2f}x",
            cost("scoreboard 30") <= 1.2 * cost("scoreboard 5"),
        ),
        (
            f"save cost within 2x the floor: {cost('save (htmx)') / floor:.2f}x",
            cost("save (htmx)") <= 2 * floor,
        ),
        (
            f"undo cost within 2x the floor: {cost('undo (htmx)') / floor:.2f}x",
            cost("undo (htmx)") <= 2 * floor,
        ),
        (
            f"{top} clients get at least the req/s of 4 (-5% noise): {rate_top:.0f} vs {rate_4:.0f}"
            + (f" ({len(paired) // 2} alternated pairs)" if paired else ""),
            rate_top >= 0.95 * rate_4,
        ),
        (
            f"no worker holds most of the {top} connections: at most {most} on one",
            0 < most <= sum(held.values()) / 2,
        ),
        (f"no worker restarts during the run: {restarts}", restarts == 0),
        (f"every page and htmx answer compressed: {plain} plain", plain == 0),
        (
            f"first scoreboard load at most {FIRST_LOAD_BUDGET // 1024} KB on the wire: {weight / 1024:.1f} KB",
            weight <= FIRST_LOAD_BUDGET,
        ),
        (f"no errors, no lost rounds: {errors}", errors == 0),
    ]
    print(
        f"\nGoals (cost = median server CPU per request in this run, bare {bare:.2f} ms, floor {floor:.2f} ms):"
    )
    for text, ok in goals:
        print(f"  {verdict(ok)}  {text}")
    if busy and 4 in counts:
        print(fairness(of("scoreboard 30", 4)[0], busy))
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
