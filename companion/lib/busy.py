"""A save that meets a busy database answers "busy, try again" (HTTP 503), never a server error.

SQLite lets one writer at a time: a save waits up to the busy timeout (20 s,
``companion/lib/env.py``) and then fails with ``OperationalError: database is
locked``. PostgreSQL raises ``OperationalError`` too for lock timeouts,
deadlocks and a lost connection. Nothing was stored (the transaction rolled
back), so trying again is right. The answer is 503 with ``Retry-After``:

* htmx requests get the sentence as plain text; ``static/js/app.js`` shows it
  at the end of the form that was sent (by its button), which keeps what was typed;
* other requests get a short page saying the same (the browser's Back keeps
  the form as it was).

:class:`BusyDatabaseMiddleware` catches it from views; :func:`server_error`
(``handler500``) catches it from middleware (a session saved after the view).
"""

from __future__ import annotations

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.defaults import server_error as django_server_error

RETRY_AFTER_SECONDS = 2
log = logging.getLogger(__name__)


def busy_message() -> str:
    return _("Companion is busy saving something else. Nothing was saved: please try again in a moment.")


def full_message() -> str:
    return _("The server's disk is full. Nothing was saved: please tell whoever runs Companion.")


def busy_response(request, error: BaseException) -> HttpResponse:
    if is_full(error):
        log.error("Database full on %s %s: %s", request.method, request.path, error)
        message = full_message()
    else:
        log.warning("Database busy on %s %s: %s", request.method, request.path, error)
        message = busy_message()
    if getattr(request, "htmx", False) or request.headers.get("HX-Request") == "true":
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    else:
        response = render(request, "busy.html", {"message": message}, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


# PostgreSQL's "try again" errors: lock_timeout, deadlock, serialization failure, statement timeout;
# and a server restarting: admin_shutdown, crash_shutdown, cannot_connect_now (a PostgreSQL restart
# answered 500 with them), and every connection exception (class 08).
RETRYABLE_SQLSTATES = {"55P03", "40P01", "40001", "57014", "57P01", "57P02", "57P03"}
# PostgreSQL's disk_full.
FULL_SQLSTATES = {"53100"}


def is_full(error: BaseException) -> bool:
    """The database cannot grow: SQLite's SQLITE_FULL, PostgreSQL's disk_full."""
    if not isinstance(error, OperationalError):
        return False
    sqlstate = getattr(error.__cause__, "sqlstate", None)
    if sqlstate is not None:
        return sqlstate in FULL_SQLSTATES
    return "database or disk is full" in str(error).lower()


def is_busy(error: BaseException) -> bool:
    """A locked or unreachable database, not a broken one ("no such table" stays a server error)."""
    if isinstance(error, InterfaceError):
        return True  # "connection already closed": the server went away under a kept connection
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    sqlstate = getattr(cause, "sqlstate", None)
    if sqlstate is not None:
        return sqlstate in RETRYABLE_SQLSTATES | FULL_SQLSTATES or sqlstate.startswith("08")
    if cause is not None and type(cause).__module__.startswith("psycopg"):
        return True  # no SQLSTATE: the connection itself failed (server restarting, network)
    text = str(error).lower()
    return "locked" in text or "busy" in text or is_full(error)


class BusyDatabaseMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if is_busy(exception):
            return busy_response(request, exception)
        return None


def server_error(request, template_name="500.html"):
    """``handler500``: a busy database from outside a view is still "busy", not "server error"."""
    error = sys.exc_info()[1]
    if error is not None and is_busy(error):
        return busy_response(request, error)
    return django_server_error(request, template_name)
