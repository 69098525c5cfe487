"""What each game's pages load, joined into bundles by the static storage (companion/lib/static_files.py).

Named in the settings (``STATIC_BUNDLES``): the storage in ``companion.lib`` knows no game.
"""

from __future__ import annotations

from companion.games import registry
from companion.lib.static_files import TABLE_SITE_CSS


def bundles() -> dict[str, tuple[str, ...]]:
    """Per game what its pages add to the site's bundles (``bundles/molotow.js``, …).

    A match page (templates/play/detail.html) loads one style sheet, ``table-<game>.css``:
    Bootstrap cut to the rules a match page can use (``make css``), the site's own rules, the
    table's and the game's. A first look at a scoreboard is then one file of style (about
    0.8 KB less on the wire than a cut ``site`` and the game's apart); the service worker,
    which keeps every bundle for use offline, fetches Bootstrap's match cut once per game
    (about 35 KB more in the background, once per deployment). Other pages of a game (the
    round edit page) load ``site.css`` and ``<game>.css``: the table's and the game's rules.

    The scripts are not joined so: every game's bundle would carry htmx again, and the service
    worker downloaded 175 KB instead of about 30 KB after each deployment.
    """
    found = {}
    for key, game in registry.GAMES.items():
        found[f"bundles/{key}.css"] = ("css/table.css", game.stylesheet)
        found[f"bundles/table-{key}.css"] = (*TABLE_SITE_CSS, "css/table.css", game.stylesheet)
        found[f"bundles/{key}.js"] = (game.script, "js/outbox.js", "js/match.js", "js/live.js")
    return found
