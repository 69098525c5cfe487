"""A phone at the table (390x844) in WebKit and in Firefox, driven as a person uses it.

- WebKit: Debian's WebKitWebDriver starts MiniBrowser (``--automation --full-screen``) on an Xvfb
  display; this speaks W3C WebDriver classic to it over HTTP (httpx), one session per driver process.
- Firefox ESR: the WebDriver BiDi client of engines.py.

Both offer the same few verbs (``goto``, ``tap``, ``type``, ``call``, ``wait``, ``screenshot``), and
the elements are found as a person finds them: a button or link by its name, a field by its label,
a group by its legend (``FIND`` below, run in the page).
"""

import base64
import json
import logging
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.engines.engines import Firefox, Xvfb

logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per WebDriver command drowns a failure
PHONE = {"width": 390, "height": 844}
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

# In the page: the accessible name of an element, as a screen reader (and Playwright's get_by_role)
# reads it, in the short form the tests need; ``find`` returns the one visible element of a kind
# with that name (exact, or containing it), inside ``within`` if given.
FIND = r"""
const squash = (text) => (text || "").replace(/\s+/g, " ").trim();
const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden"
  && !el.closest("[aria-hidden=true]");
// The text a reader hears: what aria-hidden hides is not part of it (the switch's short "DE").
const textOf = (el) => [...el.childNodes].map((node) => node.nodeType === Node.TEXT_NODE ? node.textContent
  : node.nodeType === Node.ELEMENT_NODE && node.getAttribute("aria-hidden") !== "true" ? textOf(node) : "").join("");
const nameOf = (el) => {
  if (el.getAttribute("aria-labelledby")) {
    return squash(el.getAttribute("aria-labelledby").split(" ")
      .map((id) => document.getElementById(id)?.textContent).join(" "));
  }
  if (el.getAttribute("aria-label")) return squash(el.getAttribute("aria-label"));
  if (el.matches("fieldset") && el.querySelector("legend")) return squash(el.querySelector("legend").textContent);
  // A required field's label ends in crispy-forms' "*", which is no part of its name.
  if (el.labels && el.labels.length) return squash([...el.labels].map((l) => l.textContent).join(" ")).replace(/\s*\*$/, "");
  if (el.matches("input[type=submit], input[type=button]")) return squash(el.value);
  return squash(textOf(el));
};
const KINDS = {
  button: "button, [role=button], input[type=submit], input[type=button]",
  link: "a[href]",
  field: "input:not([type=hidden]), select, textarea",
  group: "fieldset, [role=group], [role=radiogroup]",
  heading: "h1, h2, h3, h4, h5, h6",
  status: "[role=status], [role=alert], output",
  text: "label, span, p, li, td, th, summary, div, strong",
};
const findAll = (kind, name, exact, within) => [...(within || document).querySelectorAll(KINDS[kind])]
  .filter((el) => visible(el) && (exact ? nameOf(el) === name : nameOf(el).includes(name)));
const find = (kind, name, exact, within) => {
  let found = findAll(kind, name, exact, within);
  // A text is found in its innermost element.
  if (kind === "text") found = found.filter((el) => !found.some((other) => other !== el && el.contains(other)));
  if (found.length !== 1) throw new Error(`${found.length} ${kind}s named "${name}"`);
  return found[0];
};
// A Locator (below) as JSON: [kind, name, exact, within], looked up afresh each time, for htmx may have
// swapped the element a moment ago.
const resolve = (spec) => {
  const [kind, name, exact, within] = typeof spec === "string" ? JSON.parse(spec) : spec;
  return find(kind, name, exact, within ? resolve(within) : null);
};
"""


# The centre of an element that is in view, hit there and not moving (two looks 100 ms apart); else null.
STEADY = """async (el) => {
  if (!el.isConnected) return "swapped away";
  // A checkbox or radio is tapped on its label, as a finger does (the box itself may be styled away).
  const aim = el.matches("input[type=checkbox], input[type=radio]") && el.labels && el.labels.length
    ? el.labels[0] : el;
  const look = () => { const r = aim.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  let [x, y] = look();
  if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) {
    aim.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
    return `out of view at ${x}, ${y}`;
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const [x2, y2] = look();
  const hit = document.elementFromPoint(x2, y2);
  if (x !== x2 || y !== y2) return `moving from ${x}, ${y} to ${x2}, ${y2}`;
  // Firefox's hit test now and then finds nothing but the root where the element is drawn: not covered.
  const found = hit === document.documentElement || hit === el || aim.contains(hit) || hit.control === el;
  if (!hit || !found) return `covered by ${hit?.outerHTML.slice(0, 80)}`;
  return [Math.round(x2), Math.round(y2)];
}"""


