"""Load benchmark: ``make bench-load`` (not part of ``make test``; prints figures).

Starts a ``make serve``-style gunicorn on 127.0.0.1 (tests/benchmarks/served.py),
seeds a night, then runs 20 concurrent clients (threads with keep-alive
connections, standard library only) for a fixed time against, one after the
other in the same run:

* ``floor``: ``/healthz/``, a trivial Django view: what the framework, the
  middleware, gunicorn and this client cost on their own;
* ``scoreboard``: the match page of a Molotow match eight deals in (logged in);
* ``round entry GET``: the page of a Murlan match in play, with its entry form;
* ``round entry POST``: htmx posts of a new Murlan hand (the CSRF token taken
  from the page, as htmx sends it), each client on its own match, so every post
  stores a round.

It prints requests/s, p50, p95 and p99 per phase and the ratios to the floor.
Budget: the scoreboard's p95 within 2x the floor's, and no errors. A wrong
status, a form error or a lost round counts as an error. Options:
``--seconds`` per phase (default 10), ``--clients`` (default 20).
"""

from __future__ import annotations

import argparse
import http.client
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from tests.benchmarks.served import Server, serve

NAMES = ["Anna", "Beat", "Cla", "Dora"]
CSRF = re.compile(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'')


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def quantile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0


class Browser:
    """One client: a keep-alive connection, the session cookie, the CSRF cookie once it has one."""

    def __init__(self, server: Server):
        parts = urlsplit(server.base)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.cookies = {"sessionid": server.session_cookie.split("=", 1)[1]}

    def request(self, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(headers or {})}
        payload = None
        if body is not None:
            payload = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        content = response.read()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return response.status, content

    def close(self):
        self.connection.close()


def run_phase(
    name: str,
    server: Server,
    clients: int,
    seconds: float,
    step: Callable[[Browser, int, Phase], None],
    prepare: Callable[[Browser, int], None] | None = None,
) -> Phase:
    """``clients`` threads call ``step`` in a loop for ``seconds``; each step records its own latency."""
    phase = Phase(name)
    browsers = [Browser(server) for _ in range(clients)]
    for index, browser in enumerate(browsers):
        if prepare:
            prepare(browser, index)
    start = threading.Barrier(clients + 1)
    stop = threading.Event()

    def client(index: int):
        start.wait()
        while not stop.is_set():
            try:
                step(browsers[index], index, phase)
            except (OSError, http.client.HTTPException) as error:
                phase.errors.append(f"{type(error).__name__}: {error}")
                browsers[index].close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    phase.seconds = time.perf_counter() - began
    for browser in browsers:
        browser.close()
    return phase


def timed_get(path: str, expect: bytes):
    def step(browser: Browser, index: int, phase: Phase):
        began = time.perf_counter()
        status, content = browser.request("GET", path)
        phase.latencies.append(time.perf_counter() - began)
        if status != 200 or expect not in content:
            phase.errors.append(f"GET {path}: {status}")

    return step


class RoundPoster:
    """Each client posts the next hand of its own Murlan match, as the htmx form does."""

    def __init__(self, server: Server):
        self.server = server
        self.tokens: dict[int, str] = {}
        self.next_number: dict[int, int] = {}
        self.saved = 0
        self.lock = threading.Lock()

    def match(self, index: int) -> int:
        return self.server.post_matches[index]

    def prepare(self, browser: Browser, index: int):
        status, content = browser.request("GET", f"/matches/{self.match(index)}/")
        found = CSRF.search(content.decode())
        if status != 200 or not found:
            raise RuntimeError(f"no CSRF token on the match page ({status})")
        self.tokens[index] = found.group(1)
        self.next_number.setdefault(index, 1)

    def step(self, browser: Browser, index: int, phase: Phase):
        number = self.next_number[index]
        order = list(range(4))[number % 4 :] + list(range(4))[: number % 4]
        body = {"number": number, **{f"place_{place}": seat for place, seat in enumerate(order)}}
        headers = {"X-CSRFToken": self.tokens[index], "HX-Request": "true"}
        began = time.perf_counter()
        status, content = browser.request("POST", f"/matches/{self.match(index)}/rounds/", body, headers)
        phase.latencies.append(time.perf_counter() - began)
        text = content.decode()
        if status != 200 or "Please check the entry" in text or "already saved" in text:
            phase.errors.append(f"POST round {number}: {status}")
            return
        self.next_number[index] = number + 1
        with self.lock:
            self.saved += 1


def report(phases: list[Phase], floor: Phase) -> None:
    print(
        f"{'phase':<20} {'requests':>8} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>6}  vs floor (p50, p95)"
    )
    for phase in phases:
        ratio = f"{phase.quantile(0.5) / floor.quantile(0.5):.2f}x, {phase.quantile(0.95) / floor.quantile(0.95):.2f}x"
        print(
            f"{phase.name:<20} {len(phase.latencies):>8} {phase.rate:>8.1f} {phase.quantile(0.5):>8.1f} "
            f"{phase.quantile(0.95):>8.1f} {phase.quantile(0.99):>8.1f} {len(phase.errors):>6}  {ratio}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    parser.add_argument("--clients", type=int, default=20, help="concurrent clients")
    options = parser.parse_args()

    with serve(post_matches=options.clients) as server:
        scoreboard = server.urls["scoreboard (Molotow, 8 deals)"]
        entry_page = f"/matches/{server.post_matches[0]}/"
        poster = RoundPoster(server)
        print(f"{options.clients} clients, {options.seconds:g} s per phase, gunicorn on {server.base}")
        # A short warm-up, so imports and first-request caches do not count.
        run_phase("warm-up", server, options.clients, 2, timed_get(scoreboard, b"standing-total"))
        floor = run_phase(
            "floor /healthz/", server, options.clients, options.seconds, timed_get("/healthz/", b"ok")
        )
        phases = [
            floor,
            run_phase(
                "scoreboard",
                server,
                options.clients,
                options.seconds,
                timed_get(scoreboard, b"standing-total"),
            ),
            run_phase(
                "round entry GET",
                server,
                options.clients,
                options.seconds,
                timed_get(entry_page, b'name="place_0"'),
            ),
            run_phase(
                "round entry POST",
                server,
                options.clients,
                options.seconds,
                poster.step,
                prepare=poster.prepare,
            ),
        ]
        from companion.models import Round

        stored = Round.objects.filter(match_id__in=server.post_matches).count()
        if stored != poster.saved:
            phases[-1].errors.append(f"{poster.saved} rounds saved but {stored} stored")
    report(phases, floor)
    for phase in phases:
        for error in sorted(set(phase.errors))[:5]:
            print(f"  {phase.name}: {error}")
    within = phases[1].quantile(0.95) <= 2 * floor.quantile(0.95)
    clean = not any(phase.errors for phase in phases)
    print(
        f"budget: scoreboard p95 within 2x the floor's: {'yes' if within else 'NO'}; errors: {'none' if clean else 'SOME'}"
    )
    return 0 if clean else 1


if __name__ == "__main__":
    raise SystemExit(main())
