"""Invites and members: the owner invites with a link or QR code; the invited person signs up or logs
in, sees the night and its owner, and joins with a tap. Members are listed with when and how they
joined; the owner removes a member, a member leaves.

Who may do what (tests/security/test_access_matrix.py has the table):
- the night's owner makes and withdraws invites and removes members;
- members see the members page and may leave;
- anyone holding an invite's URL sees what it invites to, may sign up (``SIGNUP``
  permitting) or log in, and then join. A withdrawn, expired or used-up invite shows one
  page saying so, with nothing to fill in.
"""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from companion.access import get_invite_of_night, get_night_for_user, is_owner, may_leave, may_sign_up
from companion.accounts.forms import SignUpForm
from companion.accounts.views import sign_up
from companion.invites import services as invites
from companion.invites.forms import InviteForm
from companion.models import Invite
from companion.offline.account import not_kept_offline
from companion.sharing.services import qr_svg
from companion.sharing.views import LOCAL_HOSTS

# --- the owner's side ---------------------------------------------------------------------


@login_required
@require_GET
@not_kept_offline
def night_invites(request, pk):
    night = get_night_for_user(request.user, pk, owner_only=True)
    return _invites_page(request, night, InviteForm())


def _invites_page(request, night, form, status=200):
    links = [
        {
            "invite": invite,
            # "" for an invite made before tokens were kept as hashes: it works, but cannot be shown.
            "url": request.build_absolute_uri(reverse("invite", args=[token]))
            if (token := invite.token)
            else "",
        }
        for invite in invites.active(night)
    ]
    newest = next((link for link in links if link["url"]), None)
    return render(
        request,
        "invites/manage.html",
        {
            "night": night,
            "form": form,
            "links": links,
            "newest": newest,
            "qr": qr_svg(
                newest["url"], title=_("QR code of the invite to %(title)s") % {"title": night.title}
            )
            if newest
            else "",
            "local_only": request.get_host().rsplit(":", 1)[0] in LOCAL_HOSTS,
        },
        status=status,
    )


@login_required
@require_POST
def night_invite_create(request, pk):
    night = get_night_for_user(request.user, pk, owner_only=True)
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _invites_page(request, night, form, status=400)
    invites.create(
        night, user=request.user, hours=form.cleaned_data["hours"], single_use=form.cleaned_data["single_use"]
    )
    messages.success(request, _("The invite is ready: show the QR code or send the link."))
    return redirect("night_invites", pk=night.pk)


@login_required
@require_POST
def night_invite_revoke(request, pk, invite_pk):
    night = get_night_for_user(request.user, pk, owner_only=True)
    get_invite_of_night(night, invite_pk)
    if invites.revoke(night, invite_pk):
        messages.success(request, _("The invite was withdrawn: its link no longer works."))
    return redirect("night_invites", pk=night.pk)


# --- members ------------------------------------------------------------------------------


@login_required
@require_GET
def night_members(request, pk):
    night = get_night_for_user(request.user, pk)
    return render(
        request,
        "invites/members.html",
        {"night": night, "memberships": invites.members(night), "is_owner": is_owner(request.user, night)},
    )


@login_required
@require_POST
def night_member_remove(request, pk, user_pk):
    night = get_night_for_user(request.user, pk, owner_only=True)
    if invites.remove_member(night, user_pk):
        messages.success(request, _("The member was removed: they no longer see this night."))
    return redirect("night_members", pk=night.pk)


@login_required
@require_POST
def night_leave(request, pk):
    night = get_night_for_user(request.user, pk)
    if not may_leave(request.user, night):
        messages.error(request, _("You own this game night: you cannot leave it (you can delete it)."))
        return redirect("night_members", pk=night.pk)
    invites.leave(night, request.user)
    messages.success(request, _("You left “%(title)s”.") % {"title": night.title})
    return redirect("home")


# --- the invited person's side --------------------------------------------------------------


def _dead(request, invite):
    """The one page for an invite that does not work: a sentence and a way home, nothing to fill in."""
    return render(
        request,
        "invites/dead.html",
        {"message": invites.dead_message(invite)},
        status=404 if invite is None else 410,
    )


def _invite_page(request, invite, token, form=None, error="", status=200):
    night = invite.night
    user = request.user
    membership = invites.membership_of(night, user)
    refusal = invites.comeback_refusal(invite, user) if membership is None else ""
    return render(
        request,
        "invites/invite.html",
        {
            "invite": invite,
            "night": night,
            "token": token,
            "is_owner": user.is_authenticated and is_owner(user, night),
            "membership": membership,
            "used_before": bool(refusal),
            "used_before_message": refusal,
            "signup_form": form
            if form is not None
            else (SignUpForm() if not user.is_authenticated and may_sign_up(invite) else None),
            "login_url": f"{reverse('login')}?next={reverse('invite', args=[token])}",
            "error": error,
        },
        status=status,
    )


def private_page(view):
    """The token is in the URL: keep the invite out of search engines and caches. The referrer stays
    the site's default (same-origin: never sent to other sites); "no-referrer", as the share pages
    use, would make the browser send "Origin: null" with the sign-up form, which CSRF refuses."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response["X-Robots-Tag"] = "noindex, nofollow"
        return response

    return never_cache(wrapper)


@require_GET
@private_page
def invite(request, token):
    found = invites.find(token)
    if found is None or found.state != Invite.State.ACTIVE:
        return _dead(request, found)
    return _invite_page(request, found, token)


@require_POST
@private_page
def invite_signup(request, token):
    found = invites.find(token)
    if found is None or found.state != Invite.State.ACTIVE:
        return _dead(request, found)
    if request.user.is_authenticated:
        return redirect("invite", token=token)
    if not may_sign_up(found):
        return _invite_page(request, found, token, status=403)
    form = SignUpForm(request.POST)
    user, locked = sign_up(request, form)
    if locked is not None:
        return locked
    if user is None:
        return _invite_page(request, found, token, form=form, status=400)
    # Signed up and logged in, not yet a member: the invite page now asks to join.
    messages.success(request, _("Your account is ready. One more tap to join."))
    return redirect("invite", token=token)


@login_required
@require_POST
@private_page
def invite_accept(request, token):
    try:
        membership = invites.accept(token, request.user)
    except invites.InviteError as error:
        found = invites.find(token)
        if found is None or found.state != Invite.State.ACTIVE:
            return _dead(request, found)
        return _invite_page(request, found, token, error=error.message, status=409)
    messages.success(
        request, _("You joined “%(title)s”: you can now enter scores.") % {"title": membership.night.title}
    )
    return redirect(membership.night)
