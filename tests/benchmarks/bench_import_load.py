"""Import under load: ``make bench-import-load`` (not part of ``make test``; prints figures).

Starts a ``make serve``-style gunicorn on 127.0.0.1 (tests/benchmarks/served.py,
SQLite), then, in each run:

* ``quiet``: two tables enter rounds (htmx posts of Murlan hands, each table on
  its own match, a short pause between saves as a quick phone would) with
  nothing else going on: the saves' usual wait;
* ``import``: the same two tables go on while the largest file one import may
  take (``IMPORT_MAX_MATCHES`` matches, ``IMPORT_MAX_ROUNDS`` rounds,
  ``IMPORT_MAX_PLAYERS`` players) is uploaded through the import page, again
  and again, by a third client.

It prints, per run and over all runs, the saves (count, p50, p95, max) and the
imports (count, time each). Budget: no answer other than the expected one (no
500, no 503, no form error), no save waiting longer than 5 s, every import
stored whole, every saved round stored. Exit status 1 when the budget is broken.
Options: ``--runs`` (default 3), ``--imports`` per run (default 3), ``--pause``
between a table's saves (default 0.2 s), ``--quiet-seconds`` (default 5).
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import re
import secrets
import statistics
import threading
import time
from dataclasses import dataclass, field

from tests.benchmarks.bench_load import CSRF, Browser
from tests.benchmarks.served import Server, serve

SAVE_BUDGET_SECONDS = 5.0
UPLOADS = itertools.count(1)  # numbers the nights of all runs: each upload is a new night
FORM_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def maximal_night_file(matches: int, rounds: int, players: int) -> bytes:
    """A valid night at the import limits: Molotow matches of equal length, players in turn."""
    names = [f"Player {number:02d}" for number in range(1, players + 1)]
    per_match = rounds // matches
    documents = []
    for index in range(matches):
        seats = [names[(index * 4 + seat) % players] for seat in range(4)]
        points = dict(zip(seats, (90, 9, 34, 24), strict=True))
        documents.append(
            {
                "game": "molotow",
                "players": seats,
                "options": {"rounds": max(per_match, 1)},
                "rounds": [{"points": dict(points)} for _ in range(per_match)],
            }
        )
    night = {"title": "Imported under load", "date": "2026-11-27", "place": "", "notes": ""}
    return json.dumps({"game_night": night, "matches": documents}).encode()


class RoundPoster:
    """Each table posts the next hand of its own Murlan match, as the htmx form does."""

    def __init__(self, server: Server):
        self.server = server
        self.tokens: dict[int, str] = {}
        self.next_number: dict[int, int] = {}
        self.saved = 0
        self.lock = threading.Lock()

    def match(self, index: int) -> int:
        return self.server.post_matches[index]

    def prepare(self, browser: Browser, index: int):
        answer = browser.request("GET", f"/matches/{self.match(index)}/")
        found = CSRF.search(answer.body.decode())
        if answer.status != 200 or not found:
            raise RuntimeError(f"no CSRF token on the match page ({answer.status})")
        self.tokens[index] = found.group(1)
        self.next_number.setdefault(index, 1)

    def step(self, browser: Browser, index: int, figures: Figures):
        number = self.next_number[index]
        order = list(range(4))[number % 4 :] + list(range(4))[: number % 4]
        body = {"number": number, **{f"place_{place}": seat for place, seat in enumerate(order)}}
        headers = {"X-CSRFToken": self.tokens[index], "HX-Request": "true"}
        began = time.perf_counter()
        answer = browser.request("POST", f"/matches/{self.match(index)}/rounds/", body, headers)
        figures.saves.append(time.perf_counter() - began)
        if answer.status != 200 or answer.headers.get("companion-round") != "saved":
            figures.errors.append(
                f"POST round {number}: {answer.status} {answer.headers.get('companion-round')}"
            )
            return
        self.next_number[index] = number + 1
        with self.lock:
            self.saved += 1


@dataclass
class Figures:
    saves: list[float] = field(default_factory=list)
    imports: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def quantile(self, q: float) -> float:
        ordered = sorted(self.saves)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")

    def line(self, name: str) -> str:
        imports = ", ".join(f"{seconds:.2f}" for seconds in self.imports) or "-"
        return (
            f"{name:<16} {len(self.saves):>6} {self.quantile(0.5) * 1000:>8.0f} {self.quantile(0.95) * 1000:>8.0f} "
            f"{(max(self.saves) if self.saves else float('nan')) * 1000:>8.0f}   {len(self.imports):>3}  {imports}"
        )


class Importer:
    """The third client: uploads the file through the import page, as a browser's form does."""

    def __init__(self, server: Server, content: bytes):
        self.browser = Browser(server.base, server.session_cookie)
        self.content = content

    def upload(self) -> tuple[int, float]:
        # Each upload is another night (its own title): the same night twice would be asked about
        # first ("keep both or stop?"), which a real table's import is not.
        title = f'"Imported under load {next(UPLOADS)}"'.encode()
        content = self.content.replace(b'"Imported under load"', title, 1)
        page = self.browser.request("GET", "/nights/import/")
        token = FORM_TOKEN.search(page.body.decode())
        if page.status != 200 or not token:
            raise RuntimeError(f"no import form ({page.status})")
        boundary = secrets.token_hex(16)
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
                f"{token.group(1)}\r\n--{boundary}\r\n"
                'Content-Disposition: form-data; name="file"; filename="night.json"\r\n'
                "Content-Type: application/json\r\n\r\n"
            ).encode()
            + content
            + f"\r\n--{boundary}--\r\n".encode()
        )
        cookies = "; ".join(f"{key}={value}" for key, value in self.browser.cookies.items())
        headers = {
            "Cookie": cookies,
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "Referer": f"http://{self.browser.host}:{self.browser.port}/nights/import/",
        }
        began = time.perf_counter()
        self.browser.connection.request("POST", "/nights/import/", body=body, headers=headers)
        response = self.browser.connection.getresponse()
        response.read()
        return response.status, time.perf_counter() - began


