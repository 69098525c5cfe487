"""Pages for a logged-in person are kept by nobody: ``Cache-Control: private, no-store``.

A match page, the invites page with its links, an export, the host's reset link or the
account page holds what a stranger must not see. Without the header a shared proxy
may keep such a page, and the browser keeps it on disk for Back and for its history
after the person logged out. Every answer to a logged-in person gets the header
unless the view chose its own (the service worker's script, a busy answer); pages
behind a token in the address (invites, shared scoreboards, password reset links)
say it themselves (``never_cache``). The offline copy the service worker keeps is
the app's own choice, per account (``static/js/sw.js``). The middleware that calls
this is the accounts' (companion/accounts/middleware.py).
"""

from __future__ import annotations

from django.utils.cache import patch_cache_control


def keep_private(request, response) -> None:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and not response.has_header("Cache-Control"):
        patch_cache_control(response, private=True, no_store=True)
