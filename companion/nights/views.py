"""The start page, game nights (create, show, edit, delete) and the roster of players."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Count
from django.shortcuts import redirect, render
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from companion.access import get_night_for_user, get_player_for_user, is_owner, nights_for
from companion.me.services import pending_for_owner
from companion.models import Player
from companion.nights import history
from companion.nights.forms import GameNightForm, PlayerForm
from companion.nights.settlement import night_settlement_view
from companion.nights.summary import match_results, night_summary


def _default_title() -> str:
    return _("Game night %(date)s") % {"date": formats.date_format(timezone.localdate(), "SHORT_DATE_FORMAT")}


@login_required
def home(request):
    nights = (
        nights_for(request.user)
        .select_related("owner")
        .annotate(match_count=Count("matches"))
        .order_by("-date", "-created_at")[:10]
    )
    form = GameNightForm(initial={"title": _default_title(), "date": timezone.localdate()})
    return render(request, "home.html", {"nights": nights, "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def night_create(request):
    form = GameNightForm(request.POST or None, initial={"title": _default_title()})
    if request.method == "POST" and form.is_valid():
        night = form.save(commit=False)
        night.owner = request.user
        night.save()
        return redirect(night)
    return render(request, "nights/form.html", {"form": form})


@login_required
def night_detail(request, pk):
    night = get_night_for_user(request.user, pk)
    matches = list(night.matches.in_playing_order().with_seats())
    return render(
        request,
        "nights/detail.html",
        {
            "night": night,
            "matches": matches,
            # Final (or, in play, current) standings by the derived places: no rounds are loaded.
            "results": match_results(matches),
            "summary": night_summary(matches),
            "settlement": night_settlement_view(night, matches),
            "is_owner": is_owner(request.user, night),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def night_edit(request, pk):
    night = get_night_for_user(request.user, pk)
    before = history.snapshot(night)
    form = GameNightForm(request.POST or None, instance=night, money=is_owner(request.user, night))
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.save()
            history.record_edit(night, before, request.user)
        messages.success(request, _("Saved."))
        return redirect(night)
    return render(request, "nights/form.html", {"form": form, "night": night})


@login_required
@require_GET
def night_history(request, pk):
    """Who changed the night itself and added players; each match has its own round history."""
    night = get_night_for_user(request.user, pk)
    return render(
        request,
        "nights/history.html",
        {
            "night": night,
            "changes": [(change, history.field_lines(change)) for change in history.changes(night)],
        },
    )


@login_required
@require_POST
def night_delete(request, pk):
    night = get_night_for_user(request.user, pk, owner_only=True)
    night.delete()
    messages.success(request, _("The game night “%(title)s” was deleted.") % {"title": night.title})
    return redirect("home")


# --- the roster: a user's players, added and renamed here or inline when a match starts ---


@login_required
@require_http_methods(["GET", "POST"])
def player_list(request):
    form = PlayerForm(request.POST or None, owner=request.user)
    if request.method == "POST" and form.is_valid():
        player = form.save()
        messages.success(request, _("%(name)s joined your players.") % {"name": player.name})
        return redirect("player_list")
    players = Player.objects.filter(owner=request.user).annotate(match_count=Count("seats"))
    return render(
        request,
        "nights/players.html",
        {"players": players, "form": form, "pending": pending_for_owner(request.user)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def player_edit(request, pk):
    player = get_player_for_user(request.user, pk)
    form = PlayerForm(request.POST or None, instance=player, owner=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Saved."))
        return redirect("player_list")
    return render(request, "nights/player_form.html", {"player": player, "form": form})
