"""What the CSRF token costs an answer: one masked token per answer, the cookie only when new.

Django masks the CSRF secret afresh wherever a token is asked for (``get_token``), so that no
two answers carry the same bytes (BREACH; README, "Compression"). A scoreboard page asks twice:
the page (htmx's ``X-CSRFToken``) and its scoreboard, which is cached per match version and gets
its token put in (play/scoreboard_cache.py). That made two different masks of one secret in one
answer: 64 random characters that compression cannot shrink. Every answer now masks it once,
and each answer still differs from every other.

Django also sends the CSRF cookie again with every answer that uses the token, to push its
expiry a year on: 130 bytes in every page and every save's answer. Here the cookie is sent only
to a browser that does not have this secret yet: a first visit, a login (which rotates it), a
cookie that expired. The session ends long before the cookie (two weeks against a year), and
logging in again sends a new one, so a person at the table never meets an expired cookie.
"""

from __future__ import annotations

from django.conf import settings
from django.middleware.csrf import get_token
from django.utils.functional import SimpleLazyObject


def token(request) -> str:
    """This answer's masked CSRF token (the same for every form in it)."""
    masked = getattr(request, "_companion_csrf_token", None)
    if masked is None:
        masked = request._companion_csrf_token = get_token(request)
    return masked


def csrf(request):
    """Context processor: ``csrf_token`` as Django's own gives it, once per answer."""
    return {"csrf_token": SimpleLazyObject(lambda: token(request))}


def keep_cookie_middleware(get_response):
    """Right after Django's CsrfViewMiddleware: it does not renew a cookie the browser already has.

    (After it, so that its answer is seen first, and Django's own stays in MIDDLEWARE, where
    ``check --deploy`` looks for it.)
    """

    def middleware(request):
        response = get_response(request)
        if request.COOKIES.get(settings.CSRF_COOKIE_NAME) == request.META.get("CSRF_COOKIE"):
            request.META["CSRF_COOKIE_NEEDS_UPDATE"] = False
        return response

    return middleware
