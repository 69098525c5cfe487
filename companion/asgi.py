"""The ASGI application ``make serve`` runs (gunicorn with uvicorn's worker, companion/gunicorn_conf.py).

Each worker process is one event loop in front of Django:

- it reads every request in full, however slowly the phone sends it, before a thread
  sees it (:func:`whole_body`): a slow or stalled client holds a socket, never a thread;
- the pages and forms then run in a pool of threads through Django's WSGI handler
  (a2wsgi's bridge), exactly as under a threaded WSGI server: one hop from the loop to
  a thread and back per request;
- only the live pages' event streams (``…/events/``, ``companion.live``) go through
  Django's ASGI handler and stay on the loop while they wait, costing no thread.

Why not every request through Django's ASGI handler: it runs the synchronous middleware
and views of each request in a thread made for that request, and hops between the loop
and that thread wherever a synchronous middleware meets an asynchronous one. Pages and
saves cost more processor time and came fewer per second (``make bench-load``), for
nothing a page needs: only a stream waits long enough to be worth the loop.
"""

import asyncio
import os

from a2wsgi import WSGIMiddleware
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application
from uvicorn_worker import UvicornWorker

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

# The largest body a page accepts is an import file (5 MB, companion/transfer/forms.py);
# beyond 8 MB the request is refused before anybody reads it.
MAX_BODY = 8 * 1024 * 1024
STREAM_SUFFIX = "/events/"  # every live stream's address ends so (companion/live/urls.py)

THREADS = int(os.environ.get("THREADS", "4"))

streams = get_asgi_application()
pages = WSGIMiddleware(get_wsgi_application(), workers=THREADS)
# Django's ASGI handler gives every request a thread of its own for its synchronous part
# (middleware, the view's access check), each with its own database connection: a
# thousand pages reconnecting at once (a restart) would ask for a thousand connections,
# ten times what PostgreSQL allows by default. As many streams as the pages have threads
# set up at a time; once a stream sends its first bytes its thread has let go of its
# connection (companion.live.streams) and the next one may begin.
stream_setups = asyncio.Semaphore(THREADS)


async def _refuse(send, status: int) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-length", b"0")]})
    await send({"type": "http.response.body", "body": b""})


async def whole_body(scope, receive, send, app) -> None:
    """Read the request's whole body on the loop, then hand ``app`` a ``receive`` that gives it at once."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return  # the client went away before it finished: nothing to answer
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            await _refuse(send, 413)
            return
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    pending = {"type": "http.request", "body": b"".join(chunks), "more_body": False}

    async def replay():
        nonlocal pending
        if pending is not None:
            message, pending = pending, None
            return message
        return await receive()  # after the body: only the disconnect is left to hear

    await app(scope, replay, send)


async def stream(scope, receive, send) -> None:
    """A live stream through Django's ASGI handler, set up a few at a time (``stream_setups``)."""
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
        await stream(scope, receive, send)  # a GET, no body: Django's ASGI handler reads it
    elif scope["type"] == "http":
        await whole_body(scope, receive, send, pages)
    else:
        await streams(scope, receive, send)  # anything else (no lifespan: see Worker) is Django's


class Worker(UvicornWorker):
    """uvicorn's gunicorn worker with its fast parts: uvloop's event loop and httptools' parser.

    No lifespan messages: Django has none to answer (it starts with the application). No
    ``Server`` header: it names the software to whoever asks, on every answer.
    """

    CONFIG_KWARGS = {"loop": "uvloop", "http": "httptools", "lifespan": "off", "server_header": False}
