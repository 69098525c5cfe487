"""The page for a refused form (CSRF), in the app's own words, and the 404 page with DEBUG on.

The other error pages are Django's own handlers with our templates (``templates/400.html``,
``403.html``, ``404.html``, ``500.html``). A CSRF failure almost always means the page was
open so long that its token is stale (logged out and in on another tab): opening the page
again fixes it. htmx requests never show this page (the shared script says the sentence in
place); the ``Companion-Error`` header tells it which sentence.
"""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.defaults import page_not_found


def csrf_failure(request, reason=""):
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("home")
    response = render(request, "errors/csrf.html", {"back": back}, status=403)
    response["Companion-Error"] = "csrf"
    return response


class OwnNotFoundMiddleware:
    """With DEBUG on (``make run``) a 404 is still the app's own page, not Django's technical one.

    The technical page lists every URL pattern of the site: it is what a TV would show once its
    address is gone, and what a guest's phone shows after a typo. The server's log still names
    the address that was not found. Without DEBUG Django already renders ``404.html``.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        # No view matched the address: the resolver's 404, already turned into the technical page.
        if (
            settings.DEBUG
            and response.status_code == 404
            and getattr(request, "resolver_match", None) is None
        ):
            return page_not_found(request, Http404())
        return response

    def process_exception(self, request, exception):
        """A view's own 404 (an unknown id, a wrong token)."""
        if settings.DEBUG and isinstance(exception, Http404):
            return page_not_found(request, exception)
        return None
