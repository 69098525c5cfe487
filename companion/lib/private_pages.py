"""Pages for a logged-in person are kept by nobody: ``Cache-Control: private, no-store``.

A match page, the invites page with its links, an export, the host's reset link or the
account page holds what a stranger must not see. Without the header a shared proxy
may keep such a page, and the browser keeps it on disk for Back and for its history
after the person logged out. Every answer to a logged-in person gets the header
unless the view chose its own (the service worker's script, a busy answer); pages
behind a token in the address (invites, shared scoreboards, password reset links)
say it themselves (``never_cache``). The offline copy the service worker keeps is
the app's own choice, per account (``static/js/sw.js``).
"""

from __future__ import annotations

from django.utils.cache import patch_cache_control

from companion.i18n import language
from companion.offline import account


def keep_private(request, response) -> None:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and not response.has_header("Cache-Control"):
        patch_cache_control(response, private=True, no_store=True)


def account_pages_middleware(get_response):
    """A page as the account it is shown to has it: in its language, kept by no cache, named offline.

    After LocaleMiddleware (browser, cookie) and authentication: the account's own choice of
    language wins (companion/i18n/language.py); which account a page is for tells the phone
    what it may keep offline (companion/offline/account.py).
    """

    def middleware(request):
        language.use_the_accounts_choice(request)
        response = get_response(request)
        keep_private(request, response)
        account.name_account(request, response)
        return response

    return middleware
