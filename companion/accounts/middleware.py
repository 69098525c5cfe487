"""A page as the account it is shown to has it: in its language, kept by no cache, named offline.

One middleware for the three, not three: each middleware is a call on every request.
"""

from __future__ import annotations

from companion.i18n import language
from companion.lib.private_pages import keep_private
from companion.offline import account


def account_pages_middleware(get_response):
    """After LocaleMiddleware (browser, cookie) and authentication.

    The account's own choice of language wins (companion/i18n/language.py); no cache keeps a
    logged-in person's page (companion/lib/private_pages.py); which account a page is for tells
    the phone what it may keep offline (companion/offline/account.py).
    """

    def middleware(request):
        language.use_the_accounts_choice(request)
        response = get_response(request)
        keep_private(request, response)
        account.name_account(request, response)
        return response

    return middleware
