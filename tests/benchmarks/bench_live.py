"""Live benchmark: ``make bench-live`` (not part of ``make test``; prints figures and PASS or FAIL per goal).

Starts ``make serve``'s gunicorn (tests/benchmarks/served.py: event-loop workers,
DEBUG off, a throwaway SQLite database, or the PostgreSQL database ``make bench-live``
starts for the two-instance goal) and plays a club night on it: ``--tables`` tables,
each a Molotow match with four phones and one shared screen open on its live pages
(``/matches/<pk>/events/`` and ``/s/<token>/events/``), and a save every 30 s per table,
the tables spread evenly over those 30 s. The clients are coroutines of one asyncio
loop in this process, with httpx: a stream is one connection held open, its events
read as they come.

The goals, each printed with PASS or FAIL:

* every open page of a table hears of its save within 2 s, p95 (from the moment the
  phone sends the save to the moment the page has the new version's event);
* an idle open page costs at most 0.1 ms of server processor time per second (the
  processor time of gunicorn and its workers, from /proc, over ``--idle`` seconds with
  nothing saved: longer than the 20 s keep-alive, so each stream's keep-alive and
  look-again are in it; less what the server uses with no page open, its own timers);
* a save with every page open costs at most 1.5x a save with none open (median of
  the ``cpu`` the server reports in ``Server-Timing``), no errors, and every table
  holds exactly the rounds its phone saved (none lost, none twice);
* ``--two-instances`` (``make bench-live`` runs it against a throwaway PostgreSQL):
  the pages are open on instance B, the saves go to instance A; B's pages hear them
  within 2 s, p95;
* 32 clients that send a login form one byte every 2 s, beside 4 clients asking for
  pages: at least 95% of those pages answered within 2 s, and no worker restarted;
* ``--club`` (a club night instead of all the above): ``--tables`` tables (15 by
  default: 60 players) of one sitting, each with its four phones on the match's live page,
  and 3 TV pages on the night's share link (the club night's TV page); each TV page asks
  for its live part at every event, as the browser does, and reads every table's round count
  from it: every save reaches the TVs' standings within 2 s, p95 (from the sending of the save
  to the moment a TV's answer shows that round), and the phones hear it within 2 s, p95.
  A short try: ``python -m tests.benchmarks.bench_live --club --tables 2 --seconds 30``;
* ``--attacks`` (on a server of its own with every limit at its default): from one
  address (127.0.0.2), 2,000 stream attempts, 2,000 half-open request heads, 60 stalled
  8 MB bodies and 8 endless headers, one after the other, each while 4 clients on
  127.0.0.1 ask for pages: at least 95% of those answered within 2 s, no worker
  restarted, and the workers' memory back within 20% of before a few seconds after
  the attack (``--attack-scale 0.05`` tries it small);
* how far it goes: open pages in steps (``--levels``, default 1,000, 2,000, 4,000 and
  8,000) with the same saves per table; the largest step that keeps the latency and
  idle goals is printed as a line of its own.

The processor time of the clients (this process) is printed beside the server's, as
``make bench-load`` does: on a 2-core machine they share the cores.

Options: ``--tables`` (200), ``--seconds`` of saving (60), ``--idle`` seconds (25),
``--slow-seconds`` (20), ``--levels`` (1000,2000,4000,8000; ``--levels ''`` skips them),
``--two-instances``, ``--club``. A short try: ``make bench-live BENCH_ARGS="--tables 40 --seconds 30
--levels 1000"``. Everything runs on loopback and stops by itself.
The exit status is 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import resource
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.benchmarks.served import NAMES, Server, serve

SAVE_EVERY = 30.0  # seconds between two saves of one table
LATENCY_GOAL = 2.0
IDLE_GOAL_MS = 0.1
SAVE_RATIO_GOAL = 1.5
ANSWERED_GOAL = 0.95
SLOW_CLIENTS = 32
TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Table:
    match: int
    token: str
    saves: list[float] = field(default_factory=list)  # when each stored save was sent (monotonic)
    saved: int = 0


@dataclass
class Page:
    table: Table
    path: str
    heard: list[float] = field(default_factory=list)  # when each version event arrived
    last: str = ""
    connected: bool = False
    gone: bool = False
    drops: int = 0


@dataclass
class Verdicts:
    lines: list[str] = field(default_factory=list)
    failed: bool = False

    def goal(self, ok: bool, text: str) -> None:
        self.failed |= not ok
        self.lines.append(f"{'PASS' if ok else 'FAIL'}  {text}")
        print(self.lines[-1], flush=True)


def deal(number: int) -> dict:
    return {"number": number, "points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}


def cpu_of(pids) -> float:
    """Processor seconds (user and system, all threads) the processes have used so far."""
    total = 0
    for pid in pids:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / TICK


def server_pids(server: Server, index: int = 0) -> list[int]:
    instance = server.instances[index]
    return [instance.process.pid, *instance.workers()]


def cookies(server: Server) -> dict[str, str]:
    return dict(part.strip().split("=", 1) for part in server.session_cookie.split(";"))


def seed_tables(count: int) -> list[Table]:
    """``count`` Molotow matches of the seeded host, each shared by a link, in this process's database."""
    from django.contrib.auth import get_user_model
    from django.db import connections

    from companion.models import GameNight
    from companion.play.setup import create_match
    from companion.sharing.services import create_link

    user = get_user_model().objects.get(username="host")
    night = GameNight.objects.create(owner=user, title="Club night", date="2026-11-27", place="Chur")
    tables = []
    for _ in range(count):
        match = create_match(night, "molotow", NAMES, 0, {"rounds": 100}, user)
        tables.append(Table(match.pk, create_link(match=match, user=user).token))
    connections.close_all()
    return tables


