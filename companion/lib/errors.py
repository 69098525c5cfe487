"""The page for a refused form (CSRF), in the app's own words.

The other error pages are Django's own handlers with our templates (``templates/400.html``,
``403.html``, ``404.html``, ``500.html``). A CSRF failure almost always means the page was
open so long that its token is stale (logged out and in on another tab): opening the page
again fixes it. htmx requests never show this page (the shared script says the sentence in
place); the ``Companion-Error`` header tells it which sentence.
"""

from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme


def csrf_failure(request, reason=""):
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("home")
    response = render(request, "errors/csrf.html", {"back": back}, status=403)
    response["Companion-Error"] = "csrf"
    return response
