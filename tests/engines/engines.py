"""WebKit and Firefox beside Chromium, from Debian's packages (Playwright's builds cannot be had here).

- WebKit: WebKitGTK's print operation through PyGObject, run by the system Python
  (webkit_print.py) under Xvfb.
- Firefox ESR: its Remote Agent speaks WebDriver BiDi on a WebSocket; ``Firefox`` below is the few
  commands the tests need (no geckodriver: Debian does not package it).
"""

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import websocket

WEBKIT_PRINT = Path(__file__).with_name("webkit_print.py")
SYSTEM_PYTHON = "/usr/bin/python3"
FIREFOX = shutil.which("firefox-esr") or "firefox-esr"
# Nothing from outside: no updates, telemetry, experiments or first-run pages.
FIREFOX_PREFS = {
    "app.update.disabledForTesting": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.normandy.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "network.connectivity-service.enabled": False,
    "network.captive-portal-service.enabled": False,
    "extensions.update.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "print.always_print_silent": True,
}


class Xvfb:
    """A virtual X display for WebKitGTK's windows (``screen``: width x height x depth)."""

    def __init__(self, screen: str = "1280x1024x24"):
        self.screen = screen

    def __enter__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", self.screen],
            pass_fds=[write],
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with open(read) as display:
            self.display = ":" + display.readline().strip()
        return self

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(10)


def webkit_pdf(url: str, out: Path, display: str) -> Path:
    env = {"DISPLAY": display, "PATH": "/usr/bin:/bin", "HOME": tempfile.gettempdir()}
    subprocess.run([SYSTEM_PYTHON, str(WEBKIT_PRINT), url, str(out)], env=env, check=True, timeout=90)
    return out


class Firefox:
    """Firefox ESR, headless, driven over WebDriver BiDi."""

    def __init__(self, locale: str = "en-US"):
        self.profile = Path(tempfile.mkdtemp(prefix="engines-firefox-"))
        prefs = {**FIREFOX_PREFS, "intl.accept_languages": locale}
        (self.profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items())
        )
        self.process = subprocess.Popen(
            [
                FIREFOX,
                "--headless",
                "--no-remote",
                "--profile",
                str(self.profile),
                "--remote-debugging-port=0",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            for line in self.process.stderr:
                found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if found:
                    break
            else:
                raise RuntimeError("Firefox did not open its WebDriver BiDi port")
            self.socket = websocket.create_connection(
                found.group(1) + "/session", timeout=60, suppress_origin=True
            )
            self.last = 0
            self.command("session.new", capabilities={})
            self.context = self.command("browsingContext.getTree")["contexts"][0]["context"]
        except BaseException:
            self.close()
            raise

    def command(self, method: str, **params):
        self.last += 1
        self.socket.send(json.dumps({"id": self.last, "method": method, "params": params}))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.last:
                if answer.get("type") == "error":
                    raise RuntimeError(f"{method}: {answer['error']}: {answer['message']}")
                return answer["result"]

    def goto(self, url: str):
        self.command("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def evaluate(self, expression: str):
        result = self.command(
            "script.evaluate", expression=expression, target={"context": self.context}, awaitPromise=True
        )
        return result["result"].get("value")

    def pdf(self, out: Path) -> Path:
        answer = self.command(
            "browsingContext.print",
            context=self.context,
            page={"width": 21.0, "height": 29.7},
            background=True,
        )
        out.write_bytes(base64.b64decode(answer["data"]))
        return out

    def close(self):
        try:
            if getattr(self, "socket", None):
                self.command("session.end")
                self.socket.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)


def pdf_pages(path: Path) -> tuple[int, tuple[int, int], str]:
    """The PDF's page count, its first page's size in points, and its text."""
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.MULTILINE).groups()
    return pages, tuple(round(float(value)) for value in size), text
