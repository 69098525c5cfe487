"""Load benchmark: ``make bench-load`` (not part of ``make test``; prints figures and a verdict per goal).

Starts a ``make serve``-style gunicorn on 127.0.0.1 (tests/benchmarks/served.py:
companion/gunicorn_conf.py, DEBUG off, a throwaway SQLite database), seeds a
night, then runs 1, 4 and 20 concurrent clients (threads with keep-alive
connections that accept gzip, standard library only) for a fixed time per page:

* ``floor``: the players page, the lightest page a logged-in person opens;
* ``scoreboard 5`` and ``scoreboard 30``: the page of a Molotow match 5 and 30
  deals in (the entry form, standings and rounds table);
* ``fragment 30``: the same scoreboard as htmx asks for it (``HX-Request``);
* ``save`` and ``undo``: each client saves deal 11 of its own Molotow match
  (10 deals in) as the htmx form does, then undoes it, and again.

What a request costs the server is read from each response's ``Server-Timing``
(``cpu``: the processor time of the request's thread inside Django), so the
pages are compared by cost, not by latency, which the machine's other work
changes. The goals of issue 17 are printed with PASS or FAIL:

* scoreboard (page and fragment) within 1.2x the floor's cost, and 30 deals
  within 1.2x of 5 (median cost per request);
* save and undo within 2x the floor's cost;
* at 20 clients the scoreboard serves at least as many requests per second as
  at 4 (5% allowed for measurement noise); no worker holds most of the 20
  connections; no worker restarts during the run;
* every page and htmx answer gzipped; the first load of a scoreboard (page,
  CSS, JS, icons, as a browser that accepts gzip and Brotli gets them) at most
  35 KB on the wire;
* no errors: a wrong status or a round not stored counts as one.

Options: ``--seconds`` per phase (default 5), ``--clients`` (default 1,4,20).
The exit status is 1 when a request failed, not when a goal is missed.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import re
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from tests.benchmarks.served import Server, serve

CSRF = re.compile(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'')
CPU = re.compile(r"cpu;dur=([\d.]+)")
# What a browser fetches for a first visit: style sheets, scripts, images, the icon and the
# manifest (not the apple-touch-icon, which only iOS fetches, when adding to the home screen).
ASSET = re.compile(
    r'<(?:link rel="(?:stylesheet|icon|manifest)"[^>]+href|script[^>]+src|img[^>]+src)="(/static/[^"]+)"'
)
FIRST_LOAD_BUDGET = 35 * 1024


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

    def quantile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu) if self.cpu else float("nan")


@dataclass
class Answer:
    status: int
    body: bytes  # decompressed
    headers: dict[str, str]
    wire: int  # bytes received: status line, headers and (compressed) body
    head: int = 0  # of which the status line and the headers


class Browser:
    """One client: a keep-alive connection that accepts gzip, the session cookie, the CSRF cookie."""

    def __init__(self, base: str, session_cookie: str):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        self.cookies = {"sessionid": session_cookie.split("=", 1)[1]}

    def request(self, method, path, body=None, headers=None, accept="gzip") -> Answer:
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Accept-Encoding": accept,
            **(headers or {}),
        }
        payload = None
        if body is not None:
            payload = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=payload, headers=headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # The server closed an idle keep-alive connection: a browser opens a new one and retries.
            self.connection.close()
            self.connection.request(method, path, body=payload, headers=headers)
            response = self.connection.getresponse()
        raw = response.read()
        received = {}
        for header, value in response.getheaders():
            received[header.lower()] = value
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        # The status line, the headers (less Server-Timing, which only the benchmark asks for), the body.
        head = 17 + sum(len(k) + len(v) + 4 for k, v in response.getheaders() if k != "Server-Timing")
        body = gzip.decompress(raw) if received.get("content-encoding") == "gzip" else raw
        return Answer(response.status, body, received, len(raw) + head, head)

    def close(self):
        self.connection.close()


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


def run_phase(
    server: Server,
    phases: list[Phase],
    seconds: float,
    step: Callable[[Browser, int], None],
    prepare: Callable[[Browser, int], None] | None = None,
) -> None:
    """``clients`` threads call ``step`` in a loop for ``seconds``; steps record into ``phases``."""
    clients = phases[0].clients
    browsers = [Browser(server.base, server.session_cookie) for _ in range(clients)]
    for index, browser in enumerate(browsers):
        if prepare:
            prepare(browser, index)
    start = threading.Barrier(clients + 1)
    stop = threading.Event()

    def client(index: int):
        start.wait()
        while not stop.is_set():
            try:
                step(browsers[index], index)
            except (OSError, http.client.HTTPException) as error:
                phases[0].errors.append(f"{type(error).__name__}: {error}")
                browsers[index].close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    time.sleep(seconds / 2)
    held = dict(server.instances[0].connections())
    time.sleep(seconds / 2)
    stop.set()
    for thread in threads:
        thread.join()
    for phase in phases:
        phase.seconds = time.perf_counter() - began
        phase.held = held
    for browser in browsers:
        browser.close()


def timed_get(phase: Phase, path: str, expect: bytes, htmx: bool = False):
    headers = {"HX-Request": "true"} if htmx else {}

    def step(browser: Browser, index: int):
        began = time.perf_counter()
        answer = browser.request("GET", path, headers=headers)
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
        self.lock = threading.Lock()

    def match(self, index: int) -> int:
        return self.server.post_matches[index]

    def prepare(self, browser: Browser, index: int):
        answer = browser.request("GET", f"/matches/{self.match(index)}/")
        found = CSRF.search(answer.body.decode())
        if answer.status != 200 or not found:
            raise RuntimeError(f"no CSRF token on the match page ({answer.status})")
        self.tokens[index] = found.group(1)

    def step(self, browser: Browser, index: int):
        headers = {"X-CSRFToken": self.tokens[index], "HX-Request": "true"}
        deal = {"number": 11, "points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}
        began = time.perf_counter()
        answer = browser.request("POST", f"/matches/{self.match(index)}/rounds/", deal, headers)
        record(self.save, answer, began)
        if answer.status != 200 or b"Round 12 of" not in answer.body:
            self.save.errors.append(f"save: {answer.status}")
            return
        began = time.perf_counter()
        answer = browser.request(
            "POST", f"/matches/{self.match(index)}/rounds/undo/", {"number": 11}, headers
        )
        record(self.undo, answer, began)
        if answer.status != 200 or b"Round 11 of" not in answer.body:
            self.undo.errors.append(f"undo: {answer.status}")
            return
        with self.lock:
            self.saved += 1
            self.undone += 1


def first_load(server: Server, path: str) -> tuple[int, list[tuple[str, int, int]]]:
    """Bytes on the wire for a first visit to ``path``: the page, then each asset it links, once.

    Each part is (url, bytes on the wire, of which HTTP/1.1 headers).
    """
    browser = Browser(server.base, server.session_cookie)
    page = browser.request("GET", path, accept="gzip, deflate, br")
    parts = [(path, page.wire, page.head)]
    for asset in dict.fromkeys(ASSET.findall(page.body.decode())):
        answer = browser.request("GET", asset, accept="gzip, deflate, br")
        parts.append((asset, answer.wire, answer.head))
    browser.close()
    return sum(size for _, size, _ in parts), parts


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


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each phase")
    parser.add_argument("--clients", default="1,4,20", help="client counts, comma-separated")
    options = parser.parse_args()
    counts = [int(n) for n in options.clients.split(",")]

    with serve(post_matches=max(counts), long_scoreboards=True) as server:
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
                ("floor /players/", "/players/", b"Players", False),
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

        from companion.models import Round

        stored = Round.objects.filter(match_id__in=server.post_matches).count()
        expected = 10 * len(server.post_matches)
        if stored != expected:
            phases[-1].errors.append(f"{stored} rounds stored in the save/undo matches, not {expected}")
        restarts = gunicorn.boots() - boots_at_start
        weight, parts = first_load(server, server.urls["scoreboard (Molotow, 8 deals)"])
        background = offline_fill(server, {url for url, _size, _head in parts})

    def of(name: str, clients: int | None = None) -> list[Phase]:
        return [p for p in phases if p.name == name and (clients is None or p.clients == clients)]

    def cost(name: str) -> float:
        return statistics.median(ms for phase in of(name) for ms in phase.cpu)

    floor = cost("floor /players/")
    print(
        f"\n{'phase':<20} {'clients':>7} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'cpu ms':>7} {'vs floor':>8} {'errors':>6}  connections per worker (mid-phase)"
    )
    for phase in phases:
        held = " ".join(str(n) for n in sorted(phase.held.values(), reverse=True))
        print(
            f"{phase.name:<20} {phase.clients:>7} {len(phase.latencies):>8} {phase.rate:>7.1f} "
            f"{phase.quantile(0.5):>7.1f} {phase.quantile(0.95):>7.1f} {phase.cpu_median:>7.2f} "
            f"{phase.cpu_median / floor:>7.2f}x {len(phase.errors):>6}  {held}"
        )
    for phase in phases:
        for error in sorted(set(phase.errors))[:3]:
            print(f"  {phase.name} ({phase.clients} clients): {error}")

    print("\nFirst load of a scoreboard (Molotow, 8 deals), bytes on the wire:")
    for url, size, _head in parts:
        print(f"  {size:>7,}  {url}")
    heads = sum(head for _, _, head in parts)
    print(f"  {weight:>7,}  in all, of which {heads:,} in HTTP/1.1 headers ({len(parts)} responses)")
    print(
        f"  then, after the page has loaded, the service worker fetches {sum(background.values()):,} bytes "
        f"more in the background for use offline ({len(background)} files: the other games' parts, "
        "the offline page, the app icon)"
    )

    top = max(counts)
    busy = of("scoreboard 30", top)[0] if top in counts else None
    rate_top = busy.rate if busy else float("nan")
    rate_4 = of("scoreboard 30", 4)[0].rate if 4 in counts else float("nan")
    held = busy.held if busy else {}
    most = max(held.values(), default=0)
    plain = sum(p.plain_html for p in phases)
    errors = sum(len(p.errors) for p in phases)
    goals = [
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
            f"{top} clients get at least the req/s of 4 (-5% noise): {rate_top:.0f} vs {rate_4:.0f}",
            rate_top >= 0.95 * rate_4,
        ),
        (
            f"no worker holds most of the {top} connections: at most {most} on one",
            0 < most <= sum(held.values()) / 2,
        ),
        (f"no worker restarts during the run: {restarts}", restarts == 0),
        (f"every page and htmx answer gzipped: {plain} plain", plain == 0),
        (
            f"first scoreboard load at most 35 KB on the wire: {weight / 1024:.1f} KB",
            weight <= FIRST_LOAD_BUDGET,
        ),
        (f"no errors, no lost rounds: {errors}", errors == 0),
    ]
    print(f"\nGoals (issue 17; cost = median server CPU per request, floor {floor:.2f} ms):")
    for text, ok in goals:
        print(f"  {verdict(ok)}  {text}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
