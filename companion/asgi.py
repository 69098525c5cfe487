"""The ASGI application ``make serve`` runs (gunicorn with uvicorn's worker, companion/gunicorn_conf.py).

Each worker process is one event loop in front of Django:

- it reads every request in full, however slowly the phone sends it, before a thread
  sees it (:func:`whole_body`): a slow or stalled client holds a socket, never a thread,
  and only until its deadline; a body larger than its page takes is refused by its
  ``Content-Length`` before anybody reads it;
- the pages and forms then run in a pool of threads through Django's WSGI handler
  (a2wsgi's bridge), exactly as under a threaded WSGI server: one hop from the loop to
  a thread and back per request;
- only the live pages' event streams (``…/events/``, ``companion.live``) go through
  Django's ASGI handler and stay on the loop while they wait, a bounded number of them
  (:func:`stream`: GET only, no body, capped per browser, link, address and worker).

Why not every request through Django's ASGI handler: it runs the synchronous middleware
and views of each request in a thread made for that request, and hops between the loop
and that thread wherever a synchronous middleware meets an asynchronous one. Pages and
saves cost more processor time and came fewer per second (``make bench-load``), for
nothing a page needs: only a stream waits long enough to be worth the loop.
"""

import asyncio
import logging
import os
import resource
from collections import Counter

from a2wsgi import WSGIMiddleware
from django.conf import settings
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application
from uvicorn_worker import UvicornWorker

from companion.lib.http_limits import LimitedHttpToolsProtocol, SecretsOutOfAccessLog, peer_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

# --- bodies ---------------------------------------------------------------------------------
# A page's form is a few hundred bytes; the largest body is an import file (5 MB,
# companion/transfer/forms.py MAX_FILE_SIZE) with its form around it.
FORM_BODY = 64 * 1024
IMPORT_BODY = 5 * 1024 * 1024 + FORM_BODY
LARGE_BODIES = {"/nights/import/": IMPORT_BODY}  # the only page that takes a file
# A body has BODY_SECONDS, and one more second for every BODY_RATE bytes it may hold
# (a 5 MB import on a phone's 0.5 Mbit/s upload), to arrive whole.
BODY_SECONDS = float(os.environ.get("BODY_TIMEOUT", "10"))
BODY_RATE = 64 * 1024
# What the bodies being read may hold in one worker at a time, together: beyond it a body is
# refused (503, try again) instead of the worker's memory growing with every stalled request.
BODY_BUDGET = int(os.environ.get("BODY_BUDGET_MB", "64")) * 1024 * 1024
buffered = 0  # bytes held by the bodies this worker is reading now

STREAM_SUFFIX = "/events/"  # every live stream's address ends so (companion/live/urls.py)

THREADS = int(os.environ.get("THREADS", "4"))

