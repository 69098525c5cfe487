"""The "start a match" page of a game night (see ``companion.play.setup`` for the decisions).

GET shows the setup of one game (``?game=murlan``; Molotow Jass by default),
keeping names typed for another game (``seat_0``… and ``first_dealer`` in the
query). With htmx, picking a game fetches only the ``setup-details`` partial;
without JavaScript the "Continue" button posts the choice and is redirected
to that GET, so no CSRF token ever lands in a URL. A POST whose game differs
from the game the page showed is treated the same way: the table sees the new
game's seats and rules before anything is started.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_htmx.http import replace_url

from companion.access import get_night_for_user, players_for_night
from companion.games import registry
from companion.play.forms import MatchSetupForm, carried_initial, game_or_none
from companion.play.setup import DEFAULT_GAME, SEAT_PREFIX, busy_elsewhere, players_text
from scoring.registry import ENGINES


def _setup_url(night, game: str, data=None) -> str:
    """The GET address of the setup of ``game``, carrying typed names and the dealer from ``data``."""
    query = QueryDict(mutable=True)
    query["game"] = game
    if data is not None:
        for key, value in data.items():
            if key.startswith(SEAT_PREFIX) and value.strip():
                query[key] = value
        if data.get("first_dealer") not in (None, "", "0"):
            query["first_dealer"] = data["first_dealer"]
    return f"{reverse('match_create', args=[night.pk])}?{query.urlencode()}"


def _roster_names(night):
    """The owner's players, regulars first (one query, evaluated lazily)."""
    return players_for_night(night).regulars_first().values_list("name", flat=True)


@login_required
@require_http_methods(["GET", "POST"])
def match_create(request, pk):
    night = get_night_for_user(request.user, pk)
    busy: list[str] = []
    if request.method == "POST":
        chosen = game_or_none(request.POST.get("game"))
        shown = game_or_none(request.POST.get("setup_game"))
        if chosen is None or chosen != shown or "continue" in request.POST:
            game = chosen or shown or DEFAULT_GAME
            if "continue" not in request.POST and shown is not None and game != shown:
                messages.info(
                    request,
                    _("Check the seats and house rules for %(game)s, then start the match.")
                    % {"game": registry.label(game)},
                )
            return redirect(_setup_url(night, game, request.POST))
        game = chosen
        form = MatchSetupForm(request.POST, game=game)
        if form.is_valid():
            # Somebody playing at another running table of the night: the page asks first.
            busy = busy_elsewhere(night, form.setup.names)
            if not busy or request.POST.get("confirmed") == "yes":
                match = form.save(night, request.user)
                if match is not None:
                    return redirect(match)
    else:
        game = game_or_none(request.GET.get("game")) or DEFAULT_GAME
        form = MatchSetupForm(game=game, initial=carried_initial(request.GET, game))

    engine = ENGINES[game]
    context = {
        "night": night,
        "form": form,
        "game": game,
        "game_label": registry.label(game),
        "players_text": players_text(engine),
        "seats_optional": engine.min_players < engine.max_players,
        "games": [
            {"key": key, "label": label, "players": players_text(ENGINES[key]), "checked": key == game}
            for key, label in registry.choices()
        ],
        "roster_names": _roster_names(night),
        "busy": busy,
    }
    if request.htmx and request.method == "GET":
        response = render(request, "play/new.html#setup-details", context)
        replace_url(response, _setup_url(night, game))
    else:
        response = render(request, "play/new.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response
