""" "Me": the player an account is, in its own or a host's roster (companion.me.services).

- any account: sees its links, claims an unlinked player of a roster it plays in
  (its own, or the owner's of a night it is a member of), removes its own link;
- the roster's owner: confirms or declines a claim on one of their players
  (the players page lists the claims waiting).
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from companion.access import claimable_players, get_claimable_player, get_link_to_confirm, get_own_link
from companion.me import services


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
@require_GET
def me(request):
    return _me_page(request)


def _me_page(request, error="", status=200):
    links = list(services.links(request.user))
    taken_rosters = {link.player.owner_id for link in links}
    choices = [player for player in claimable_players(request.user) if player.owner_id not in taken_rosters]
    statistics = [services.statistics(request.user, link.player) for link in links if link.confirmed]
    return render(
        request,
        "me/me.html",
        {"links": links, "choices": choices, "error": error, "statistics": statistics},
        status=status,
    )


@login_required
@require_POST
def me_claim(request):
    pk = _int(request.POST.get("player"))
    if pk is None:
        return _me_page(request, error=_("Choose the player you are."), status=400)
    player = get_claimable_player(request.user, pk)
    try:
        link = services.claim(request.user, player)
    except services.LinkError as error:
        return _me_page(request, error=error.message, status=409)
    if link.confirmed:
        messages.success(request, _("%(name)s is you now.") % {"name": player.name})
    else:
        messages.success(
            request,
            _("Asked: once %(owner)s confirms, %(name)s is you.")
            % {"owner": player.owner.username, "name": player.name},
        )
    return redirect("me")


@login_required
@require_POST
def me_unlink(request, pk):
    services.remove(get_own_link(request.user, pk))
    messages.success(request, _("The link was removed."))
    return redirect("me")


@login_required
@require_POST
def player_link_confirm(request, pk):
    link = get_link_to_confirm(request.user, pk)
    services.confirm(link)
    messages.success(
        request, _("%(user)s is %(name)s now.") % {"user": link.user.username, "name": link.player.name}
    )
    return redirect("player_list")


@login_required
@require_POST
def player_link_decline(request, pk):
    link = get_link_to_confirm(request.user, pk)
    services.remove(link)
    messages.success(request, _("Declined: %(name)s is not linked to anyone.") % {"name": link.player.name})
    return redirect("player_list")
