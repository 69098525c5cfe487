"""What the CSRF token costs an answer: one masked token per answer.

Django masks the CSRF secret afresh wherever a token is asked for (``get_token``), so that no
two answers carry the same bytes (BREACH; docs/hosting.md, "Compression"). A scoreboard page asks twice:
the page (htmx's ``X-CSRFToken``) and its scoreboard, which is cached per match version and gets
its token put in (play/scoreboard_cache.py). That made two different masks of one secret in one
answer: 64 random characters that compression cannot shrink. Every answer now masks it once,
and each answer still differs from every other.
"""

from __future__ import annotations

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