def tables_while(poster: RoundPoster, server: Server, busy: threading.Event, pause: float, figures: Figures):
    """Two tables save rounds until ``busy`` is cleared; every save's wait goes into ``figures``."""
    browsers = [Browser(server.base, server.session_cookie) for _ in range(2)]
    for index, browser in enumerate(browsers):
        poster.prepare(browser, index)

    def table(index: int):
        while busy.is_set():
            try:
                poster.step(browsers[index], index, figures)
            except (OSError, http.client.HTTPException) as error:
                figures.errors.append(f"table {index + 1}: {type(error).__name__}: {error}")
                browsers[index].close()
            time.sleep(pause)

    threads = [threading.Thread(target=table, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    return threads, browsers


def run_once(server: Server, poster: RoundPoster, content: bytes, options) -> tuple[Figures, Figures]:
    quiet, loaded = Figures(), Figures()
    busy = threading.Event()
    busy.set()
    threads, browsers = tables_while(poster, server, busy, options.pause, quiet)
    time.sleep(options.quiet_seconds)
    busy.clear()
    for thread in threads:
        thread.join()
    for browser in browsers:
        browser.close()

    busy.set()
    threads, browsers = tables_while(poster, server, busy, options.pause, loaded)
    time.sleep(0.5)  # the tables are saving when the first import starts
    importer = Importer(server, content)
    try:
        for _ in range(options.imports):
            status, seconds = importer.upload()
            loaded.imports.append(seconds)
            if status != 302:
                loaded.errors.append(f"import: {status}")
    finally:
        time.sleep(0.5)
        busy.clear()
        for thread in threads:
            thread.join()
        for browser in [*browsers, importer.browser]:
            browser.close()
    return quiet, loaded


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--imports", type=int, default=3, help="maximal imports per run")
    parser.add_argument("--pause", type=float, default=0.2, help="seconds between a table's saves")
    parser.add_argument("--quiet-seconds", type=float, default=5.0, help="the quiet phase's length")
    options = parser.parse_args()

    with serve(post_matches=2) as server:
        from django.conf import settings

        from companion.models import GameNight, Match, Round

        limits = (settings.IMPORT_MAX_MATCHES, settings.IMPORT_MAX_ROUNDS, settings.IMPORT_MAX_PLAYERS)
        content = maximal_night_file(*limits)
        print(
            f"gunicorn on {server.base}; the import file: {limits[0]} matches, {limits[1]:,} rounds, "
            f"{limits[2]} players, {len(content) / 1024:.0f} KB; {options.runs} runs, "
            f"{options.imports} imports each; saves every {options.pause:g} s at two tables"
        )
        poster = RoundPoster(server)
        everything_quiet, everything_loaded = Figures(), Figures()
        print(f"{'phase':<16} {'saves':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}   imp  import s")
        for run in range(1, options.runs + 1):
            quiet, loaded = run_once(server, poster, content, options)
            print(quiet.line(f"run {run} quiet"))
            print(loaded.line(f"run {run} import"))
            for total, part in ((everything_quiet, quiet), (everything_loaded, loaded)):
                total.saves += part.saves
                total.imports += part.imports
                total.errors += part.errors
        print(everything_quiet.line("all quiet"))
        print(everything_loaded.line("all import"))

        imported = GameNight.objects.filter(title__startswith="Imported under load")
        expected_nights = options.runs * options.imports
        errors = everything_quiet.errors + everything_loaded.errors
        if imported.count() != expected_nights:
            errors.append(f"{imported.count()} nights imported, {expected_nights} expected")
        matches = Match.objects.filter(night__in=imported)
        if matches.count() != expected_nights * limits[0]:
            errors.append(f"{matches.count()} imported matches, {expected_nights * limits[0]} expected")
        if Round.objects.filter(match__in=matches).count() != expected_nights * limits[1]:
            errors.append("an import is missing rounds")
        stored = Round.objects.filter(match_id__in=server.post_matches).count()
        if stored != poster.saved:
            errors.append(f"{poster.saved} rounds saved at the tables but {stored} stored")

    slowest = max(everything_quiet.saves + everything_loaded.saves)
    for error in sorted(set(errors))[:10]:
        print(f"  error: {error}")
    if everything_loaded.imports:
        print(f"import time: median {statistics.median(everything_loaded.imports):.2f} s")
    within = slowest <= SAVE_BUDGET_SECONDS
    print(
        f"budget: no save waited longer than {SAVE_BUDGET_SECONDS:g} s: {'yes' if within else 'NO'} "
        f"(slowest {slowest * 1000:.0f} ms); errors: {'none' if not errors else 'SOME'}"
    )
    return 0 if within and not errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
