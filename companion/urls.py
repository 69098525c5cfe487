"""Every address, by feature: each feature package has its own ``urls.py``, mounted here at the root.

URL names carry no namespace (``{% url 'match_detail' … %}``): the names are
unique across features. A game with views of its own (Elfer raus!'s bonus
board) declares its URLconf in the registry (``Game.urls``).
"""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from companion.games import registry
from companion.lib import server_timing
from companion.lib.health import healthz

# Every id in an address is ``<id:…>`` (registered by companion.apps: companion/lib/converters.py).

FEATURES = (
    "accounts",
    "invites",
    "me",
    "nights",
    "play",
    "review",
    "printing",
    "sharing",
    "transfer",
    "i18n",
    "offline",
    "live",
    "clubs",
)

urlpatterns = [
    *(path("", include(f"companion.{feature}.urls")) for feature in FEATURES),
    path("", include("companion.clubs.show_urls")),
    *(path("", include(game.urls)) for game in registry.GAMES.values() if game.urls),
    path("healthz/", healthz, name="healthz"),
    path("favicon.ico", RedirectView.as_view(url="/static/favicon.svg", permanent=True)),
    path("admin/", admin.site.urls),
]

# The benchmarks' yardstick (make bench-load): a page that costs only the middleware and a small
# template. Served only with SERVER_TIMING=1, which production never sets.
if settings.SERVER_TIMING:
    urlpatterns.append(path("server-timing/bare/", server_timing.bare, name="server_timing_bare"))

# A busy database met outside a view (a session saved afterwards) is "busy", not a server error.
handler500 = "companion.lib.busy.server_error"
