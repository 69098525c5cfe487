"""Whose phone this is, for what the phone keeps offline: the kept pages and the outbox of rounds.

A phone may be shared: Olga plays, her session ends without "Log out" (it expires,
she logs out elsewhere, the cookies are cleared), then Mia uses the same browser.
The service worker's copies of pages and the outbox of rounds saved offline must
not pass from one to the other. So every page names its account with an opaque
id (an HMAC of the account's id, the same on every login of that account, telling
nothing about it), in three places:

- the ``Companion-Account`` header of every page, which the service worker reads:
  a page of another account (or of nobody: the login page) makes it drop every
  kept page before it keeps the new one (``static/js/sw.js``);
- the ``companion_account`` cookie, readable by scripts and gone with the session
  (same lifetime, removed at logout, cleared with the cookies): offline, the
  service worker shows kept pages only while it names their account;
- ``data-account`` on the page's body: a round saved offline is stored with it, the
  outbox sends only the rounds of the page's account, and the server refuses a
  round sent in another account's session (``refuse_other_accounts_rounds``): the
  phone keeps it and says so.
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.http import HttpResponse
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

HEADER = "Companion-Account"
COOKIE = "companion_account"
OUTBOX_HEADER = "Companion-Outbox-Account"
NOBODY = "none"


def account_id(user) -> str:
    """The opaque id of ``user``'s account, or "none" when nobody is logged in."""
    if user is None or not user.is_authenticated:
        return NOBODY
    return salted_hmac("companion.offline.account", str(user.pk), algorithm="sha256").hexdigest()[:24]


def name_account(request, response) -> None:
    """Names the account on an HTML page: the header and the cookie (the body names it itself)."""
    if not response.get("Content-Type", "").startswith("text/html"):
        return
    account = account_id(getattr(request, "user", None))
    response[HEADER] = account
    if account == NOBODY:
        if COOKIE in request.COOKIES:
            response.delete_cookie(COOKIE, samesite="Lax")
    elif request.COOKIES.get(COOKIE) != account or settings.SESSION_COOKIE_NAME in response.cookies:
        # Set when the session cookie is (login, a renewed session): both end together.
        response.set_cookie(
            COOKIE,
            account,
            max_age=None if settings.SESSION_EXPIRE_AT_BROWSER_CLOSE else settings.SESSION_COOKIE_AGE,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=False,  # the service worker and the page read it
            samesite="Lax",
        )


def context(request) -> dict:
    return {"offline_account": account_id(getattr(request, "user", None))}


def not_kept_offline(view):
    """A page the service worker never keeps: it shows a live link or the account's settings."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response["Companion-Offline"] = "never"
        return response

    return wrapper


def other_accounts_round() -> str:
    return _(
        "This round was saved on this phone by another account, so it was not saved under yours. "
        "It stays on this phone until that account logs in again."
    )


def refuse_other_accounts_rounds(view):
    """A round from the outbox carries the account it was saved by: only that account's session stores it."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        sender = request.headers.get(OUTBOX_HEADER)
        if sender is not None and sender != account_id(request.user):
            response = HttpResponse(
                other_accounts_round(), status=409, content_type="text/plain; charset=utf-8"
            )
            response["Companion-Round"] = "other-account"
            return response
        return view(request, *args, **kwargs)

    return wrapper