@dataclass(frozen=True)
class Locator:
    """A visible element as a person finds it: a ``kind`` (button, field, group, ...) and its name."""

    kind: str
    name: str
    exact: bool = True
    within: "Locator | None" = None

    def spec(self) -> list:
        return [self.kind, self.name, self.exact, self.within.spec() if self.within else None]

    def json(self) -> str:
        return json.dumps(self.spec())


class Phone:
    """What a test does with a phone; the engines differ only in the few primitives below."""

    engine = ""

    def call(self, function: str, *args):
        """Run ``function`` (a JavaScript function's source) in the page with ``args``; its result."""
        raise NotImplementedError

    def on(self, locator: Locator, function: str, *args):
        """Run ``function`` on the element ``locator`` finds now (and ``args``); its result."""
        return self.call(f"(spec, ...args) => ({function})(resolve(spec), ...args)", locator.json(), *args)

    def goto(self, url: str):
        raise NotImplementedError

    def tap(self, locator: Locator):
        # As a finger does, and as WebDriver classic's click means to: into view, and only where the
        # element itself is hit; and only once it stands still (htmx scrolls the page after a swap).
        steady = "async (spec) => { let el; try { el = resolve(spec); } catch (e) { return e.message; }"
        steady += f" return await ({STEADY})(el); }}"
        deadline = time.monotonic() + 10
        while isinstance(answer := self.call(steady, locator.json()), str):
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: not tapped within 10 s: {answer}")
        self.pointer_tap(*answer)

    def pointer_tap(self, x: int, y: int):
        """A tap at the point (x, y) of the viewport."""
        raise NotImplementedError

    def type(self, locator: Locator, text: str):
        """Empty the field and type ``text`` into it, key by key."""
        raise NotImplementedError

    def screenshot(self, path: Path):
        raise NotImplementedError

    def forget(self, base_url: str):
        """A fresh phone for the next test: no cookies (of ``base_url`` too), nothing kept by the pages."""
        raise NotImplementedError

    # Shared by both engines.

    def find(self, kind: str, name: str, *, exact: bool = True, within: Locator | None = None) -> Locator:
        """The one visible ``kind`` named ``name``, waited for (up to 10 s, as a person looks)."""
        locator = Locator(kind, name, exact, within)
        self.wait(
            "(spec) => { try { return !!resolve(spec); } catch (e) { return false; } }",
            locator.json(),
            what=f'{kind} "{name}"',
        )
        return locator

    def button(self, name: str, **options):
        return self.find("button", name, **options)

    def field(self, label: str, **options):
        return self.find("field", label, **options)

    def wait(self, function: str, *args, timeout: float = 10, what: str = ""):
        """Ask ``function`` every 50 ms until it answers something truthy; that answer."""
        deadline = time.monotonic() + timeout
        while True:
            answer = self.call(function, *args)
            if answer:
                return answer
            if time.monotonic() > deadline:
                where = self.call("() => `${location.href} (${document.title})`")
                raise AssertionError(
                    f"{self.engine}: not seen within {timeout} s on {where}: {what or function}"
                )
            time.sleep(0.05)

    def sees(self, text: str, timeout: float = 10):
        """Wait until ``text`` is on the visible page."""
        self.wait("(text) => document.body.innerText.includes(text)", text, timeout=timeout, what=text)

    def heading(self, text: str, timeout: float = 10):
        """Wait until a visible heading starts with ``text``."""
        self.wait(
            "(text) => [...document.querySelectorAll('h1, h2, h3, h4')]"
            ".some((h) => visible(h) && squash(h.textContent).startsWith(text))",
            text,
            timeout=timeout,
            what=f"heading {text!r}",
        )

    def totals(self) -> dict[str, int]:
        """The standings' totals as the cards show them (a real minus sign read as one)."""
        shown = self.call(
            "() => Object.fromEntries([...document.querySelectorAll('.standing-total')]"
            ".map((el) => [el.dataset.player, el.innerText.trim()]))"
        )
        return {name: int(text.replace("\u2212", "-")) for name, text in shown.items()}

    def shows_totals(self, totals: dict[str, int], timeout: float = 10):
        """Wait until the cards show ``totals`` and no save is under way (Save enabled again, or gone)."""
        deadline = time.monotonic() + timeout
        while True:
            busy = self.call("() => document.querySelector('.save-round:disabled') !== null")
            if self.totals() == totals and not busy:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: the cards show {self.totals()}, not {totals}")
            time.sleep(0.05)

    def value(self, locator: Locator) -> str:
        return self.on(locator, "(el) => el.value")

    def log_in(self, base_url: str, user, *, password: str):
        self.goto(base_url + "/login/")
        self.type(self.field("Username"), user.username)
        self.type(self.field("Password"), password)
        self.tap(self.button("Log in"))
        self.wait("() => location.pathname === '/'", what="the home page after logging in")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebKit(Phone):
    """MiniBrowser under WebKitWebDriver on its own Xvfb display, its window the phone's size."""

    engine = "WebKit"

    def __init__(self, language: str = "en_US"):
        self.xvfb = Xvfb(screen=f"{PHONE['width']}x{PHONE['height']}x24").__enter__()
        port = free_port()
        env = {
            "DISPLAY": self.xvfb.display,
            "PATH": "/usr/bin:/bin",
            "HOME": tempfile.mkdtemp(prefix="engines-webkit-"),
            "LANG": f"{language}.UTF-8",
            "LANGUAGE": language,
        }
        self.home = env["HOME"]
        self.driver = subprocess.Popen(
            ["WebKitWebDriver", f"--port={port}"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60)
        try:
            for _ in range(200):
                try:
                    self.http.get("/status")
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            options = {"binary": MINIBROWSER, "args": ["--automation", "--full-screen"]}
            answer = self.http.post(
                "/session", json={"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": options}}}
            )
            answer.raise_for_status()
            self.session = f"/session/{answer.json()['value']['sessionId']}"
            self.command("POST", "/window/rect", PHONE)
        except BaseException:
            self.close()
            raise

    def command(self, method: str, path: str, body: dict | None = None):
        answer = self.http.request(method, self.session + path, json=body)
        value = answer.json()["value"]
        if answer.status_code != 200:
            raise RuntimeError(f"WebKit {path}: {value.get('error')}: {value.get('message')}")
        return value

    def call(self, function: str, *args):
        args = [{ELEMENT: arg} if isinstance(arg, WebKitElement) else arg for arg in args]
        value = self.command(
            "POST", "/execute/sync", {"script": f"{FIND}; return ({function})(...arguments);", "args": args}
        )
        return WebKitElement(value[ELEMENT]) if isinstance(value, dict) and ELEMENT in value else value

    def goto(self, url: str):
        self.command("POST", "/url", {"url": url})

    def pointer_tap(self, x: int, y: int):
        finger = {
            "type": "pointer",
            "id": "finger",
            "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ],
        }
        self.command("POST", "/actions", {"actions": [finger]})

    def type(self, locator: Locator, text: str):
        element = self.on(locator, "(el) => el")
        self.command("POST", f"/element/{element}/clear", {})
        self.command("POST", f"/element/{element}/value", {"text": text})

    def screenshot(self, path: Path):
        path.write_bytes(base64.b64decode(self.command("GET", "/screenshot")))

    def offline(self, offline: bool):
        """What the page is told when the connection drops, and when it is back.

        WebKitGTK's navigator.onLine follows the machine's network (GNetworkMonitor), which WebDriver
        cannot switch: the page is told by script (onLine, and the "offline"/"online" events) while the
        network itself stays up. This tests the outbox in WebKit, not WebKit's own offline detection.
        """
        self.call(
            "(offline) => { Object.defineProperty(Navigator.prototype, 'onLine',"
            " {configurable: true, get: () => !offline});"
            " window.dispatchEvent(new Event(offline ? 'offline' : 'online')); }",
            offline,
        )

    def forget(self, base_url: str):
        # WebDriver deletes the cookies of the page it is on: on the live server's own address, or
        # a German test's language cookie greets the next test with "Anmelden".
        self.goto(base_url + "/healthz/")
        self.command("DELETE", "/cookie")
        self.goto("about:blank")

    def close(self):
        try:
            if getattr(self, "session", None):
                self.http.delete(self.session)
        finally:
            self.driver.terminate()
            try:
                self.driver.wait(15)
            except subprocess.TimeoutExpired:
                self.driver.kill()
            self.xvfb.__exit__()
            shutil.rmtree(self.home, ignore_errors=True)


