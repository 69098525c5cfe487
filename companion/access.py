"""Who may see and change what: every permission rule, in one place.

A game night's owner and its members may see it and enter scores in it;
only the owner changes the night itself (members, invites, deletion) and
shares or stops sharing it or one of its matches. Nobody becomes a member
but by accepting an invite (``companion.invites``). Everyone else gets a 404, so nobody
learns that an id exists by guessing it. The query shapes are the models'
(``GameNight.objects.visible_to``); the decisions are here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.views import redirect_to_login
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.crypto import salted_hmac

from companion.models import GameNight, Invite, Match, Player, PlayerLink


def nights_for(user: AbstractBaseUser) -> QuerySet[GameNight]:
    """Nights the user owns or is a member of."""
    return GameNight.objects.visible_to(user)


def get_night_for_user(user: AbstractBaseUser, pk: int, *, owner_only: bool = False) -> GameNight:
    queryset = GameNight.objects.owned_by(user) if owner_only else nights_for(user)
    # The club night and a waiting money proposal ride along (joins, no query of their own): night
    # pages and the export ask for them.
    related = ("owner", "club", "money_proposal__proposed_by")
    return get_object_or_404(queryset.select_related(*related), pk=pk)


def get_match_for_user(
    user: AbstractBaseUser,
    pk: int,
    *,
    owner_only: bool = False,
    with_standings: bool = True,
    for_update: bool = False,
) -> Match:
    """A match of one of the user's nights, with seats, players and rounds loaded in two queries.

    ``owner_only``: only the night's owner gets it (sharing); a member gets the same 404
    as for a match that does not exist. ``with_standings=False``: the match and its night
    only (``Match.load_standings()`` loads the rest when needed). ``for_update``: the
    match's row is locked until the caller's transaction ends (a round is being saved).
    """
    queryset = _match_queryset(
        Match.objects.of_nights_visible_to(user), with_standings=with_standings, for_update=for_update
    )
    match = get_object_or_404(queryset, pk=pk)
    if owner_only and not is_owner(user, match.night):
        raise Http404
    return match


def _match_queryset(queryset: QuerySet[Match], *, with_standings: bool, for_update: bool) -> QuerySet[Match]:
    queryset = queryset.select_related("night")
    if for_update:
        queryset = queryset.select_for_update(of=("self",))
    if with_standings:
        queryset = queryset.with_standings()
    return queryset


@dataclass(frozen=True)
class Viewer:
    """Who asks for a match: a signed-in user, or a phone that opened a club table's link.

    ``user`` may be anonymous; ``table_matches`` are the matches whose table link this browser
    session opened and that still admit it (club nights: only that match, only while its sitting
    is open and the link not revoked). Built once per request by :func:`viewer`.
    """

    user: AbstractBaseUser
    table_matches: frozenset[int] = frozenset()

    @property
    def account(self):
        """The user to record as having made a change (None for a table link's phone)."""
        return self.user if self.user.is_authenticated else None


# The browser session keeps the hashes of the table links it opened (``companion.clubs``).
TABLE_GRANTS = "club_tables"


def admitting_tables() -> QuerySet:
    """Club table links that still admit: not revoked, their sitting open and not yet complete
    (a table still playing), the club night not ended (../shared/spec/club-night.md)."""
    from companion.clubs.models import ClubTable

    running = Match.objects.filter(club_table__sitting=OuterRef("sitting")).running()
    return ClubTable.objects.filter(
        link_revoked_at__isnull=True,
        sitting__closed_at__isnull=True,
        sitting__club__ended_at__isnull=True,
    ).filter(Exists(running))


def table_matches_for(grants) -> frozenset[int]:
    """The matches the table links with these hashes admit to now (one query; none without grants)."""
    if not grants:
        return frozenset()
    return frozenset(
        admitting_tables().filter(token_hash__in=list(grants)).values_list("match_id", flat=True)
    )


def table_grants(request) -> list[str]:
    session = getattr(request, "session", None)
    grants = session.get(TABLE_GRANTS) if session is not None else None
    return [grant for grant in grants if isinstance(grant, str)] if isinstance(grants, list) else []


def viewer(request) -> Viewer:
    """The request's :class:`Viewer`: its user and the matches its table links still open (once per request)."""
    found = getattr(request, "_companion_viewer", None)
    if found is None:
        found = Viewer(request.user, table_matches_for(table_grants(request)))
        request._companion_viewer = found
    return found


@dataclass(frozen=True)
class TablePhone:
    """A phone without an account that opened club table links: its pages link only where it may go.

    ``table`` is the table its newest working link opens (its way back), or None once none works.
    A signed-in phone is never a table phone: it keeps the whole menu, as a member's.
    """

    table: object | None


def table_phone(request) -> TablePhone | None:
    """The request's :class:`TablePhone`, or None (signed in, or no table link opened); one query."""
    if request.user.is_authenticated:
        return None
    grants = table_grants(request)
    if not grants:
        return None
    working = {
        table.token_hash: table
        for table in admitting_tables().filter(token_hash__in=grants).select_related("sitting", "match")
    }
    newest = next((working[grant] for grant in reversed(grants) if grant in working), None)
    return TablePhone(newest)


def get_match_for_viewer(
    viewer: Viewer, pk: int, *, with_standings: bool = True, for_update: bool = False
) -> Match:
    """A match the viewer may see and change: a member's or owner's, or the one a table link opened."""
    if pk in viewer.table_matches:
        queryset = _match_queryset(Match.objects.all(), with_standings=with_standings, for_update=for_update)
        return get_object_or_404(queryset, pk=pk)
    if viewer.user.is_authenticated:
        return get_match_for_user(viewer.user, pk, with_standings=with_standings, for_update=for_update)
    raise Http404


def lapsed_table(request, pk):
    """The link of match ``pk``'s club table that this browser opened, when it no longer admits:
    the table's own (revoked, its sitting over) or one the organiser replaced with a new one."""
    grants = table_grants(request)
    if not grants or pk is None:
        return None
    from companion.clubs.models import ClubTable, ReplacedTableLink

    return (
        ClubTable.objects.select_related("sitting__club", "match")
        .filter(match_id=pk, token_hash__in=grants)
        .first()
    ) or ReplacedTableLink.objects.filter(table__match_id=pk, token_hash__in=grants).first()


def match_viewer_required(view):
    """``login_required`` for a match's pages, which also admits a phone whose table link opens match ``pk``."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.user.is_authenticated or kwargs.get("pk") in viewer(request).table_matches:
            return view(request, *args, **kwargs)
        lapsed = lapsed_table(request, kwargs.get("pk"))
        if lapsed is not None and lapsed.token:
            # The phone's own table, whose link stopped working: its link's page says why (410),
            # instead of sending it to log in.
            return redirect("club_table_link", lapsed.token)
        return redirect_to_login(request.get_full_path())

    return wrapper


def running_match_for(user: AbstractBaseUser) -> Match | None:
    """The match the user is most likely playing: the latest started, not finished, in their nights."""
    return Match.objects.of_nights_visible_to(user).running().order_by("-started_at", "-pk").first()


def is_owner(user: AbstractBaseUser, night: GameNight) -> bool:
    """Whether the user owns the night (pages show the owner's buttons only to the owner)."""
    return night.owner_id == user.pk


def may_set_money(user: AbstractBaseUser, night: GameNight) -> bool:
    """What a night plays for decides who pays whom: its owner sets it, and accepts or declines a proposal."""
    return is_owner(user, night)


def may_propose_money(user: AbstractBaseUser, night: GameNight) -> bool:
    """A member (somebody who sees the night and is not its owner) proposes what it plays for."""
    return user.is_authenticated and not is_owner(user, night)


def get_night_for_money_answer(user: AbstractBaseUser, pk: int) -> GameNight:
    """A night whose money proposal the user may accept or decline: only its owner's; a member gets the
    404 of a missing page, as for the night's other owner-only actions."""
    return get_night_for_user(user, pk, owner_only=True)


def players_for_night(night: GameNight) -> QuerySet[Player]:
    """The roster a night draws from: its owner's players."""
    return Player.objects.filter(owner_id=night.owner_id)


def get_player_for_user(user: AbstractBaseUser, pk: int) -> Player:
    return get_object_or_404(Player.objects.filter(owner=user), pk=pk)


# --- accounts and invites -------------------------------------------------------------


def may_sign_up(invite: Invite | None) -> bool:
    """Whether a sign-up form may be shown: ``SIGNUP=open``, or ``invite-only`` behind a working invite.

    The form says when a username is taken, so it is never shown to somebody without
    a reason to make an account (``SIGNUP=closed``: never).
    """
    if settings.SIGNUP == "open":
        return True
    return settings.SIGNUP == "invite-only" and invite is not None and invite.state == Invite.State.ACTIVE


def may_manage_accounts(user: AbstractBaseUser) -> bool:
    """The host (a superuser) makes password reset links for any account."""
    return user.is_authenticated and user.is_superuser


def may_add_demo_nights(user: AbstractBaseUser) -> bool:
    """Demo nights are offered to whoever signed in while the site has no game night at all (as
    ``seed_demo --offer`` asks at ``make run``): they are the first account trying Companion."""
    return user.is_authenticated and not GameNight.objects.exists()


def get_account_for_host(user: AbstractBaseUser, pk: int):
    """An account the host makes a reset link for; everyone else gets the 404 of a missing page."""
    if not may_manage_accounts(user):
        raise Http404
    return get_object_or_404(get_user_model(), pk=pk)


def get_invite_of_night(night: GameNight, pk: int) -> Invite:
    return get_object_or_404(night.invites, pk=pk)


def may_leave(user: AbstractBaseUser, night: GameNight) -> bool:
    """Members leave; the owner cannot leave their own night (they delete it)."""
    return not is_owner(user, night)


# --- "this is me" -----------------------------------------------------------------------------


def claimable_players(user: AbstractBaseUser) -> QuerySet[Player]:
    """Players an account may say it is: not yet linked, in its own roster or the roster of an
    owner whose night it is a member of."""
    owners = GameNight.objects.filter(memberships__user=user).values("owner_id")
    return (
        Player.objects.filter(Q(owner=user) | Q(owner__in=owners))
        .filter(link__isnull=True)
        .select_related("owner")
    )


def get_claimable_player(user: AbstractBaseUser, pk: int) -> Player:
    return get_object_or_404(claimable_players(user), pk=pk)


def get_player_for_stats(user: AbstractBaseUser, pk: int) -> Player:
    """A player whose statistics the user sees: one of their own roster, or the one they are
    (a confirmed "this is me" link in somebody else's roster) while they are a member of one of
    that roster owner's nights. A member who was removed, or left, sees them no more: not the
    night they were removed from, and not the matches played after."""
    owners = GameNight.objects.filter(memberships__user=user).values("owner_id")
    me = Q(link__user=user, link__confirmed_at__isnull=False, owner__in=owners)
    return get_object_or_404(Player.objects.filter(Q(owner=user) | me), pk=pk)


def get_own_link(user: AbstractBaseUser, pk: int) -> PlayerLink:
    return get_object_or_404(PlayerLink.objects.filter(user=user), pk=pk)


def get_link_to_confirm(user: AbstractBaseUser, player_pk: int) -> PlayerLink:
    """A link to one of the user's own players: the roster's owner confirms or declines it."""
    return get_object_or_404(
        PlayerLink.objects.select_related("player", "user"), player__owner=user, player_id=player_pk
    )


# --- the live channel -------------------------------------------------------------------------


def listenable_match(user: AbstractBaseUser, pk: int) -> int | None:
    """The night of match ``pk`` when the user may read its page (and so hear of its changes), else None."""
    if not user.is_authenticated:
        return None
    return Match.objects.of_nights_visible_to(user).filter(pk=pk).values_list("night_id", flat=True).first()


def listenable_match_for_viewer(viewer: Viewer, pk: int) -> int | None:
    """The night of match ``pk`` when the viewer (a member, or a phone with its table link) may read its page."""
    if pk in viewer.table_matches:
        return Match.objects.filter(pk=pk).values_list("night_id", flat=True).first()
    return listenable_match(viewer.user, pk)


def match_version_for_viewer(user: AbstractBaseUser, grants, pk: int) -> str | None:
    """The version of match ``pk`` as the user or the table links ``grants`` may see it now; None once not."""
    if pk in table_matches_for(grants):
        return Match.objects.filter(pk=pk).values_list("version", flat=True).first()
    if not user.is_authenticated:
        return None
    return match_version_for(user, pk)


def match_version_for(user: AbstractBaseUser, pk: int) -> str | None:
    """The version of match ``pk`` as the user may see it now; None once they may not (one query)."""
    return Match.objects.of_nights_visible_to(user).filter(pk=pk).values_list("version", flat=True).first()


def listenable_night(user: AbstractBaseUser, pk: int) -> bool:
    """Whether the user may read night ``pk``'s page (and so hear of its changes)."""
    return user.is_authenticated and nights_for(user).filter(pk=pk).exists()


def night_version(pk: int, saved, match_versions) -> str:
    """A night page's version from what it shows: the night's save time and each ``(match pk, version)``.

    Every save, undo, edit, end or resume gives a match a new version, and a new or deleted match
    changes the list, so the page's version changes exactly when one of them does. Opaque (an HMAC):
    it tells nothing but whether it is equal.
    """
    facts = "|".join(f"{match_pk}:{version}" for match_pk, version in sorted(match_versions))
    return salted_hmac("companion.nights.version", f"{pk}|{saved.timestamp():.6f}|{facts}").hexdigest()[:24]


def night_version_for(user: AbstractBaseUser, pk: int) -> str | None:
    """The version of night ``pk``'s page as the user may see it now; None once they may not (one query)."""
    rows = list(nights_for(user).filter(pk=pk).values_list("updated_at", "matches__pk", "matches__version"))
    if not rows:
        return None
    return night_version(
        pk, rows[0][0], [(match_pk, v) for _saved, match_pk, v in rows if match_pk is not None]
    )