def stored_rounds(tables: list[Table]) -> dict[int, list[int]]:
    from django.db import connections

    from companion.models import Round

    numbers: dict[int, list[int]] = {table.match: [] for table in tables}
    for match, number in Round.objects.filter(match__in=list(numbers)).values_list("match", "number"):
        numbers[match].append(number)
    connections.close_all()
    return numbers


# --- the clients ---------------------------------------------------------------------------------


async def hold(client: httpx.AsyncClient, page: Page, errors: list[str]) -> None:
    """Keep ``page``'s stream open (reconnecting as a browser does), noting when each version arrives."""
    while not page.gone:
        headers = {"Last-Event-ID": page.last} if page.last else {}
        try:
            async with client.stream("GET", page.path, headers=headers, timeout=None) as response:
                if response.status_code != 200:
                    errors.append(f"stream {page.path}: {response.status_code}")
                    await asyncio.sleep(1)
                    continue
                page.connected = True
                buffer = b""
                async for chunk in response.aiter_raw():
                    buffer += chunk
                    while b"\n\n" in buffer:
                        block, buffer = buffer.split(b"\n\n", 1)
                        lines = block.decode().split("\n")
                        if "event: version" in lines:
                            page.heard.append(time.monotonic())
                            page.last = next(line[6:] for line in lines if line.startswith("data: "))
                        elif "event: gone" in lines:
                            page.gone = True
                            errors.append(f"stream {page.path}: gone")
        except httpx.HTTPError:
            page.drops += 1
            await asyncio.sleep(0.5)


async def open_pages(client, tables, errors, *, phones=4, shared=1, batch=100):
    """Every table's pages, connected (each has heard the current version once)."""
    pages = []
    for table in tables:
        pages += [Page(table, f"/matches/{table.match}/events/") for _ in range(phones)]
        pages += [Page(table, f"/s/{table.token}/events/") for _ in range(shared)]
    tasks = []
    for start in range(0, len(pages), batch):
        tasks += [asyncio.create_task(hold(client, page, errors)) for page in pages[start : start + batch]]
        while not all(page.heard or page.gone for page in pages[: start + batch]):
            await asyncio.sleep(0.05)
    return pages, tasks


async def close_pages(tasks) -> None:
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def save(client: httpx.AsyncClient, table: Table, token: str, costs: list[float], errors: list[str]):
    number = table.saved + 1
    began = time.monotonic()
    try:
        response = await client.post(
            f"/matches/{table.match}/rounds/",
            data=deal(number),
            headers={"X-CSRFToken": token, "HX-Request": "true"},
            timeout=30,
        )
    except httpx.HTTPError as error:
        errors.append(f"save {table.match}/{number}: {error!r}")
        return
    if response.status_code != 200 or f"Round {number + 1} of" not in response.text:
        errors.append(f"save {table.match}/{number}: {response.status_code}")
        return
    table.saved = number
    table.saves.append(began)  # only a stored round is a change the pages can hear
    timing = response.headers.get("server-timing", "")
    if timing.startswith("cpu;dur="):
        costs.append(float(timing.split(",")[0].removeprefix("cpu;dur=")))


