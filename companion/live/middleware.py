"""Every answer to a stream request that is not a stream closes the request thread's database connections.

Under ASGI (``make serve``) Django's handler runs each stream request's middleware and
view in a thread made for that request alone. A stream that opens lets go of that
thread's connections itself (``companion.live.streams``); an answer that is not a stream
(404 for a wrong token, the login redirect, 405, a lockout) ended with the connection
still open in a thread that is never used again: under a flood of wrong tokens
PostgreSQL went from 31 to 97 of its 100 connections, and stayed there. Django's
``close_old_connections`` keeps a connection younger than ``CONN_MAX_AGE``, which is
right for the pages' pool threads and wrong here. First in ``MIDDLEWARE``: it runs
after every other middleware's answer (the session saved, the lockout counted).
"""

from __future__ import annotations

from django.db import connections

STREAM_SUFFIX = "/events/"


def close_connections() -> None:
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def stream_connections_middleware(get_response):
    def middleware(request):
        try:
            response = get_response(request)
        except BaseException:
            if request.path.endswith(STREAM_SUFFIX):
                close_connections()
            raise
        if request.path.endswith(STREAM_SUFFIX) and not response.streaming:
            close_connections()
        return response

    return middleware
