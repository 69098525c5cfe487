"""How long a saved round takes to show: ``make bench-entry`` (not a test; prints figures).

Starts Companion (runserver, DEBUG off, a throwaway SQLite database) on
loopback, opens a Molotow match in Debian's Chromium at 390x844 through
Playwright, and enters 30 deals through the real form. For each deal it
measures from the tap on "Save round" until the new standings are on screen
(the round line shows the next round), then prints p50 and p95. The clock
runs in the page: from the click event on the button to the first frame
painted after htmx swapped the new scoreboard in, so the browser driver's own
scrolling and waiting are not counted.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEALS = 30
PASSWORD = "bench-password-for-loopback-only"
SETUP = f"""
from django.contrib.auth import get_user_model
from companion.play.setup import create_match
from companion.models import GameNight
user = get_user_model().objects.create_user("bench", password="{PASSWORD}")
night = GameNight.objects.create(owner=user, title="Benchmark")
match = create_match(night, "molotow", ["Anna", "Beat", "Cla", "Dora"], 0, {{"rounds": {DEALS}}}, user)
print(match.pk)
"""


# Installed once: the scoreboard is swapped, but document-level listeners stay.
CLOCK = """
window.__entryTimes = [];
document.addEventListener("click", (event) => {
  if (event.target.closest("button.save-round")) window.__tapAt = performance.now();
}, true);
document.body.addEventListener("htmx:afterSwap", () => {
  const tapAt = window.__tapAt;
  requestAnimationFrame(() => window.__entryTimes.push(performance.now() - tapAt));
});
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main() -> None:
    from playwright.sync_api import expect, sync_playwright

    from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE

    var = tempfile.mkdtemp(prefix="companion-bench-")
    env = {**os.environ, "COMPANION_VAR_DIR": var, "DEBUG": "0", "ALLOWED_HOSTS": "127.0.0.1"}
    env.setdefault("SECRET_KEY", "benchmark-only-secret-key-on-loopback-0123456789")
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "collectstatic", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
    match_pk = subprocess.run(
        [*manage, "shell", "-c", SETUP], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout.split()[-1]
    port = free_port()
    server = subprocess.Popen(
        [*manage, "runserver", f"127.0.0.1:{port}", "--noreload", "--insecure"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=PHONE, base_url=base)
            page.goto("/login/")
            page.get_by_label("Username").fill("bench")
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_role("button", name="Log in").click()
            page.wait_for_url("**/")
            page.goto(f"/matches/{match_pk}/")
            page.evaluate(CLOCK)
            for deal in range(1, DEALS + 1):
                for name, points in zip(("Anna", "Beat", "Cla"), (90, 9, 34), strict=True):
                    page.get_by_role("textbox", name=name, exact=True).fill(str(points))
                expect(page.get_by_role("textbox", name="Dora", exact=True)).to_have_value("24")
                after = "Match over" if deal == DEALS else f"Round {deal + 1} of {DEALS}"
                page.get_by_role("button", name="Save round").click()
                page.locator(".round-line", has_text=after).wait_for()
                # wait_for_function would eval a string, which the CSP rightly forbids: poll instead.
                while page.evaluate("window.__entryTimes.length") < deal:
                    time.sleep(0.01)
            timings = page.evaluate("window.__entryTimes")
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    timings.sort()
    p95 = timings[max(0, round(0.95 * len(timings)) - 1)]
    print(f"{len(timings)} Molotow deals, tap on Save to new standings on screen:")
    print(f"  p50 {statistics.median(timings):.1f} ms   p95 {p95:.1f} ms   max {timings[-1]:.1f} ms")


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    main()
