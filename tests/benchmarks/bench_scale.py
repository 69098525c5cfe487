"""The scale-out rehearsal: ``make bench-scale`` (two instances, one PostgreSQL; prints PASS/FAIL).

``make bench-scale`` makes a throwaway PostgreSQL cluster on loopback
(.ci/postgres.sh; it skips with a message where PostgreSQL cannot be started)
and runs this with its ``DATABASE_URL``. Two ``make serve``-style gunicorns
(tests/benchmarks/served.py) answer on two ports, sharing nothing but the
database (and the secret key, so a session is good on both). Then:

* every change made through one instance shows at once through the other: a
  round saved, undone and edited, a player renamed, the match ended and
  resumed. After each, the scoreboard fragment from both instances must be
  the same (CSRF tokens aside) and differ from the one before the change, and
  the match's share link, polled on the other instance with the version it
  showed before, must answer with the new state (not "204 unchanged"; a new
  name alone waits for the next round there, by design of the share page);
* a lockout counts across both: failed logins spread over the two instances
  lock the account on both once they reach LOGIN_FAILURE_LIMIT;
* clients alternating between the instances save and undo rounds and read
  scoreboards for a few seconds: no errors, no lost rounds, and both instances
  then show the same scoreboard.

Any cache of rendered scoreboards must pass the same checks: a page older than
the last save, from either instance, fails them.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import threading
import time

from tests.benchmarks.bench_load import Browser, Phase, record

# What differs between two renderings of the same scoreboard by design: the masked CSRF token, the CSP nonce
# and the round key of the entry form (a fresh one per rendering; companion/games/entry.py).
TOKENS = re.compile(
    r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value="|name="key" value="|<script nonce=")[^"]+'
)
LIVE = re.compile(r'hx-get="([^"]+/live/\?v=[^"]+)"')


def normalized(html: bytes) -> str:
    return TOKENS.sub(r"\1…", html.decode())


class Check:
    def __init__(self):
        self.results: list[tuple[str, bool, str]] = []

    def __call__(self, text: str, ok: bool, detail: str = "") -> bool:
        self.results.append((text, ok, detail))
        print(f"  {'PASS' if ok else 'FAIL'}  {text}{f': {detail}' if detail and not ok else ''}")
        return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of the mixed load")
    parser.add_argument("--clients", type=int, default=8, help="clients in the mixed load")
    options = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        print("bench-scale needs a PostgreSQL DATABASE_URL: run it as `make bench-scale`.", file=sys.stderr)
        return 3

    from tests.benchmarks.served import serve

    check = Check()
    with serve(
        post_matches=options.clients + 1, database_url=database_url, instances=2, long_scoreboards=True
    ) as server:
        a, b = (instance.base for instance in server.instances)
        print(f"two instances, one database: {a} and {b} -> PostgreSQL")
        from companion.models import Match, Player
        from companion.sharing.services import create_link

        match = Match.objects.get(pk=server.post_matches[-1])
        link = create_link(match=match, user=match.night.owner)
        page_url, fragment_url = f"/matches/{match.pk}/", f"/matches/{match.pk}/"
        share_url = f"/s/{link.token}/"
        browsers = {base: Browser(base, server.session_cookie) for base in (a, b)}
        tokens = {}
        for base, browser in browsers.items():
            answer = browser.request("GET", page_url)
            tokens[base] = re.search(r'"X-CSRFToken": "([^"]+)"', answer.body.decode()).group(1)

        def htmx(base, method, path, body=None):
            headers = {"HX-Request": "true", "X-CSRFToken": tokens[base]}
            return browsers[base].request(method, path, body, headers)

        def fragment(base) -> str:
            return normalized(htmx(base, "GET", fragment_url).body)

        def live_url(base) -> str:
            return LIVE.search(browsers[base].request("GET", share_url).body.decode()).group(1)

        def change(label: str, via: str, other: str, act, polled_too: bool = True) -> None:
            before, poll = fragment(other), live_url(other)
            status = act(via)
            mine, theirs = fragment(via), fragment(other)
            check(f"{label} through {via[-5:]}: answered", status in {200, 302}, str(status))
            check(f"  … shows at once through {other[-5:]}", theirs == mine and theirs != before)
            if not polled_too:
                return
            polled = browsers[other].request("GET", poll)
            check(
                "  … and on its share poll there",
                polled.status == 200 and b"standing" in polled.body,
                str(polled.status),
            )

        deal = {"number": 11, "points_0": 90, "points_1": 9, "points_2": 34, "points_3": 24, "draw_loser": ""}
        edited = {**deal, "points_0": 100, "points_1": 19, "points_2": 19, "points_3": 19}
        anna = Player.objects.get(owner=match.night.owner, name="Anna")
        print("Changes through one instance, seen through the other:")
        for via, other in ((a, b), (b, a)):
            change(
                "round saved",
                via,
                other,
                lambda base: htmx(base, "POST", f"/matches/{match.pk}/rounds/", deal).status,
            )
            change(
                "round edited",
                other,
                via,
                lambda base: htmx(base, "POST", f"/matches/{match.pk}/rounds/11/edit/", edited).status,
            )
            change(
                "round undone",
                via,
                other,
                lambda base: htmx(base, "POST", f"/matches/{match.pk}/rounds/undo/", {"number": 11}).status,
            )
        for via, other, name in ((a, b, "Anna Maria"), (b, a, "Anna")):
            change(
                f"player renamed to {name}",
                via,
                other,
                lambda base, name=name: (
                    browsers[base]
                    .request(
                        "POST",
                        f"/players/{anna.pk}/edit/",
                        {
                            "name": name,
                            "emoji": anna.emoji,
                            "colour": anna.colour,
                            "csrfmiddlewaretoken": tokens[base],
                        },
                        {"X-CSRFToken": tokens[base]},
                    )
                    .status
                ),
                polled_too=False,  # by design the share page shows a new name with the next round
            )
        change("match ended", a, b, lambda base: htmx(base, "POST", f"/matches/{match.pk}/close/").status)
        change("match resumed", b, a, lambda base: htmx(base, "POST", f"/matches/{match.pk}/reopen/").status)

        print(
            f"Mixed load: {options.clients} clients alternating between the instances for {options.seconds:g} s:"
        )
        reads, saves = Phase("scoreboard", options.clients), Phase("save+undo", options.clients)
        stop = threading.Event()
        done = [0] * options.clients

        def client(index: int):
            own = server.post_matches[index]
            pair = [Browser(base, server.session_cookie) for base in (a, b)]
            csrf = [
                re.search(
                    r'"X-CSRFToken": "([^"]+)"', p.request("GET", f"/matches/{own}/").body.decode()
                ).group(1)
                for p in pair
            ]
            turn = index
            while not stop.is_set():
                one, two = pair[turn % 2], pair[(turn + 1) % 2]
                headers = {"HX-Request": "true", "X-CSRFToken": csrf[turn % 2]}
                began = time.perf_counter()
                answer = one.request("POST", f"/matches/{own}/rounds/", deal, headers)
                record(saves, answer, began)
                if answer.status != 200 or b"Round 12 of" not in answer.body:
                    saves.errors.append(f"save {answer.status}")
                began = time.perf_counter()
                answer = two.request("GET", f"/matches/{own}/")
                record(reads, answer, began)
                if answer.status != 200 or b"Round 12 of" not in answer.body:
                    reads.errors.append(f"stale or failed scoreboard {answer.status}")
                headers = {"HX-Request": "true", "X-CSRFToken": csrf[(turn + 1) % 2]}
                answer = two.request("POST", f"/matches/{own}/rounds/undo/", {"number": 11}, headers)
                if answer.status != 200 or b"Round 11 of" not in answer.body:
                    saves.errors.append(f"undo {answer.status}")
                done[index] += 1
                turn += 1

        threads = [threading.Thread(target=client, args=(i,)) for i in range(options.clients)]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        time.sleep(options.seconds)
        stop.set()
        for thread in threads:
            thread.join()
        reads.seconds = saves.seconds = time.perf_counter() - began
        from companion.models import Round

        stored = Round.objects.filter(match_id__in=server.post_matches[: options.clients]).count()
        errors = reads.errors + saves.errors
        print(
            f"  {sum(done)} save/read/undo cycles, {reads.rate:.0f} scoreboards/s, p95 {reads.quantile(0.95):.0f} ms"
        )
        check(
            "no errors and no stale scoreboard in the mixed load",
            not errors,
            "; ".join(sorted(set(errors))[:3]),
        )
        check("no lost or extra rounds", stored == 10 * options.clients, f"{stored} stored")
        check("both instances show the same scoreboard afterwards", fragment(a) == fragment(b))

        print("Login lockout across both instances:")
        from django.conf import settings

        limit = settings.AXES_FAILURE_LIMIT

        def failed_login(base: str) -> int:
            """A wrong password for the host, through the login form of ``base``."""
            anonymous = Browser(base, "sessionid=none")
            form = anonymous.request("GET", "/login/").body.decode()
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
            wrong = {"username": "host", "password": "not the password", "csrfmiddlewaretoken": token}
            return anonymous.request("POST", "/login/", wrong).status

        statuses = [failed_login((a, b)[attempt % 2]) for attempt in range(limit)]
        after = [failed_login(base) for base in (a, b)]
        # The failure that reaches the limit is answered with the lockout page already.
        check(
            f"{limit} failed logins alternating between both lock the account on both",
            statuses == [200] * (limit - 1) + [429] and after == [429, 429],
            f"{statuses} then {after}",
        )

    failed = [text for text, ok, _ in check.results if not ok]
    print(f"\n{len(check.results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    raise SystemExit(main())
