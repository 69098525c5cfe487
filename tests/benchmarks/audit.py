"""Lighthouse audit: ``make audit`` (not part of ``make test``; prints scores).

Starts a ``make serve``-style gunicorn on 127.0.0.1 with seeded data
(tests/benchmarks/served.py) and runs Lighthouse 12 (``npx lighthouse@12.2.3``,
the last 12.x that runs on Node 20) in its default mobile mode with Debian's
Chromium on each page: the start page and two scoreboards (Molotow, Murlan)
logged in (the session cookie goes along as an extra header), the login page and the shared
(read-only) Molotow scoreboard without an account. ``--page PATH`` adds pages.

Targets: performance >= 95, accessibility 100, best practices 100; the
scoreboard page with its CSS and JS under 100 KB as transferred (Lighthouse's
total byte weight; also counted here with gzip, what a browser gets over plain
HTTP on a LAN). Exits non-zero when a target is missed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import subprocess
import tempfile
import urllib.request
from pathlib import Path

from tests.benchmarks.served import Server, serve

LIGHTHOUSE = os.environ.get("LIGHTHOUSE", "lighthouse@12.2.3")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CATEGORIES = ["performance", "accessibility", "best-practices"]
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100}
BUDGET = 100 * 1024


def lighthouse(url: str, cookie: str | None, report: Path) -> dict:
    command = [
        "npx",
        "--yes",
        LIGHTHOUSE,
        url,
        "--quiet",
        "--output=json",
        f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
    ]
    if cookie:
        command.append(f"--extra-headers={json.dumps({'Cookie': cookie})}")
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, timeout=300)
    return json.loads(report.read_text())


def failing_audits(result: dict, category: str) -> list[str]:
    audits = result["audits"]
    return [
        f"{ref['id']} ({audits[ref['id']]['score']})"
        for ref in result["categories"][category]["auditRefs"]
        if ref["weight"] > 0 and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1
    ]


def gzip_weight(server: Server, path: str) -> tuple[int, list[tuple[str, int]]]:
    """The page and the CSS and JS it links, each gzipped as WhiteNoise (or the page's gzip) sends it."""

    def fetch(url: str, cookie: bool) -> tuple[bytes, int]:
        headers = {"Accept-Encoding": "gzip"}
        if cookie:
            headers["Cookie"] = server.session_cookie
        with urllib.request.urlopen(urllib.request.Request(server.base + url, headers=headers)) as response:
            body = response.read()
            if response.headers.get("Content-Encoding") == "gzip":
                return gzip.decompress(body), len(body)
            return body, len(gzip.compress(body))  # pages are not compressed by Django: a proxy would

    html, size = fetch(path, cookie=True)
    parts = [(path, size)]
    links = re.findall(rb'<(?:script[^>]+src|link[^>]+rel="stylesheet"[^>]+href)="([^"]+)"', html)
    for link in links:
        parts.append((link.decode(), fetch(link.decode(), cookie=False)[1]))
    return sum(size for _, size in parts), parts


def shared_scoreboard(scoreboard: str) -> str:
    """A read-only share link to the seeded Molotow match, opened without an account."""
    from companion.models import Match
    from companion.sharing.services import create_link

    match = Match.objects.get(pk=int(scoreboard.strip("/").split("/")[-1]))
    return f"/s/{create_link(match=match, user=None).token}/"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", action="append", default=[], help="another path to audit (logged in)")
    parser.add_argument("--keep", help="folder to keep the Lighthouse JSON reports in")
    options = parser.parse_args()
    reports = Path(options.keep or tempfile.mkdtemp(prefix="companion-audit-"))
    reports.mkdir(parents=True, exist_ok=True)
    missed = []
    with serve() as server:
        scoreboard = server.urls["scoreboard (Molotow, 8 deals)"]
        pages = [
            ("start page", "/", True),
            ("scoreboard", scoreboard, True),
            ("Murlan board", server.urls["scoreboard (Murlan, 5 hands)"], True),
            ("login page", "/login/", False),
            ("shared board", shared_scoreboard(scoreboard), False),
            *((path, path, True) for path in options.page),
        ]
        print(f"{'page':<14} {'perf':>5} {'a11y':>5} {'best':>5} {'bytes':>8}  failing audits")
        for name, path, logged_in in pages:
            slug = re.sub(r"\W+", "-", name).strip("-")
            result = lighthouse(
                server.base + path, server.session_cookie if logged_in else None, reports / f"{slug}.json"
            )
            scores = {c: round(result["categories"][c]["score"] * 100) for c in CATEGORIES}
            weight = int(result["audits"]["total-byte-weight"]["numericValue"])
            failing = [f"{c}: {', '.join(failing_audits(result, c))}" for c in CATEGORIES if scores[c] < 100]
            print(
                f"{name:<14} {scores['performance']:>5} {scores['accessibility']:>5} "
                f"{scores['best-practices']:>5} {weight:>8}  {'; '.join(failing)}"
            )
            missed += [f"{name} {c} {scores[c]} < {TARGETS[c]}" for c in CATEGORIES if scores[c] < TARGETS[c]]
            if path == scoreboard and weight >= BUDGET:
                missed.append(f"scoreboard transfers {weight} bytes (Lighthouse), budget {BUDGET}")
        total, parts = gzip_weight(server, scoreboard)
    print(f"\nscoreboard with its CSS and JS, gzipped: {total:,} bytes (budget {BUDGET:,})")
    for url, size in parts:
        print(f"  {size:>8,}  {url}")
    if total >= BUDGET:
        missed.append(f"scoreboard gzipped {total} bytes, budget {BUDGET}")
    print(f"\nLighthouse reports: {reports}")
    for miss in missed:
        print(f"MISSED: {miss}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
