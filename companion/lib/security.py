"""Which address a request comes from, for the login rate limit (django-axes).

The address is ``REMOTE_ADDR``: the server has already decided whom to believe. Served
directly (``make serve`` on a LAN or a VPS) it is the socket's peer. Behind a reverse
proxy (``BEHIND_PROXY=1``) uvicorn's proxy headers (companion/asgi.py ``Worker``) put the
client the proxy appended to ``X-Forwarded-For`` in its place, and the scheme of its
``X-Forwarded-Proto`` in the request's, but only when the peer is one of ``TRUSTED_PROXIES``
(gunicorn's ``forwarded_allow_ips``): a client reaching gunicorn directly cannot claim HTTPS
or another address. Django itself reads no forwarded header (no ``SECURE_PROXY_SSL_HEADER``):
one mechanism, the server's.

An IPv6 address counts by its /64 network: one home or phone is handed a whole
/64 and may use any address in it, so counting exact addresses let 24 addresses
of one /64 guess 96 times unhindered. A home or a server is often handed a /56 or a
/48, though, with 256 or 65,536 /64s: the /56 and the /48 around an address count
too, with limits :data:`WIDER_LIMITS` times higher (a /48 gave 65,536 times 5 guesses
per name per cool-off; now 20).
"""

from __future__ import annotations

import ipaddress

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest

# django-axes keeps the username in a 255-character column; PostgreSQL refuses longer text.
AXES_USERNAME_LENGTH = AccessAttempt._meta.get_field("username").max_length


def valid_address(value: str | None) -> str | None:
    try:
        return str(ipaddress.ip_address(value.strip())) if value else None
    except ValueError:
        return None


def counted_address(address: str) -> str:
    """What the rate limit counts: an IPv4 address as it is, an IPv6 address as its /64 network."""
    ip = ipaddress.ip_address(address)
    if ip.version == 4:
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network((ip, 64), strict=False).network_address)


def client_ip(request: HttpRequest) -> str | None:
    """The address the login limit counts; None (counted together) for what is no address.

    A proxy that passes on a garbled ``X-Forwarded-For`` gives uvicorn no address to put in
    ``REMOTE_ADDR``; PostgreSQL stores the address as an inet, and such text made the login
    fail with a server error.
    """
    address = valid_address(request.META.get("REMOTE_ADDR"))
    return counted_address(address) if address else None


def login_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """The username a login attempt is counted under: what was typed, cut to fit axes' column.

    Without the cut a 300-character username made the login page fail with a
    server error on PostgreSQL. Cut names still count, and never match an
    account (Django's usernames have at most 150 characters).
    """
    field = settings.AXES_USERNAME_FORM_FIELD
    source = credentials or getattr(request, "data", request.POST)
    username = source.get(field)
    if username is None:
        return None
    return str(username).replace("\0", "")[:AXES_USERNAME_LENGTH]


# The wider IPv6 networks a login limit counts too: prefix length -> how many times the /64's limits.
WIDER_LIMITS = {56: 2, 48: 4}


def wider_failures(request, username: str | None) -> bool:
    """Whether the /56 or the /48 around an IPv6 request has failed too often (for ``username``, or in all)."""
    counted = getattr(request, "axes_ip_address", None)
    try:
        ip = ipaddress.ip_address(counted)
    except (TypeError, ValueError):
        return False
    if ip.version != 6:
        return False
    # Stored as a /64's address, "g1:g2:g3:g4::", so its /48 is what begins with "g1:g2:g3:".
    widest = ipaddress.ip_network((ip, min(WIDER_LIMITS)), strict=False)
    groups = widest.network_address.exploded.split(":")[:3]
    prefix = ":".join(f"{int(group, 16):x}" for group in groups) + ":"
    rows = AccessAttempt.objects.filter(
        attempt_time__gte=get_cool_off_threshold(request), ip_address__startswith=prefix
    ).values_list("ip_address", "username", "failures_since_start")
    counts = {length: [0, 0] for length in WIDER_LIMITS}  # length -> [this name's failures, everybody's]
    for address, name, failures in rows:
        try:
            other = ipaddress.ip_address(address)
        except ValueError:
            continue
        for length in WIDER_LIMITS:
            if other in ipaddress.ip_network((ip, length), strict=False):
                counts[length][1] += failures
                if name == username:
                    counts[length][0] += failures
    return any(
        named >= factor * settings.AXES_FAILURE_LIMIT
        or everybody >= factor * settings.LOGIN_ADDRESS_FAILURE_LIMIT
        for length, factor in WIDER_LIMITS.items()
        for named, everybody in [counts[length]]
    )


class LoginAttempts(AxesDatabaseHandler):
    """django-axes' database handler with two limits instead of one.

    AXES_LOCKOUT_PARAMETERS lists the username+address combination first and the
    address alone second. A combination is locked after AXES_FAILURE_LIMIT
    failures; an address, for every username, only after the higher
    LOGIN_ADDRESS_FAILURE_LIMIT. So a stranger cannot lock someone else's account
    (their failures carry their own address), and a household behind one NAT
    address is not locked out by one member's typos.
    """

    def get_failures(self, request, credentials: dict | None = None) -> int:
        combination, address = (
            attempts.aggregate(failures=Sum("failures_since_start"))["failures"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        if address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT or wider_failures(
            request, login_username(request, credentials)
        ):
            # Reported as the combination's limit: axes compares with that one.
            return max(combination, settings.AXES_FAILURE_LIMIT)
        return combination

    def reset_user_attempts(self, request, credentials: dict | None = None) -> int:
        """A successful login clears that account's failures from this address, not other accounts'."""
        deleted, _ = AccessAttempt.objects.filter(
            username=login_username(request, credentials), ip_address=request.axes_ip_address
        ).delete()
        return deleted


def lockout_response(request: HttpRequest, original_response=None, credentials=None):
    """The page shown instead of the login form while a username+address or an address is locked out.

    429 Too Many Requests, with Retry-After, and the wait in whole minutes.
    """
    from django.shortcuts import render

    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    response = render(
        request,
        "accounts/locked_out.html",
        {
            "minutes": minutes,
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "address_limit": settings.LOGIN_ADDRESS_FAILURE_LIMIT,
        },
        status=429,
    )
    response["Retry-After"] = str(minutes * 60)
    return response
