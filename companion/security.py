"""Which address a request comes from, for the login rate limit (django-axes).

Served directly (``make serve`` on a LAN or a VPS) the address is the socket's
``REMOTE_ADDR``. Behind a reverse proxy (``BEHIND_PROXY=1``) every request
comes from the proxy, so the client is the last entry of ``X-Forwarded-For``:
the one the proxy itself appended. Earlier entries are whatever the client
sent and could be forged to dodge the limit.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    if settings.BEHIND_PROXY:
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        if forwarded[-1]:
            return forwarded[-1]
    return request.META.get("REMOTE_ADDR")


def lockout_response(request: HttpRequest, original_response=None, credentials=None):
    """The page shown instead of the login form while a username or an address is locked out.

    429 Too Many Requests, with Retry-After, and the wait in whole minutes.
    """
    from django.shortcuts import render

    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    response = render(
        request,
        "accounts/locked_out.html",
        {"minutes": minutes, "failure_limit": settings.AXES_FAILURE_LIMIT},
        status=429,
    )
    response["Retry-After"] = str(minutes * 60)
    return response