async def play(client, tables, token, seconds, costs, errors) -> None:
    """Each table saves every 30 s, the tables spread evenly over those 30 s, for ``seconds``."""
    began = time.monotonic()

    async def table_saves(index: int, table: Table):
        due = began + index * SAVE_EVERY / len(tables)
        while due < began + seconds:
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            await save(client, table, token, costs, errors)
            due += SAVE_EVERY

    await asyncio.gather(*(table_saves(i, table) for i, table in enumerate(tables)))
    await asyncio.sleep(LATENCY_GOAL + 1)  # the last saves' events


def latencies(pages: list[Page]) -> list[float]:
    """For every page and every save of its table: seconds from the save's sending to the page's event."""
    found = []
    for page in pages:
        for i, sent in enumerate(page.table.saves):
            until = page.table.saves[i + 1] if i + 1 < len(page.table.saves) else float("inf")
            heard = [t for t in page.heard if sent <= t < until]
            found.append(heard[0] - sent if heard else float("inf"))
    return found


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else float("nan")


def client_for(base: str, server: Server) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        base_url=base,
        cookies=cookies(server),
        limits=httpx.Limits(max_connections=None, max_keepalive_connections=100),
        timeout=30,
    )


async def server_rate(server: Server, seconds: float, index: int = 0) -> tuple[float, float]:
    """(server cores, client cores) used over the next ``seconds``."""
    pids = server_pids(server, index)
    server_before, client_before, began = cpu_of(pids), time.process_time(), time.monotonic()
    await asyncio.sleep(seconds)
    elapsed = time.monotonic() - began
    return (cpu_of(pids) - server_before) / elapsed, (time.process_time() - client_before) / elapsed


async def idle_cost(server: Server, pages: list[Page], seconds: float, floor: float) -> tuple[float, float]:
    """(server ms per open page per second, client cores) over ``seconds`` with nothing saved.

    ``floor``: the server's cores with no page open (its own timers), taken off first.
    """
    await asyncio.sleep(1)
    cores, client_cores = await server_rate(server, seconds)
    return max(0.0, cores - floor) * 1000 / len(pages), client_cores


# --- the phases ------------------------------------------------------------------------------------


async def club_night(server: Server, args, verdicts: Verdicts) -> None:
    tables = await asyncio.to_thread(seed_tables, args.tables)
    token = cookies(server)["csrftoken"]
    errors: list[str] = []
    async with client_for(server.base, server) as client:
        # A save with no page open, on tables of their own (their first round).
        quiet = await asyncio.to_thread(seed_tables, min(40, args.tables))
        alone: list[float] = []
        for table in quiet:
            await save(client, table, token, alone, errors)
        floor, _ = await server_rate(server, 10)
        print(f"no page open: the server uses {floor * 1000:.1f} ms of processor time per second", flush=True)
        pages, tasks = await open_pages(client, tables, errors)
        workers = server.instances[0].workers()
        threads = sum(len(os.listdir(f"/proc/{pid}/task")) for pid in workers)
        rss = sum(int(Path(f"/proc/{pid}/statm").read_text().split()[1]) for pid in workers)
        rss_mb = rss * os.sysconf("SC_PAGE_SIZE") / 2**20
        print(
            f"{len(pages)} pages open on {len(tables)} tables: the workers hold {threads} threads, "
            f"{rss_mb:.0f} MB resident",
            flush=True,
        )
        idle_ms, client_cores = await idle_cost(server, pages, args.idle, floor)
        print(
            f"idle: {idle_ms * 1000:.1f} us of server processor time per page per second; "
            f"clients {client_cores:.2f} cores",
            flush=True,
        )
        costs: list[float] = []
        server_before, client_before = cpu_of(server_pids(server)), time.process_time()
        began = time.monotonic()
        await play(client, tables, token, args.seconds, costs, errors)
        elapsed = time.monotonic() - began
        print(
            f"saving: server {(cpu_of(server_pids(server)) - server_before) / elapsed:.2f} cores, "
            f"clients {(time.process_time() - client_before) / elapsed:.2f} cores",
            flush=True,
        )
        await close_pages(tasks)
    found = latencies(pages)
    lost = sum(1 for value in found if value == float("inf"))
    verdicts.goal(
        p95(found) <= LATENCY_GOAL and not lost,
        f"{len(pages)} pages hear their table's save within {LATENCY_GOAL:.0f} s: p95 {p95(found) * 1000:.0f} ms, "
        f"max {max(found, default=0) * 1000:.0f} ms, {len(found)} deliveries, {lost} never heard",
    )
    verdicts.goal(
        idle_ms <= IDLE_GOAL_MS,
        f"an idle page costs {idle_ms * 1000:.1f} us/s of server processor time "
        f"(goal {IDLE_GOAL_MS * 1000:.0f} us/s)",
    )
    ratio = statistics.median(costs) / statistics.median(alone) if costs and alone else float("inf")
    verdicts.goal(
        ratio <= SAVE_RATIO_GOAL,
        f"a save with {len(pages)} pages open costs {ratio:.2f}x a save with none "
        f"({statistics.median(costs) if costs else float('nan'):.1f} ms against "
        f"{statistics.median(alone) if alone else float('nan'):.1f} ms, median server cpu)",
    )
    stored = await asyncio.to_thread(stored_rounds, tables + quiet)
    wrong = [t.match for t in tables + quiet if sorted(stored[t.match]) != list(range(1, t.saved + 1))]
    verdicts.goal(
        not errors and not wrong,
        f"no errors ({len(errors)}: {errors[:3]}), no round lost or doubled ({len(wrong)} tables wrong), "
        f"{sum(t.saved for t in tables)} saves",
    )


