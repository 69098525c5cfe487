"""``table_phone`` for every page: a phone that holds only club table links sees a menu that fits it.

Such a phone has no account: links to the nights, the players or the account pages would only lead it
to a login page. ``templates/base.html`` and the match page ask for ``table_phone`` only when nobody is
signed in, so a member's page never runs its query (``companion.access.table_phone``).
"""

from __future__ import annotations

from companion.access import table_phone


def context(request) -> dict:
    found: list = []

    def phone():
        if not found:
            found.append(table_phone(request))
        return found[0]

    return {"table_phone": phone}