# --- streams --------------------------------------------------------------------------------
# Each open stream holds a socket and (in Django's ASGI handler) a thread until it ends, so
# each worker holds a bounded number: per signed-in browser (its session cookie), per
# share or table link, per address (a club venue: 60 phones and 3 TVs behind one address,
# one or two streams each), and in all, below the open-file limit (the pages and the
# database need files too). Beyond a cap the answer is 429 and the page asks every few
# seconds instead (static/js/live.js, share.js).
# Each can be set from the environment (a capacity benchmark from one address raises them).
STREAMS_PER_SESSION = int(os.environ.get("STREAMS_PER_SESSION", "10"))
STREAMS_PER_LINK = int(os.environ.get("STREAMS_PER_LINK", "20"))
STREAMS_PER_ADDRESS = int(os.environ.get("STREAMS_PER_ADDRESS", "200"))
FILES = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
STREAM_CEILING = max(16, min(int(os.environ.get("STREAM_CEILING", "2000")), (FILES - 256) // 2))
STREAM_RETRY_SECONDS = 5
open_streams: Counter = Counter()  # (kind, key) -> streams open in this worker
streams_open = 0  # in all, in this worker

streams = get_asgi_application()
pages = WSGIMiddleware(get_wsgi_application(), workers=THREADS)
# Django's ASGI handler gives every request a thread of its own for its synchronous part
# (middleware, the view's access check), each with its own database connection: a
# thousand pages reconnecting at once (a restart) would ask for a thousand connections,
# ten times what PostgreSQL allows by default. As many streams as the pages have threads
# set up at a time; once a stream sends its first bytes its thread has let go of its
# connection (companion.live.streams) and the next one may begin.
stream_setups = asyncio.Semaphore(THREADS)


def _header(scope, name: bytes) -> bytes | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value
    return None


async def _refuse(send, status: int, *headers: tuple[bytes, bytes]) -> None:
    # "connection: close": whatever the client still sends of this request is never read.
    start = [(b"content-length", b"0"), (b"connection", b"close"), (b"cache-control", b"no-store"), *headers]
    await send({"type": "http.response.start", "status": status, "headers": start})
    await send({"type": "http.response.body", "body": b""})


def body_limit(scope) -> int:
    return LARGE_BODIES.get(scope["path"], FORM_BODY)


async def whole_body(scope, receive, send, app) -> None:
    """Read the request's whole body on the loop, then hand ``app`` a ``receive`` that gives it at once.

    Refused at once when its ``Content-Length`` is above the page's limit; refused (413)
    as soon as more arrives than that; refused (408) when it has not arrived whole by its
    deadline; refused (503) when the worker already holds its budget of unfinished bodies.
    """
    global buffered
    limit = body_limit(scope)
    declared = _header(scope, b"content-length")
    try:
        expected = int(declared) if declared is not None else 0
    except ValueError:
        expected = limit + 1
    if expected > limit:
        await _refuse(send, 413)
        return
    chunks, size = [], 0
    deadline = BODY_SECONDS + (expected or limit) / BODY_RATE
    try:
        async with asyncio.timeout(deadline):
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return  # the client went away before it finished: nothing to answer
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limit:
                    await _refuse(send, 413)
                    return
                if chunk and buffered + len(chunk) > BODY_BUDGET:
                    await _refuse(send, 503, (b"retry-after", b"2"))
                    return
                buffered += len(chunk)
                chunks.append(chunk)
                if not message.get("more_body", False):
                    break
    except TimeoutError:
        await _refuse(send, 408)
        return
    finally:
        buffered -= sum(len(chunk) for chunk in chunks)
    pending = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
    chunks.clear()

    async def replay():
        nonlocal pending
        if pending is not None:
            message, pending = pending, None
            return message
        return await receive()  # after the body: only the disconnect is left to hear

    await app(scope, replay, send)


def stream_keys(scope) -> list[tuple[str, str]]:
    """What an open stream counts against: its address, its browser's session, its link."""
    from django.http.cookie import parse_cookie

    client = scope.get("client")
    keys = [("address", peer_key(client[0]) if client else "")]
    cookie = _header(scope, b"cookie")
    if cookie:
        session = parse_cookie(cookie.decode("latin-1")).get(settings.SESSION_COOKIE_NAME)
        if session:
            keys.append(("session", session))
    parts = scope["path"].strip("/").split("/")
    if parts[0] != "matches" and len(parts) > 2:
        keys.append(("link", "/".join(parts[:2])))  # /s/<token>/…: a share link (or a table link)
    return keys


CAPS = {"address": STREAMS_PER_ADDRESS, "session": STREAMS_PER_SESSION, "link": STREAMS_PER_LINK}


async def stream(scope, receive, send) -> None:
    """A live stream through Django's ASGI handler: GET only, no body, within its caps, a few set up at a time."""
    if scope["method"] != "GET":
        await _refuse(send, 405, (b"allow", b"GET"))
        return
    if (
        _header(scope, b"transfer-encoding") is not None
        or (_header(scope, b"content-length") or b"0") != b"0"
    ):
        await _refuse(send, 413)
        return
    global streams_open
    if streams_open >= STREAM_CEILING:
        await _refuse(send, 503, (b"retry-after", str(STREAM_RETRY_SECONDS).encode()))
        return
    keys = stream_keys(scope)
    if any(open_streams[key] >= CAPS[key[0]] for key in keys):
        await _refuse(send, 429, (b"retry-after", str(STREAM_RETRY_SECONDS).encode()))
        return
    for key in keys:
        open_streams[key] += 1
    streams_open += 1
    try:
        await _set_up_and_stream(scope, receive, send)
    finally:
        streams_open -= 1
        for key in keys:
            open_streams[key] -= 1
            if open_streams[key] <= 0:
                del open_streams[key]


async def _set_up_and_stream(scope, receive, send) -> None:
    setting_up = True
    await stream_setups.acquire()

    async def sending(message):
        nonlocal setting_up
        if setting_up and message["type"] == "http.response.body":
            setting_up = False
            stream_setups.release()
        await send(message)

    try:
        await streams(scope, receive, sending)
    finally:
        if setting_up:
            stream_setups.release()


async def application(scope, receive, send):
    if scope["type"] == "http" and scope["path"].endswith(STREAM_SUFFIX):
        await stream(scope, receive, send)
    elif scope["type"] == "http":
        await whole_body(scope, receive, send, pages)
    else:
        await streams(scope, receive, send)  # anything else (no lifespan: see Worker) is Django's


class Worker(UvicornWorker):
    """uvicorn's gunicorn worker with its fast parts: uvloop's event loop and httptools' parser.

    The parser within the limits uvicorn does not set (companion/lib/http_limits.py: a head
    of at most 16 KB, a head deadline, a cap on one address's connections), and
    ``limit_concurrency`` below the open-file limit: past it uvicorn answers 503 at once
    instead of the worker running out of files (the database and the pages need some).
    No lifespan messages: Django has none to answer (it starts with the application). No
    ``Server`` header: it names the software to whoever asks, on every answer.

    Proxy headers only behind a proxy (``BEHIND_PROXY=1``): then a request from one of
    ``TRUSTED_PROXIES`` (gunicorn's ``forwarded_allow_ips``) has the client of its
    ``X-Forwarded-For`` and the scheme of its ``X-Forwarded-Proto``; from any other peer they
    are ignored. This is the only place forwarded headers are believed (Django reads none).
    """

    CONFIG_KWARGS = {
        "loop": "uvloop",
        "http": LimitedHttpToolsProtocol,
        "lifespan": "off",
        "server_header": False,
        "limit_concurrency": max(64, FILES - 128),
        "proxy_headers": settings.BEHIND_PROXY,
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        logging.getLogger("uvicorn.access").addFilter(SecretsOutOfAccessLog())
