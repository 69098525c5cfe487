"""The scoreboard fragment, rendered once per match version and language, and kept in Django's cache.

A scoreboard shows nothing about who looks at it, except the CSRF token in its
forms. So the fragment is rendered with a placeholder token, cached under the
match's ``version`` (a new random token at every change, written in the same
transaction as the change: ``Match.version``), and each response gets its own
masked token put in: Django's ``get_token``, a mask of its own beside the page's
(stock Django CSRF: 64 bytes more on the wire than one mask for the whole page,
docs/architecture.md).

Why a cached copy is never older than the last save, through any server: the
key is read from the database row on every request, and the row is read before
the rounds on a miss, so what is stored under a version is at least as new as
that version. A change anywhere writes a new version; the old key is simply not
asked for again. With several instances each has its own cache (Django's local
memory cache by default) or they share one (``CACHES``, e.g. Redis): either way
the version comes from the one database.
"""

from __future__ import annotations

from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from companion import standings as standings_service
from companion.models import Match
from companion.play.scoreboard import round_rows, rows_added, scoreboard_context
from scoring.base import Standings

# Stands in for the CSRF token in the cached copy. User text cannot contain it:
# forms refuse NUL characters and PostgreSQL cannot store them.
TOKEN_PLACEHOLDER = "\x00csrf\x00"
TEMPLATE = "play/detail.html#scoreboard"
UPDATE_TEMPLATE = "play/detail.html#scoreboard-update"
SECONDS = 6 * 3600  # versions keep it correct; the timeout only frees memory


def key(match: Match, *, table_phone: bool = False) -> str:
    # A phone with only a club table's link has no account: its copy offers nothing that asks to log in.
    return f"scoreboard:{match.pk}:{match.version}:{get_language()}{':table' if table_phone else ''}"


def for_table_phone(request) -> bool:
    """Whether the scoreboard goes to a phone without an account (one that holds the table's link)."""
    return not request.user.is_authenticated


def fragment(
    request,
    match: Match,
    result: Standings | None = None,
    *,
    form=None,
    error: str = "",
    notice: str = "",
    saved: int | None = None,
    restore_number: int | None = None,
    overtaken: dict | None = None,
) -> SafeString:
    """The scoreboard fragment of ``match`` for this request.

    Without ``result`` the match's seats and rounds are loaded only when the cache
    has no copy for its version. A fragment with a notice, an error, a filled-in
    form, the announcement of a save, the offer to restore an undone round or the choice after
    another phone's change (``overtaken``) is particular to its request and is rendered, never cached.
    """
    plain = (
        form is None
        and not error
        and not notice
        and saved is None
        and restore_number is None
        and not overtaken
    )
    table_phone = for_table_phone(request)
    html = cache.get(key(match, table_phone=table_phone)) if plain else None
    if html is None:
        if result is None:
            match.load_standings()
            result = standings_service.current(match)
        context = scoreboard_context(match, result, form=form, error=error, saved=saved)
        context.update(
            notice=notice,
            restore_number=restore_number,
            overtaken=overtaken,
            csrf_token=TOKEN_PLACEHOLDER,
            table_phone=table_phone,
        )
        html = render_to_string(TEMPLATE, context)
        if plain:
            cache.set(key(match, table_phone=table_phone), html, SECONDS)
    return mark_safe(html.replace(TOKEN_PLACEHOLDER, get_token(request)))


def update(
    request, match: Match, result: Standings, *, saved: int, shown: Standings, shown_version: str
) -> SafeString | None:
    """The answer to a save that only added rounds to what the asking page shows, or None.

    ``shown``: the standings of the asking page (version ``shown_version``). The top of the
    scoreboard (standings and the next round's form), the actions and the chart, and the new
    rows for htmx to put on top of the page's rounds table (play/detail.html#scoreboard-update;
    the view retargets htmx to ``#table-top``). None when the page must get the whole scoreboard
    (``scoreboard_context``). Never cached: it depends on what the page showed.
    """
    rows = round_rows(match, result)
    added = rows_added(shown, result, rows)
    if added is None:
        return None  # decided before any rendering: the view then renders the whole scoreboard
    context = scoreboard_context(
        match, result, saved=saved, added=added, shown_version=shown_version, rows=rows
    )
    context["csrf_token"] = TOKEN_PLACEHOLDER
    context["table_phone"] = for_table_phone(request)
    html = render_to_string(UPDATE_TEMPLATE, context)
    return mark_safe(html.replace(TOKEN_PLACEHOLDER, get_token(request)))
