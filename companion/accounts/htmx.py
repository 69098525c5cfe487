"""An expired session during an htmx request: the whole page goes to login, not a fragment.

``login_required`` answers with a redirect to the login page. The browser would follow it
inside the htmx request and the login page, navigation and all, would be swapped into the
middle of the scoreboard. Instead htmx gets ``HX-Redirect``: the page itself goes to login,
and ``next`` is the page the person was on (``HX-Current-URL``), not the endpoint they
posted to, so they come back to the same match (where the shared script restores the
unsaved entry).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.shortcuts import resolve_url
from django_htmx.http import HttpResponseClientRedirect


class HtmxLoginRedirectMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not getattr(request, "htmx", False) or response.status_code != 302:
            return response
        login = resolve_url(settings.LOGIN_URL)
        location = response.get("Location", "")
        # login_required's redirect asks to come back (?next=); logging out does not.
        if not location.startswith(f"{login}?next="):
            return response
        page = request.htmx.current_url_abs_path  # None when the page is on another origin
        if page:
            location = f"{login}?{urlencode({'next': page})}"
        return HttpResponseClientRedirect(location)