class WebKitElement(str):
    """A WebDriver element reference."""


class FirefoxPhone(Phone):
    """Firefox ESR over WebDriver BiDi, its viewport the phone's size."""

    engine = "Firefox"

    def __init__(self, locale: str = "en-US"):
        self.firefox = Firefox(locale=locale)
        self.context = self.firefox.context
        self.firefox.command("browsingContext.setViewport", context=self.context, viewport=PHONE)

    def call(self, function: str, *args):
        result = self.firefox.command(
            "script.callFunction",
            functionDeclaration=f"(...args) => {{ {FIND}; return ({function})(...args); }}",
            arguments=[bidi_value(arg) for arg in args],
            target={"context": self.context},
            awaitPromise=True,
            resultOwnership="none",
        )
        if result.get("type") == "exception":
            raise RuntimeError(f"Firefox: {result['exceptionDetails']['text']}")
        return from_bidi(result["result"])

    def goto(self, url: str):
        self.firefox.goto(url)

    def pointer_tap(self, x: int, y: int):
        self.firefox.command(
            "input.performActions",
            context=self.context,
            actions=[
                {
                    "type": "pointer",
                    "id": "finger",
                    "parameters": {"pointerType": "mouse"},
                    "actions": [
                        {"type": "pointerMove", "x": x, "y": y},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0},
                    ],
                }
            ],
        )

    def type(self, locator: Locator, text: str):
        # Clear as WebDriver's "Element Clear" does (the value emptied, "change" fired), then the
        # keys as a keyboard types them into the focused field.
        self.on(
            locator,
            "(el) => { el.scrollIntoView({block: 'center'}); el.focus(); el.value = '';"
            " el.dispatchEvent(new Event('input', {bubbles: true}));"
            " el.dispatchEvent(new Event('change', {bubbles: true})); }",
        )
        keys = []
        for key in text:
            keys += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self.firefox.command(
            "input.performActions",
            context=self.context,
            actions=[{"type": "key", "id": "keyboard", "actions": keys}],
        )

    def screenshot(self, path: Path):
        answer = self.firefox.command("browsingContext.captureScreenshot", context=self.context)
        path.write_bytes(base64.b64decode(answer["data"]))

    def offline(self, offline: bool):
        """Firefox's own network emulation: navigator.onLine and the "offline"/"online" events follow it."""
        self.firefox.command(
            "emulation.setNetworkConditions",
            networkConditions={"type": "offline"} if offline else None,
            contexts=[self.context],
        )

    def forget(self, base_url: str):
        self.offline(False)
        self.goto("about:blank")
        self.firefox.command("storage.deleteCookies")

    def close(self):
        self.firefox.close()


class FirefoxElement:
    def __init__(self, shared_id: str):
        self.shared_id = shared_id


def bidi_value(value):
    if isinstance(value, FirefoxElement):
        return {"sharedId": value.shared_id}
    if value is None:
        return {"type": "undefined"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, int | float):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    raise TypeError(value)


def from_bidi(result):
    kind = result["type"]
    if kind == "node":
        return FirefoxElement(result["sharedId"])
    if kind in ("undefined", "null"):
        return None
    if kind == "array":
        return [from_bidi(item) for item in result["value"]]
    if kind == "object":
        return {
            key if isinstance(key, str) else from_bidi(key): from_bidi(item) for key, item in result["value"]
        }
    return result.get("value")


def shots_folder() -> Path | None:
    """ENGINE_SHOTS=<folder>: the journeys keep a screenshot of each game's match page there."""
    folder = os.environ.get("ENGINE_SHOTS")
    return Path(folder) if folder else None
