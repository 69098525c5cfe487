"""The roster: a user's players, added and renamed here or inline when a match starts."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from companion.access import get_player_for_user
from companion.forms import PlayerForm
from companion.models import Player


@login_required
@require_http_methods(["GET", "POST"])
def player_list(request):
    form = PlayerForm(request.POST or None, owner=request.user)
    if request.method == "POST" and form.is_valid():
        player = form.save()
        messages.success(request, _("%(name)s joined your players.") % {"name": player.name})
        return redirect("player_list")
    players = Player.objects.filter(owner=request.user).annotate(match_count=Count("seats"))
    return render(request, "players/list.html", {"players": players, "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def player_edit(request, pk):
    player = get_player_for_user(request.user, pk)
    form = PlayerForm(request.POST or None, instance=player, owner=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Saved."))
        return redirect("player_list")
    return render(request, "players/form.html", {"player": player, "form": form})
