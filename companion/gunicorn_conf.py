"""gunicorn settings for ``make serve`` (``gunicorn -c python:companion.gunicorn_conf companion.asgi``).

Several processes, each an event loop (uvicorn's worker, ``companion.asgi.Worker``)
in front of a pool of threads that run the pages (``companion.asgi``). Rendering a page
is Python work, and Python runs one thread per process at a time, so the processes are
what use the cores. The event loop is what lets a process hold many connections that do
nothing for a long time:

- every open page's event stream (``companion.live``) waits there, costing no processor
  time until something changes;
- a request is read there in full before a thread sees it, so phones that send slowly
  (or somebody who sends a form one byte every two seconds on purpose) hold no thread:
  with gunicorn's threaded workers 32 such clients held every thread of every worker,
  and the request timeout then killed the workers, with other people's requests in them.
  ``make bench-live`` checks it.

``reuse_port``: every worker listens on its own socket (SO_REUSEPORT) and the
kernel spreads new connections over them. Without it all workers share one socket,
and with keep-alive the first worker to wake up takes most connections and keeps
them: 18 of 20 clients on one process, so 20 clients got fewer pages per second
than 4. ``make bench-load`` checks the spread.

No ``max_requests``: restarting a worker every N requests guards against a memory
leak that Companion does not have, and each restart threw away the worker's warm
caches and the connections waiting on its socket (at 150 requests a second,
``max_requests=2000`` restarted workers every few seconds). ``MAX_REQUESTS=N``
turns it back on, with up to 10% jitter so the workers do not restart together.

``timeout``: a worker whose event loop stops answering gunicorn for that long is
restarted. A page's thread does not block the loop, so a slow page never trips it.

Every value can be overridden from the environment (HOST, PORT, WEB_CONCURRENCY,
THREADS (read by ``companion.asgi``), MAX_REQUESTS, REQUEST_TIMEOUT).
"""

import gc
import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
# Two processes per core: one renders while the other's threads wait on the database.
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * (os.cpu_count() or 1))))
worker_class = "companion.asgi.Worker"
reuse_port = True
preload_app = True  # import Django once in the master; workers start at once and share memory
timeout = int(os.environ.get("REQUEST_TIMEOUT", "30"))
graceful_timeout = 10
keepalive = 5
max_requests = int(os.environ.get("MAX_REQUESTS", "0"))
max_requests_jitter = max_requests // 10
accesslog = "-" if os.environ.get("ACCESS_LOG", "1") not in {"0", "false", "no", "off"} else None
errorlog = "-"
# Who may say, behind a proxy (BEHIND_PROXY=1), which client and scheme a request has:
# uvicorn believes X-Forwarded-For/-Proto from these peers only (companion/asgi.py Worker);
# Django reads the result, never the headers (companion/lib/security.py).
forwarded_allow_ips = os.environ.get("TRUSTED_PROXIES") or "127.0.0.1,::1"
# gunicorn 25+ opens a control socket at one fixed path per user ($XDG_RUNTIME_DIR or
# ~/.gunicorn/gunicorn.ctl): a second instance (another port, a benchmark) took it over
# and removed it on exit. Companion does not use gunicornc, so there is none.
control_socket_disable = True


def when_ready(server):
    # Once, in the master, after the app is loaded and before any worker is forked: Django's
    # lazy loading (URL patterns, templates, catalogues) done here is done for every worker,
    # now and after any restart (companion/lib/warm.py). Only for Companion, loaded in the master.
    from django.apps import apps

    if server.cfg.preload_app and apps.ready:
        from companion.lib.warm import warm

        warm()


def pre_fork(server, worker):
    # The app is loaded once, in the master (preload_app), and its objects (Django, the URL
    # patterns, the templates, the engines: ~70,000) live as long as every worker. Frozen, the
    # garbage collector never walks them again: a full collection in a worker looked at all of
    # them, 20-60 ms in the middle of whatever request set it off (a save's p95). It also
    # keeps them shared with the master, as the collector no longer writes to their pages.
    gc.freeze()
