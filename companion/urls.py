"""Every address, by feature: each feature package has its own ``urls.py``, mounted here at the root.

URL names carry no namespace (``{% url 'match_detail' … %}``): the names are
unique across features. A game with views of its own (Elfer raus!'s bonus
board) declares its URLconf in the registry (``Game.urls``).
"""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from companion.games import registry
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

# A busy database met outside a view (a session saved afterwards) is "busy", not a server error.
handler500 = "companion.lib.busy.server_error"
