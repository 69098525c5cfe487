"""Share links: the owner makes and revokes them; anyone with one watches the scores live.

Who may do what (tests/security/test_access_matrix.py has the table):
- the night's owner creates, re-creates (a new token, the old one dead) and revokes
  the link of the night or of one of its matches;
- members see the share page with the link and its QR code once the owner made it
  (they already see every score, and showing the code at the table is the point), but
  cannot make or revoke one;
- anyone holding the URL, without an account, sees the read-only scoreboard; a
  wrong token answers the same 404 as any unknown address, a revoked one (stopped or
  replaced) says "Sharing was stopped" (410 Gone): it is what a TV shows afterwards.

The shared pages hear of each new version through their event stream
(``companion.live``) and then ask their ``live`` URL for it; without a stream (no
JavaScript aside: a proxy that buffers it) they poll that URL with the version they
show: an unchanged version costs one query and answers 204 No Content (htmx 2 swaps
nothing on 204).
"""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from companion.access import get_match_for_user, get_night_for_user, is_owner
from companion.clubs.show_views import shared_club_context
from companion.models import GameNight
from companion.nights.settlement import night_settlement_view
from companion.nights.summary import match_results, night_summary
from companion.offline.account import not_kept_offline
from companion.sharing import services as sharing

LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]"}


class SharingStopped(Exception):
    """The token was a link its owner has since stopped."""


def shared_headers(view):
    """The token is in the URL: never send it on as a referrer, keep the pages out of search engines
    and out of caches."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            response = view(request, *args, **kwargs)
        except SharingStopped:
            response = render(request, "sharing/stopped.html", status=410)
        response["Referrer-Policy"] = "no-referrer"
        response["X-Robots-Tag"] = "noindex, nofollow"
        return response

    return require_GET(never_cache(wrapper))


# --- the owner's side ----------------------------------------------------------------


def _share_page(request, *, match=None, night=None):
    owner_night = match.night if match is not None else night
    link = sharing.active_link(match=match, night=night)
    # A link made before tokens were kept as hashes works, but cannot be shown: "" (the page says so).
    url = request.build_absolute_uri(reverse("shared", args=[link.token])) if link and link.token else ""
    title = sharing.share_title(match=match, night=night)
    back = match or night
    return render(
        request,
        "sharing/manage.html",
        {
            "match": match,
            "night": owner_night,
            "subject": title,
            "back_url": back.get_absolute_url(),
            "link": link,
            "url": url,
            "qr": sharing.qr_svg(url, title=_("QR code of the link to %(title)s") % {"title": title})
            if url
            else "",
            "is_owner": is_owner(request.user, owner_night),
            # Opened as localhost, the link would point other devices at themselves.
            "local_only": request.get_host().rsplit(":", 1)[0] in LOCAL_HOSTS,
            "create_url": reverse("match_share_create" if match else "night_share_create", args=[back.pk]),
            "revoke_url": reverse("match_share_revoke" if match else "night_share_revoke", args=[back.pk]),
        },
    )


@login_required
@require_GET
@not_kept_offline
def match_share(request, pk):
    return _share_page(request, match=get_match_for_user(request.user, pk))


@login_required
@require_GET
@not_kept_offline
def night_share(request, pk):
    return _share_page(request, night=get_night_for_user(request.user, pk))


@login_required
@require_POST
def match_share_create(request, pk):
    match = get_match_for_user(request.user, pk, owner_only=True)
    replaced = sharing.active_link(match=match) is not None
    sharing.create_link(match=match, user=request.user)
    if replaced:
        messages.success(request, _("The scoreboard is shared. An earlier link no longer works."))
    else:
        messages.success(request, _("The scoreboard is shared."))
    return redirect("match_share", pk=match.pk)


@login_required
@require_POST
def match_share_revoke(request, pk):
    match = get_match_for_user(request.user, pk, owner_only=True)
    if sharing.revoke_link(match=match):
        messages.success(request, _("Sharing stopped: the link no longer works."))
    return redirect("match_share", pk=match.pk)


@login_required
@require_POST
def night_share_create(request, pk):
    night = get_night_for_user(request.user, pk, owner_only=True)
    replaced = sharing.active_link(night=night) is not None
    sharing.create_link(night=night, user=request.user)
    if replaced:
        messages.success(request, _("The night is shared. An earlier link no longer works."))
    else:
        messages.success(request, _("The night is shared."))
    return redirect("night_share", pk=night.pk)


@login_required
@require_POST
def night_share_revoke(request, pk):
    night = get_night_for_user(request.user, pk, owner_only=True)
    if sharing.revoke_link(night=night):
        messages.success(request, _("Sharing stopped: the link no longer works."))
    return redirect("night_share", pk=night.pk)


# --- the public side (no account) ---------------------------------------------------------


def _state_or_404(token, match_pk=None) -> sharing.LiveState:
    state = sharing.live_state(token, match_pk)
    if state is None:
        raise SharingStopped if sharing.was_stopped(token) else Http404
    return state


def _render_shared(request, token, state, *, live: bool, from_night: bool = False):
    """The whole page, or with ``live`` only the part that polls (which carries the new version)."""
    if state.match_id is not None:
        match = sharing.load_match(state.match_id)
        context = sharing.public_scoreboard(match)
        if from_night:
            live_url = reverse("shared_match_live", args=[token, match.pk])
            context["night_url"] = reverse("shared", args=[token])
        else:
            live_url = reverse("shared_live", args=[token])
        template = "sharing/match.html"
    else:
        night = get_object_or_404(GameNight, pk=state.night_id)
        # A club night's link is the room's TV page: tables, seats and the club standings.
        context = shared_club_context(night)
        template = "clubs/show/tv.html"
        if context is None:
            night, matches = sharing.load_night(state.night_id)
            context = {
                "night": night,
                "results": match_results(matches),
                "summary": night_summary(matches),
                "settlement": night_settlement_view(night, matches),
            }
            template = "sharing/night.html"
        live_url = reverse("shared_live", args=[token])
    if from_night:
        events_url = reverse("shared_match_events", args=[token, state.match_id])
    else:
        events_url = reverse("shared_events", args=[token])
    context.update(
        token=token, version=state.version, live_url=f"{live_url}?v={state.version}", events_url=events_url
    )
    return render(request, f"{template}#live" if live else template, context)


@shared_headers
def shared(request, token):
    """A match's or a night's scores for a TV, a tablet or a phone: the token decides which."""
    return _render_shared(request, token, _state_or_404(token), live=False)


@shared_headers
def shared_live(request, token):
    state = _state_or_404(token)
    if request.GET.get("v") == state.version:
        return HttpResponse(status=204)
    return _render_shared(request, token, state, live=True)


@shared_headers
def shared_match(request, token, pk):
    """One match of a shared night (only that night's matches open through its token)."""
    return _render_shared(request, token, _state_or_404(token, pk), live=False, from_night=True)


@shared_headers
def shared_match_live(request, token, pk):
    state = _state_or_404(token, pk)
    if request.GET.get("v") == state.version:
        return HttpResponse(status=204)
    return _render_shared(request, token, state, live=True, from_night=True)
