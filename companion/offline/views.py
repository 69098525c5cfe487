"""The service worker (served from the site root so it may control every page), the page it shows
when a page was never opened before and there is no connection, and the installed app's start.

The worker's code is a static file (``static/js/sw.js``); ``/sw.js`` only names the files of
the app shell as the static storage calls them (hashed in production), so a new deployment
is a new worker that caches the new files and drops the old ones.
"""

from __future__ import annotations

import hashlib
import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import PrefixNode, static
from django.urls import reverse
from django.views.decorators.http import require_GET

from companion.access import running_match_for
from companion.games import registry
from companion.lib.static_files import bundle_files, bundles

# Besides the bundles (or their sources: companion/lib/static_files.py) and each game's files.
SHELL = (
    "js/theme.js",  # the offline page's (templates/errors/page.html)
    "js/match.js",  # the round edit page loads it on its own
    "js/outbox-queue.js",  # loaded by js/outbox.js when needed, offline too
    "icons/icon-192.png",
    "manifest.webmanifest",
)


def shell_files() -> list[str]:
    """Every script, style sheet and icon the pages kept for offline use load, as the pages name them."""
    bundled = [path for name in bundles() for path in bundle_files(name.removeprefix("bundles/"))]
    games = [path for game in registry.GAMES.values() for path in (game.script, game.stylesheet)]
    return [static(path) for path in dict.fromkeys((*bundled, *SHELL, *games))]


@require_GET
def service_worker(request):
    shell = [*shell_files(), reverse("offline")]
    config = {
        "version": hashlib.sha256("\n".join(shell).encode()).hexdigest()[:12],
        "shell": shell,
        "static": PrefixNode.handle_simple("STATIC_URL"),
        "offline": reverse("offline"),
        "start": reverse("start"),
    }
    body = f"self.COMPANION_SW = {json.dumps(config)};\nimportScripts({json.dumps(static('js/sw.js'))});\n"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # The worker lives at the root so its scope is the whole site; browsers check it for
    # updates on every visit when it is not cached.
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request):
    """Shown by the service worker for a page it has no copy of; rendered without a user."""
    return render(request, "offline/offline.html")


@login_required
@require_GET
def start(request):
    """Where the installed app opens: the scoreboard of the match being played, else the start page."""
    match = running_match_for(request.user)
    return redirect(match if match is not None else "home")