async def two_instances(server: Server, args, verdicts: Verdicts) -> None:
    tables = await asyncio.to_thread(seed_tables, args.tables)
    token = cookies(server)["csrftoken"]
    errors: list[str] = []
    a, b = server.instances[0].base, server.instances[1].base
    async with client_for(a, server) as saver, client_for(b, server) as watcher:
        pages, tasks = await open_pages(watcher, tables, errors)
        await play(saver, tables, token, args.seconds, [], errors)
        await close_pages(tasks)
    found = latencies(pages)
    lost = sum(1 for value in found if value == float("inf"))
    verdicts.goal(
        p95(found) <= LATENCY_GOAL and not lost and not errors,
        f"two instances on PostgreSQL: {len(pages)} pages on B hear A's saves within {LATENCY_GOAL:.0f} s: "
        f"p95 {p95(found) * 1000:.0f} ms, {lost} never heard, {len(errors)} errors {errors[:3]}",
    )


async def slow_bodies(server: Server, args, verdicts: Verdicts) -> None:
    """32 clients send a login form one byte every 2 s while 4 clients ask for pages."""
    host, port = server.base.removeprefix("http://").split(":")
    boots = server.instances[0].boots()
    stop = time.monotonic() + args.slow_seconds
    body = b"username=host&password=" + b"x" * 100

    async def slow():
        _reader, writer = await asyncio.open_connection(host, int(port))
        head = (
            f"POST /login/ HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        writer.write(head.encode())
        with contextlib.suppress(OSError):
            for byte in body:
                if time.monotonic() > stop:
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(2)
        writer.close()

    answered, asked = 0, 0

    async def normal(client):
        nonlocal answered, asked
        while time.monotonic() < stop:
            asked += 1
            with contextlib.suppress(httpx.HTTPError):
                response = await client.get(server.urls["players"], timeout=LATENCY_GOAL)
                answered += response.status_code == 200
            await asyncio.sleep(0.05)

    async with client_for(server.base, server) as client:
        slow_tasks = [asyncio.create_task(slow()) for _ in range(SLOW_CLIENTS)]
        await asyncio.sleep(1)  # every slow client has begun
        await asyncio.gather(*(normal(client) for _ in range(4)))
        await asyncio.gather(*slow_tasks, return_exceptions=True)
    share = answered / asked if asked else 0.0
    restarted = server.instances[0].boots() - boots
    verdicts.goal(
        share >= ANSWERED_GOAL and not restarted,
        f"{SLOW_CLIENTS} slow-body clients: {answered} of {asked} pages answered within "
        f"{LATENCY_GOAL:.0f} s ({share:.1%}), {restarted} workers restarted",
    )


ATTACKER = "127.0.0.2"  # loopback has all of 127/8: the attack from one address, the pages from another
MEMORY_GOAL = 0.20
# The capacity rows open thousands of streams with one session from one address: the per-browser,
# per-link and per-address caps (companion/asgi.py) would refuse them. --attacks keeps the defaults.
CAPACITY_LIMITS = {
    "STREAMS_PER_SESSION": "100000",
    "STREAMS_PER_LINK": "100000",
    "STREAMS_PER_ADDRESS": "100000",
    "STREAM_CEILING": "100000",
    "CONNECTIONS_PER_ADDRESS": "100000",
}


def worker_memory(server: Server) -> int:
    """The resident memory of every worker together, in kB."""
    total = 0
    for pid in server.instances[0].workers():
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


async def attack_stream(host: str, port: int, path: str, stop: float) -> None:
    with contextlib.suppress(OSError):
        reader, writer = await asyncio.open_connection(host, port, local_addr=(ATTACKER, 0))
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        while time.monotonic() < stop and await reader.read(65536):
            pass
        writer.close()


async def attack_half_head(host: str, port: int, path: str, stop: float) -> None:
    with contextlib.suppress(OSError):
        reader, writer = await asyncio.open_connection(host, port, local_addr=(ATTACKER, 0))
        writer.write(b"GET / HTTP/1.1\r\nHost: ")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(reader.read(65536), max(0.1, stop - time.monotonic()))
        writer.close()


async def attack_stalled_body(host: str, port: int, path: str, stop: float) -> None:
    with contextlib.suppress(OSError):
        reader, writer = await asyncio.open_connection(host, port, local_addr=(ATTACKER, 0))
        head = f"POST /login/ HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: {8 * 1024 * 1024}\r\n\r\n"
        writer.write(head.encode() + b"x" * 65536)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(reader.read(65536), max(0.1, stop - time.monotonic()))
        writer.close()


async def attack_endless_header(host: str, port: int, path: str, stop: float) -> None:
    with contextlib.suppress(OSError):
        _reader, writer = await asyncio.open_connection(host, port, local_addr=(ATTACKER, 0))
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Endless: ")
        while time.monotonic() < stop and not writer.is_closing():
            writer.write(b"a" * 65536)
            await writer.drain()
        writer.close()


async def attacks(server: Server, args, verdicts: Verdicts) -> None:
    """Each attack from 127.0.0.2 while 4 clients on 127.0.0.1 ask for pages."""
    host, port = server.base.removeprefix("http://").split(":")
    tables = await asyncio.to_thread(seed_tables, 1)
    share = f"/s/{tables[0].token}/events/"
    async with client_for(
        server.base, server
    ) as client:  # warm: the first pages' caches are not the attack's
        for _ in range(40):
            await client.get(server.urls["players"])
    rows = [
        ("stream attempts", attack_stream, 2000),
        ("half-open heads", attack_half_head, 2000),
        ("stalled 8 MB bodies", attack_stalled_body, 60),
        ("endless headers", attack_endless_header, 8),
    ]
    for name, attack, count in rows:
        count = max(1, round(count * args.attack_scale))
        boots, before = server.instances[0].boots(), worker_memory(server)
        stop = time.monotonic() + args.attack_seconds
        answered, asked = 0, 0

        async def normal(client, stop):
            nonlocal answered, asked
            while time.monotonic() < stop:
                asked += 1
                with contextlib.suppress(httpx.HTTPError):
                    response = await client.get(server.urls["players"], timeout=LATENCY_GOAL)
                    answered += response.status_code == 200
                await asyncio.sleep(0.05)

        async with client_for(server.base, server) as client:
            attackers = [asyncio.create_task(attack(host, int(port), share, stop)) for _ in range(count)]
            await asyncio.sleep(0.5)
            await asyncio.gather(*(normal(client, stop) for _ in range(4)))
            for task in attackers:
                task.cancel()
            await asyncio.gather(*attackers, return_exceptions=True)
        await asyncio.sleep(args.settle_seconds)  # deadlines pass, connections close, memory is given back
        after = worker_memory(server)
        grown = (after - before) / before if before else 0.0
        restarted = server.instances[0].boots() - boots
        ratio = answered / asked if asked else 0.0
        verdicts.goal(
            ratio >= ANSWERED_GOAL and not restarted and grown <= MEMORY_GOAL,
            f"{count} {name} from one address: {answered} of {asked} pages answered within "
            f"{LATENCY_GOAL:.0f} s ({ratio:.1%}), {restarted} workers restarted, worker memory "
            f"{before // 1024} -> {after // 1024} MB ({grown:+.0%})",
        )


async def how_far(server: Server, args, verdicts: Verdicts) -> None:
    token = cookies(server)["csrftoken"]
    held = 0
    floor, _ = await server_rate(server, 10)
    for level in args.levels:
        tables = await asyncio.to_thread(seed_tables, level // 5)
        errors: list[str] = []
        async with client_for(server.base, server) as client:
            began = time.monotonic()
            pages, tasks = await open_pages(client, tables, errors)
            opened = time.monotonic() - began
            idle_ms, client_cores = await idle_cost(server, pages, args.idle, floor)
            await play(client, tables, token, SAVE_EVERY, [], errors)
            await close_pages(tasks)
        found = latencies(pages)
        ok = p95(found) <= LATENCY_GOAL and idle_ms <= IDLE_GOAL_MS and not errors
        print(
            f"{'ok  ' if ok else 'over'}  {len(pages)} pages (opened in {opened:.0f} s): p95 {p95(found) * 1000:.0f} ms, "
            f"idle {idle_ms * 1000:.1f} us/s per page, clients {client_cores:.2f} cores, {len(errors)} errors",
            flush=True,
        )
        if not ok:
            break
        held = len(pages)
    if args.levels:
        print(
            f"LARGEST  {held} open pages on one instance within the goals (tried {args.levels})", flush=True
        )


# --- a club night: 4 phones per table, 3 TV pages on the night's share link ---------------------------

TV_PAGES = 3
TABLE_STATE = re.compile(
    r'data-table="(\d+)">.*?club-tv-table-state">\s*(?:(\d+) rounds?|[^<]*)</span>', re.DOTALL
)


def seed_club(count: int) -> tuple[list[Table], dict[int, int], str]:
    """A club night of the seeded host: one sitting of ``count`` Molotow tables of 4 entrants each, drawn
    straight into rows (the draw is not what is measured); its tables, their numbers by match, and the
    token of the night's share link (the TV page)."""
    from django.contrib.auth import get_user_model
    from django.db import connections

    from companion.clubs.models import ClubNight, ClubTable, Entrant, Sitting
    from companion.lib import tokens
    from companion.models import GameNight, Player
    from companion.play.setup import create_match
    from companion.sharing.services import create_link

    user = get_user_model().objects.get(username="host")
    night = GameNight.objects.create(owner=user, title="Club night", date="2026-11-27", place="Chur")
    club = ClubNight.objects.create(night=night, game="molotow", options={"rounds": 100}, table_size=4)
    sitting = Sitting.objects.create(club=club, number=1, seed=1)
    tables, numbers = [], {}
    for number in range(1, count + 1):
        names = [f"T{number}{name}" for name in NAMES]
        match = create_match(night, "molotow", names, 0, {"rounds": 100}, user)
        for player in Player.objects.filter(owner=user, name__in=names):
            Entrant.objects.create(club=club, player=player)
        _token, seed_value, digest = tokens.new_token(ClubTable.PURPOSE)
        ClubTable.objects.create(
            sitting=sitting, number=number, match=match, token_hash=digest, token_seed=seed_value
        )
        tables.append(Table(match.pk, ""))
        numbers[match.pk] = number
    token = create_link(night=night, user=user).token
    connections.close_all()
    return tables, numbers, token


async def watch_tv(client, token: str, seen: dict[tuple[int, int], float], errors: list[str], stop) -> None:
    """A TV page: its stream, and at each new version its live part, as js/share.js asks for it; notes
    when each table's round count first showed."""
    last = ""
    while not stop.is_set():
        try:
            async with client.stream(
                "GET", f"/s/{token}/events/", headers={"Last-Event-ID": last} if last else {}, timeout=None
            ) as response:
                async for chunk in response.aiter_text():
                    if "event: version" not in chunk:
                        continue
                    last = chunk.split("data: ", 1)[1].split("\n", 1)[0]
                    answer = await client.get(f"/s/{token}/live/", params={"v": "-"}, timeout=30)
                    if answer.status_code != 200:
                        errors.append(f"tv live: {answer.status_code}")
                        continue
                    now = time.monotonic()
                    for number, rounds in TABLE_STATE.findall(answer.text):
                        for count in range(1, int(rounds or 0) + 1):
                            seen.setdefault((int(number), count), now)
        except httpx.HTTPError:
            await asyncio.sleep(0.5)


async def club_tv(server: Server, args, verdicts: Verdicts) -> None:
    tables, numbers, tv_token = await asyncio.to_thread(seed_club, args.tables)
    token = cookies(server)["csrftoken"]
    errors: list[str] = []
    seen: list[dict[tuple[int, int], float]] = [{} for _ in range(TV_PAGES)]
    stop = asyncio.Event()
    async with client_for(server.base, server) as client:
        pages, tasks = await open_pages(client, tables, errors, phones=4, shared=0)
        tvs = [
            asyncio.create_task(watch_tv(client, tv_token, seen[i], errors, stop)) for i in range(TV_PAGES)
        ]
        await asyncio.sleep(1)
        await play(client, tables, token, args.seconds, [], errors)
        stop.set()
        await close_pages([*tasks, *tvs])
    phones = latencies(pages)
    tv = [
        screen.get((numbers[table.match], index + 1), float("inf")) - sent
        for screen in seen
        for table in tables
        for index, sent in enumerate(table.saves)
    ]
    lost = sum(1 for value in tv if value == float("inf"))
    verdicts.goal(
        p95(tv) <= LATENCY_GOAL and not lost and not errors,
        f"club night: {len(tables)} tables, {TV_PAGES} TV pages: every save on the TVs' standings within "
        f"{LATENCY_GOAL:.0f} s: p95 {p95(tv) * 1000:.0f} ms, max {max(tv, default=0) * 1000:.0f} ms, "
        f"{len(tv)} deliveries, {lost} never shown, {len(errors)} errors {errors[:3]}",
    )
    verdicts.goal(
        p95(phones) <= LATENCY_GOAL,
        f"club night: {len(pages)} phones hear their table's save within {LATENCY_GOAL:.0f} s: "
        f"p95 {p95(phones) * 1000:.0f} ms, {sum(t.saved for t in tables)} saves",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=None, help="200; with --club 15 (60 players)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--idle", type=float, default=25.0)
    parser.add_argument("--slow-seconds", type=float, default=20.0)
    parser.add_argument(
        "--levels", type=lambda text: [int(x) for x in text.split(",") if x], default=[1000, 2000, 4000, 8000]
    )
    parser.add_argument("--two-instances", action="store_true")
    parser.add_argument("--club", action="store_true", help="a club night: phones and 3 TV pages")
    parser.add_argument("--attacks", action="store_true", help="only the attacker rows (issue 36)")
    parser.add_argument("--attack-scale", type=float, default=1.0)
    parser.add_argument("--attack-seconds", type=float, default=15.0)
    parser.add_argument("--settle-seconds", type=float, default=12.0)
    args = parser.parse_args()
    if args.tables is None:
        args.tables = 15 if args.club else 200
    # Thousands of streams: a socket each on both sides (the server inherits the limit).
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    verdicts = Verdicts()
    if args.attacks:
        with serve() as server:
            print(f"gunicorn at {server.base} ({len(server.instances[0].workers())} workers)", flush=True)
            asyncio.run(attacks(server, args, verdicts))
        print("\nSummary:\n" + "\n".join(verdicts.lines))
        return 1 if verdicts.failed else 0
    os.environ.update(CAPACITY_LIMITS)
    if args.two_instances:
        database = os.environ.get("DATABASE_URL")
        if not database:
            print("--two-instances needs DATABASE_URL (make bench-live starts a PostgreSQL)")
            return 1
        with serve(instances=2, database_url=database) as server:
            asyncio.run(two_instances(server, args, verdicts))
    elif args.club:
        with serve() as server:
            asyncio.run(club_tv(server, args, verdicts))
    else:
        with serve() as server:
            print(f"gunicorn at {server.base} ({len(server.instances[0].workers())} workers)", flush=True)
            asyncio.run(club_night(server, args, verdicts))
            asyncio.run(slow_bodies(server, args, verdicts))
            asyncio.run(how_far(server, args, verdicts))
    print("\nSummary:\n" + "\n".join(verdicts.lines))
    return 1 if verdicts.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
