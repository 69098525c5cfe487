"""gunicorn settings for ``make serve`` (``gunicorn -c python:companion.gunicorn_conf companion.wsgi``).

Threads rather than many processes: the pages are short, and a few processes
with four threads each keep memory small on a laptop or a 1 GB VPS. Every value
can be overridden from the environment (HOST, PORT, WEB_CONCURRENCY, THREADS,
REQUEST_TIMEOUT).
"""

import os
import threading
import time

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
threads = int(os.environ.get("THREADS", "4"))
worker_class = "gthread"
preload_app = True  # import Django once in the master; workers start at once and share memory
timeout = int(os.environ.get("REQUEST_TIMEOUT", "30"))
graceful_timeout = 10
keepalive = 5
max_requests = 2000  # recycle workers now and then, so a slow leak never grows
max_requests_jitter = 200
accesslog = "-" if os.environ.get("ACCESS_LOG", "1") not in {"0", "false", "no", "off"} else None
errorlog = "-"
# The proxy may say which scheme the browser used (BEHIND_PROXY=1): the same addresses
# Django trusts (TRUSTED_PROXIES, companion/settings.py).
forwarded_allow_ips = os.environ.get("TRUSTED_PROXIES") or "127.0.0.1,::1"
# gunicorn 25+ opens a control socket at one fixed path per user ($XDG_RUNTIME_DIR or
# ~/.gunicorn/gunicorn.ctl): a second instance (another port, a benchmark) took it over
# and removed it on exit. Companion does not use gunicornc, so there is none.
control_socket_disable = True

# A request still running after `timeout` seconds stops its worker. gunicorn's own
# timeout cannot do that with threads: a gthread worker's main loop keeps beating
# while a request thread is stuck, so the master never sees it silent. Here the
# beat stops as soon as a request has run for more than a second, so the master
# aborts the worker (and restarts it) about `timeout` seconds after that request
# began. Requests normally take milliseconds; an import is bounded to a few seconds.
BEAT_ONLY_WHILE_REQUESTS_YOUNGER_THAN = 1.0


def post_worker_init(worker):
    worker.request_starts = {}  # thread id -> monotonic start of the request it serves
    beat = worker.notify

    def notify():
        starts = list(worker.request_starts.values())
        if not starts or time.monotonic() - min(starts) < BEAT_ONLY_WHILE_REQUESTS_YOUNGER_THAN:
            beat()

    worker.notify = notify


def pre_request(worker, req):
    worker.request_starts[threading.get_ident()] = time.monotonic()


def post_request(worker, req, environ, resp):
    worker.request_starts.pop(threading.get_ident(), None)


def worker_abort(worker):
    worker.log.critical(
        "A request ran longer than %s s: stopping its worker (it will be restarted).", timeout
    )
