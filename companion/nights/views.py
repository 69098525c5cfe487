"""The start page, game nights (create, show, edit, delete) and the roster of players."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from companion.access import (
    get_night_for_money_answer,
    get_night_for_user,
    get_player_for_user,
    is_owner,
    may_add_demo_nights,
    may_propose_money,
    may_set_money,
    night_version,
    night_version_for,
    nights_for,
)
from companion.clubs import services as clubs
from companion.demo.services import DEMO_NIGHTS, add_demo_nights
from companion.me.services import pending_for_owner
from companion.models import Player
from companion.nights import history, services
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
    nights = list(nights)
    form = GameNightForm(initial={"title": _default_title(), "date": timezone.localdate()})
    return render(
        request,
        "home.html",
        {
            "nights": nights,
            "form": form,
            # A player who asked to be linked to an account waits for the host's yes: said here.
            "pending": list(pending_for_owner(request.user)),
            # A user who sees a night knows the site has one: no query then.
            "offer_demo": not nights and may_add_demo_nights(request.user),
            "demo_nights": DEMO_NIGHTS,
        },
    )


@login_required
@require_POST
def demo_nights(request):
    """Add demo nights, as ``seed_demo --offer`` does at ``make run``: only while there is no night at all."""
    if not may_add_demo_nights(request.user):
        messages.info(request, _("Demo nights are only offered while there is no game night yet."))
        return redirect("home")
    seeded = add_demo_nights(request.user, DEMO_NIGHTS)
    messages.success(
        request,
        ngettext("Added %(count)s demo game night.", "Added %(count)s demo game nights.", seeded.nights)
        % {"count": seeded.nights},
    )
    return redirect("home")


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


def _proposal_context(request, night) -> dict:
    """The money proposal waiting on the night, said in words, and who may answer it."""
    proposal = services.pending(night)
    if proposal is None:
        return {"proposal": None}
    return {
        "proposal": proposal,
        "proposal_lines": history.proposal_lines(night, proposal),
        "proposer": history.proposer_name(proposal) or _("someone"),
        "proposal_is_mine": proposal.proposed_by_id == request.user.pk,
        "may_answer": may_set_money(request.user, night),
    }


def _night_page(request, pk, *, live: bool):
    """The night page, or with ``live`` only its part that follows the matches (the new version with it)."""
    night = get_night_for_user(request.user, pk)
    matches = list(night.matches.in_playing_order().with_seats())
    version = night_version(night.pk, night.updated_at, [(match.pk, match.version) for match in matches])
    live_url = reverse("night_live", args=[night.pk])
    return render(
        request,
        "nights/detail.html#live" if live else "nights/detail.html",
        {
            "night": night,
            "matches": matches,
            # Final (or, in play, current) standings by the derived places: no rounds are loaded.
            "results": match_results(matches),
            "summary": night_summary(matches),
            "settlement": night_settlement_view(night, matches),
            "is_owner": is_owner(request.user, night),
            "club": clubs.history(night),
            "version": version,
            "live_url": f"{live_url}?v={version}",
            "events_url": reverse("night_events", args=[night.pk]),
            **({} if live else _proposal_context(request, night)),
        },
    )


@login_required
def night_detail(request, pk):
    return _night_page(request, pk, live=False)


@login_required
@require_GET
def night_live(request, pk):
    """What the night page polls (and asks for when its event stream names a new version)."""
    version = night_version_for(request.user, pk)
    if version is None:
        raise Http404
    if request.GET.get("v") == version:
        return HttpResponse(status=204)
    return _night_page(request, pk, live=True)


@login_required
@require_http_methods(["GET", "POST"])
def night_edit(request, pk):
    night = get_night_for_user(request.user, pk)
    before, date_before = history.snapshot(night), night.date
    form = GameNightForm(request.POST or None, instance=night, money=may_set_money(request.user, night))
    if request.method == "POST" and form.is_valid():
        services.save_edit(form, request.user, before=before, date_before=date_before)
        if form.proposal is not None:
            messages.success(
                request,
                _("Saved. What you proposed the night plays for waits for %(owner)s to accept it.")
                % {"owner": night.owner.username},
            )
        else:
            messages.success(request, _("Saved."))
        return redirect(night)
    return render(
        request,
        "nights/form.html",
        {
            "form": form,
            "night": night,
            "may_propose": may_propose_money(request.user, night),
            **_proposal_context(request, night),
        },
    )


def _answer_proposal(request, pk, answer):
    """Accept or decline the night's waiting money proposal (the owner only; a member gets a 404).

    The form names the proposal the owner saw: a newer one that replaced it is not answered
    unseen. htmx gets the proposal's part of the night page back, saying what happened.
    """
    night = get_night_for_money_answer(request.user, pk)
    try:
        done = answer(night, request.user, request.POST.get("proposal"))
    except services.ProposalRefused as refused:
        said, level = str(refused), messages.ERROR
    else:
        if done.accepted:
            said = _("Accepted: the night now plays for what %(name)s proposed.") % {
                "name": done.proposer or _("someone")
            }
        else:
            said = _("Declined: the night keeps playing for what it did.")
        level = messages.SUCCESS
    if not request.htmx:
        messages.add_message(request, level, said)
        return redirect(night)
    night = get_night_for_money_answer(request.user, pk)  # as it is now, with the proposal waiting now
    context = {"night": night, "answer": said, "answer_refused": level == messages.ERROR}
    response = render(
        request, "nights/detail.html#money-proposal", context | _proposal_context(request, night)
    )
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_POST
def night_money_accept(request, pk):
    return _answer_proposal(request, pk, services.accept_proposal)


@login_required
@require_POST
def night_money_decline(request, pk):
    return _answer_proposal(request, pk, services.decline_proposal)


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
            "changes": [
                (change, history.field_lines(change, night.currency)) for change in history.changes(night)
            ],
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
    form = PlayerForm(request.POST, owner=request.user) if request.POST else None
    if form is not None and form.is_valid():
        player = form.save()
        messages.success(request, _("%(name)s joined your players.") % {"name": player.name})
        return redirect("player_list")
    players = list(Player.objects.filter(owner=request.user).annotate(match_count=Count("seats")))
    if form is None:
        # The new player's default colour from the players in hand: no query of their colours.
        form = PlayerForm(owner=request.user, colours=[player.colour for player in players])
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
