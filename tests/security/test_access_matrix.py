"""Every named URL, for every persona, with GET, POST and an htmx POST: who gets what.

The table ROUTES classifies each URL name of companion.urls. A URL added without
a line here fails ``test_every_url_name_is_classified`` (and its own cases), so a
new view cannot ship without its permission rules being written down.

Scopes:
- ``public``: anyone; the expected status per persona and method is written out.
- ``user``: any logged-in user, about their own things (start page, new night).
- ``night``: the owner and the members of the night; everyone else 404.
- ``owner``: only the night's owner; members and everyone else 404.
- ``roster``: one of the owner's players; everyone else 404.
- ``host``: the superuser only (none of the personas; tests/accounts/test_accounts.py covers the host).
- ``link``: the member's own "this is me" link; everyone else 404.

For outsiders the answer for a real id must be the answer for an id that does
not exist, so guessing ids tells nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.urls import URLPattern, URLResolver, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from companion import urls
from companion.clubs import services as clubs
from companion.invites import services as invites
from companion.models import Player, PlayerLink
from companion.sharing.services import create_link
from tests.factories import MatchFactory, RoundFactory, UserFactory

MISSING = 987_654  # an id no fixture reaches
# Views without a method decorator answer a POST like a GET (CSRF-checked, changes nothing).
ANY = ("GET", "POST")
PUBLIC_PAGE = {"anonymous GET": 200, "anonymous POST": 405, "user GET": 200, "user POST": 405}


@dataclass(frozen=True)
class Route:
    scope: str
    args: str = ""  # which fixture ids, e.g. "night" or "match,number" (see World.ids)
    methods: tuple[str, ...] = ("GET", "POST")
    public: dict[str, int] = field(default_factory=dict)  # "persona METHOD" -> status, public only


ROUTES: dict[str, Route] = {
    "home": Route("user"),
    "setup": Route(
        # An account exists, so the first-run page sends everyone to login.
        "public",
        public={"anonymous GET": 302, "anonymous POST": 302, "user GET": 302, "user POST": 302},
    ),
    "login": Route(
        "public",
        public={"anonymous GET": 200, "anonymous POST": 200, "user GET": 302, "user POST": 302},
    ),
    "logout": Route(
        "public",
        methods=("POST",),
        public={"anonymous GET": 405, "anonymous POST": 302, "user GET": 405, "user POST": 302},
    ),
    "set_language": Route(
        # Anyone may choose a language (POST: the menu; GET: the shared pages' links); without one it goes back.
        "public",
        public={"anonymous GET": 302, "anonymous POST": 302, "user GET": 302, "user POST": 302},
    ),
    "healthz": Route(
        "public",
        methods=("GET",),
        public={"anonymous GET": 200, "anonymous POST": 405, "user GET": 200, "user POST": 405},
    ),
    "rules_index": Route("public", methods=("GET",), public=PUBLIC_PAGE),
    # Offline: the service worker and the page it shows for a page never opened are public
    # (they hold no data); the installed app's start sends a user to their running match.
    "service_worker": Route("public", methods=("GET",), public=PUBLIC_PAGE),
    "offline": Route("public", methods=("GET",), public=PUBLIC_PAGE),
    "start": Route("user", "", ("GET",)),
    "rules_game": Route("public", "game", ("GET",), public=PUBLIC_PAGE),
    "score_sheet": Route("public", "game", ("GET",), public=PUBLIC_PAGE),
    "night_create": Route("user"),
    # Demo nights (issue 37): any account may ask; they are added only while the site has no night.
    "demo_nights": Route("user", "", ("POST",)),
    "night_import": Route("user"),
    "night_detail": Route("night", "night", ANY),
    "night_live": Route("night", "night", ("GET",)),
    "night_events": Route("night", "night", ("GET",)),
    "night_report": Route("night", "night", ("GET",)),
    "night_export_json": Route("night", "night", ("GET",)),
    "night_edit": Route("night", "night"),
    "night_delete": Route("owner", "night", ("POST",)),
    # What the night plays for (tests/nights/test_money_proposal.py): members propose on the edit
    # page, only the owner accepts or declines.
    "night_money_accept": Route("owner", "night", ("POST",)),
    "night_money_decline": Route("owner", "night", ("POST",)),
    "night_history": Route("night", "night", ("GET",)),
    # Invites and members (tests/accounts/test_invites.py): only the owner invites and removes,
    # members see the members page and leave; the invite page is public (the token is the key).
    "night_members": Route("night", "night", ("GET",)),
    "night_member_remove": Route("owner", "night,member", ("POST",)),
    "night_leave": Route("night", "night", ("POST",)),
    "night_invites": Route("owner", "night", ("GET",)),
    "night_invite_create": Route("owner", "night", ("POST",)),
    "night_invite_revoke": Route("owner", "night,invite", ("POST",)),
    "invite": Route("public", "token", ("GET",), public=PUBLIC_PAGE),
    # An empty sign-up form is refused in place (400); a logged-in user is sent back to the invite.
    "invite_signup": Route(
        "public",
        "token",
        ("POST",),
        public={"anonymous GET": 405, "anonymous POST": 400, "user GET": 405, "user POST": 302},
    ),
    "invite_accept": Route("user", "token", ("POST",)),
    # Accounts (tests/accounts/test_accounts.py). SIGNUP=invite-only: the sign-up page explains, with no form.
    "signup": Route(
        "public",
        public={"anonymous GET": 200, "anonymous POST": 200, "user GET": 302, "user POST": 302},
    ),
    "account": Route("user"),
    "password_change": Route("user"),
    # Without EMAIL_URL the reset page says to ask the host, for GET and POST alike.
    "password_reset": Route(
        "public",
        public={"anonymous GET": 200, "anonymous POST": 200, "user GET": 200, "user POST": 200},
    ),
    "password_reset_done": Route("public", methods=("GET",), public=PUBLIC_PAGE),
    # A working link is moved into the session and redirected to the set-password form.
    "password_reset_confirm": Route(
        "public",
        "uid,reset_token",
        public={"anonymous GET": 302, "anonymous POST": 302, "user GET": 302, "user POST": 302},
    ),
    "password_reset_complete": Route("public", methods=("GET",), public=PUBLIC_PAGE),
    "account_list": Route("host", "", ("GET",)),
    "account_reset_link": Route("host", "member", ("POST",)),
    # "This is me" (tests/accounts/test_me.py).
    "me": Route("user", "", ("GET",)),
    "me_claim": Route("user", "", ("POST",)),
    "me_unlink": Route("link", "link", ("POST",)),
    "player_link_confirm": Route("roster", "player", ("POST",)),
    "player_link_decline": Route("roster", "player", ("POST",)),
    "match_create": Route("night", "night"),
    "match_detail": Route("night", "match", ANY),
    "match_history": Route("night", "match", ANY),
    "match_chart": Route("night", "match", ANY),
    "match_scoreboard": Route("night", "match", ("GET",)),
    "match_rules": Route("night", "match", ("GET",)),
    "match_export_json": Route("night", "match", ("GET",)),
    "match_export_csv": Route("night", "match", ("GET",)),
    "match_close": Route("night", "match", ("GET", "POST")),
    "match_reopen": Route("night", "match", ("POST",)),
    "match_rematch": Route("night", "match", ("POST",)),
    "match_pause": Route("night", "match", ("POST",)),
    "match_resume": Route("night", "match", ("POST",)),
    "match_notes": Route("night", "match", ("GET", "POST")),
    "round_add": Route("night", "match", ("POST",)),
    "round_preview": Route("night", "match", ("POST",)),
    "round_undo": Route("night", "match", ("POST",)),
    "round_restore": Route("night", "match", ("POST",)),
    "round_edit": Route("night", "match,number"),
    "elfer_board_complete": Route("night", "elfer", ("POST",)),
    "elfer_board_undo": Route("night", "elfer", ("POST",)),
    "player_list": Route("user"),
    "player_edit": Route("roster", "player"),
    "night_list": Route("user", "", ("GET",)),
    "player_detail": Route("roster", "player", ("GET",)),
    "leaderboard": Route("user", "", ("GET",)),
    # Every account has records and years to look at: those of the nights it may see (maybe none).
    "record_list": Route("user", "", ("GET",)),
    "year_in_review": Route("user", "year", ("GET",)),
    # Share links: members see the share page, only the owner makes or revokes a link;
    # the shared pages are public (the token is the key; a wrong one is a 404, tests/sharing/test_sharing.py).
    "match_share": Route("night", "match", ("GET",)),
    "match_share_create": Route("owner", "match", ("POST",)),
    "match_share_revoke": Route("owner", "match", ("POST",)),
    "night_share": Route("night", "night", ("GET",)),
    "night_share_create": Route("owner", "night", ("POST",)),
    "night_share_revoke": Route("owner", "night", ("POST",)),
    "shared": Route("public", "share", ("GET",), public=PUBLIC_PAGE),
    "shared_live": Route("public", "share", ("GET",), public=PUBLIC_PAGE),
    "shared_match": Route("public", "share,match", ("GET",), public=PUBLIC_PAGE),
    "shared_match_live": Route("public", "share,match", ("GET",), public=PUBLIC_PAGE),
    # The live channel: who may read a page may listen to it (companion.live).
    "match_events": Route("night", "match", ("GET",)),
    "shared_events": Route("public", "share", ("GET",), public=PUBLIC_PAGE),
    "shared_match_events": Route("public", "share,match", ("GET",), public=PUBLIC_PAGE),
    # Club nights (tests/clubs/): the owner makes a night a club night; the owner and the members run
    # it; a table link is public (the token is the key) and sends its phone to its table's match.
    "club_create": Route("owner", "night"),
    "club_manage": Route("night", "night", ("GET",)),
    "club_events": Route("night", "night", ("GET",)),
    "club_check_in": Route("night", "night", ("POST",)),
    "club_check_out": Route("night", "night,entrant", ("POST",)),
    "club_draw": Route("night", "night", ("POST",)),
    "club_redraw": Route("night", "night", ("POST",)),
    "club_close_sitting": Route("night", "night", ("POST",)),
    "club_end_table": Route("night", "night,table", ("POST",)),
    "club_revoke_link": Route("night", "night,table", ("POST",)),
    "club_renew_link": Route("night", "night,table", ("POST",)),
    "club_end": Route("night", "night", ("POST",)),
    # What a club night shows on walls and screens (companion.clubs.show_views, companion.printing.club):
    # the night's people, like its report; the TV page itself is the night's share link ("shared").
    "club_prints": Route("night", "night", ("GET",)),
    "club_seat_plan": Route("night", "night,number", ("GET",)),
    "club_table_sheets": Route("night", "night,number", ("GET",)),
    "club_run_sheets": Route("night", "night", ("GET",)),
    "club_standings_print": Route("night", "night", ("GET",)),
    "club_table_link": Route(
        "public",
        "table_token",
        ("GET",),
        public={"anonymous GET": 302, "anonymous POST": 405, "user GET": 302, "user POST": 405},
    ),
}

# Unnamed patterns and included URL sets, checked on their own below.
UNNAMED = {"favicon.ico", "admin/"}


def patterns(items=None):
    """Every pattern of companion.urls, with the features' and games' own URL sets (mounted with
    include()) opened up; other included sets (the admin's) stay as they are."""
    for item in urls.urlpatterns if items is None else items:
        if isinstance(item, URLResolver) and item.urlconf_name is not None and _ours(item):
            yield from patterns(item.url_patterns)
        else:
            yield item


def _ours(resolver: URLResolver) -> bool:
    module = resolver.urlconf_module
    return getattr(module, "__name__", "").startswith("companion.")


def url_names() -> list[str]:
    return sorted(p.name for p in patterns() if isinstance(p, URLPattern) and p.name)


class World:
    """A night with a member, a Molotow match with one round, an Elfer match, a player."""

    def __init__(self, night, member):
        self.night = night
        self.match = MatchFactory(night=night, game="molotow")
        RoundFactory(match=self.match, number=1)
        self.elfer = MatchFactory(night=night, game="elfer")
        self.ids = {
            "night": night.pk,
            "member": member.pk,
            "match": self.match.pk,
            "number": 1,
            "elfer": self.elfer.pk,
            "player": Player.objects.filter(owner=night.owner).first().pk,
            "game": "molotow",
            "year": night.date.year,
            "share": create_link(night=night, user=None).token,
        }
        club = clubs.create_club(night, game="counter", options={}, table_size=2)
        clubs.check_in(club, names=["Anna", "Beat"], user=night.owner)
        table = clubs.draw_sitting(club, number=1, user=night.owner).tables.get()
        self.ids.update(entrant=club.entrants.first().pk, table=table.pk, table_token=table.token)
        invite = invites.create(night, user=night.owner, hours=24, single_use=False)
        resettable = UserFactory(username="forgetful")
        # The member asks to be the owner's player (pending: the owner may confirm or decline).
        link = PlayerLink.objects.create(player_id=self.ids["player"], user=member)
        self.ids.update(
            invite=invite.pk,
            token=invite.token,
            link=link.pk,
            # An account nobody logs in as here (a login would end its reset link).
            uid=urlsafe_base64_encode(force_bytes(resettable.pk)),
            reset_token=default_token_generator.make_token(resettable),
        )

    def args(self, route: Route, *, missing: bool = False) -> list[int | str]:
        names = [name for name in route.args.split(",") if name]
        # Only the object's own id is replaced: "number" and "member" stay real.
        return [MISSING if missing and i == 0 else self.ids[name] for i, name in enumerate(names)]


@pytest.fixture
def world(night, member):
    return World(night, member)


def request(client, method: str, url: str):
    if method == "GET":
        return client.get(url)
    if method == "POST":
        return client.post(url)
    return client.post(url, HTTP_HX_REQUEST="true")  # the htmx endpoints answer fragments


def expected(route: Route, persona: str, method: str) -> int | None:
    """The exact status, or None for "served" (anything but 403, 404, 405 and 5xx)."""
    plain = "POST" if method == "HTMX" else method
    if route.scope == "public":
        return route.public[f"{'anonymous' if persona == 'anonymous' else 'user'} {plain}"]
    if persona == "anonymous":
        # To the login page, before anything else is looked at; htmx is told to move the
        # whole page there (HX-Redirect), so no login page lands inside a fragment.
        return 200 if method == "HTMX" else 302
    if plain not in route.methods:
        return 405
    return None if may_see(route, persona) else 404


def may_see(route: Route, persona: str) -> bool:
    allowed = {
        "public": {"owner", "member", "outsider", "anonymous"},
        "user": {"owner", "member", "outsider"},
        "night": {"owner", "member"},
        "owner": {"owner"},
        "roster": {"owner"},
        "host": set(),
        "link": {"member"},
    }[route.scope]
    return persona in allowed


def test_every_url_name_is_classified():
    unclassified = set(url_names()) - set(ROUTES)
    assert not unclassified, f"add these URL names to ROUTES in {__file__}: {sorted(unclassified)}"
    assert not set(ROUTES) - set(url_names()), "ROUTES names a URL that no longer exists"


def test_unnamed_and_included_patterns_are_known():
    found = {str(p.pattern) for p in patterns() if not (isinstance(p, URLPattern) and p.name)}
    assert found == UNNAMED


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["GET", "POST", "HTMX"])
@pytest.mark.parametrize("persona", ["owner", "member", "outsider", "anonymous"])
@pytest.mark.parametrize("url_name", url_names())
def test_each_persona_gets_what_the_table_says(persona_client, world, url_name, persona, method):
    assert url_name in ROUTES, f"classify {url_name!r} in ROUTES"
    route = ROUTES[url_name]
    client = persona_client(persona)
    response = request(client, method, reverse(url_name, args=world.args(route)))
    status = expected(route, persona, method)
    if status is None:
        assert response.status_code not in {403, 404, 405} and response.status_code < 500, response
    else:
        assert response.status_code == status
    if persona == "anonymous" and route.scope != "public":
        location = response["HX-Redirect"] if method == "HTMX" else response["Location"]
        assert location.startswith(reverse("login"))


def forbidden_cases() -> list[tuple[str, str, str]]:
    """(URL name, persona, method) where a logged-in persona must not see the object."""
    return [
        (name, persona, method)
        for name, route in ROUTES.items()
        if route.scope != "public"
        for persona in ("member", "outsider")
        if not may_see(route, persona)
        for method in ("GET", "POST")
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(("url_name", "persona", "method"), forbidden_cases())
def test_a_forbidden_id_looks_exactly_like_a_missing_one(persona_client, world, url_name, persona, method):
    route = ROUTES[url_name]
    client = persona_client(persona)
    real = request(client, method, reverse(url_name, args=world.args(route)))
    missing = request(client, method, reverse(url_name, args=world.args(route, missing=True)))
    assert (real.status_code, real.content) == (missing.status_code, missing.content)


@pytest.mark.django_db
@pytest.mark.parametrize("persona", ["member", "outsider", "anonymous"])
def test_the_admin_is_for_the_host_account_only(persona_client, persona):
    response = persona_client(persona).get("/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


@pytest.mark.django_db
def test_outsiders_change_nothing_they_cannot_see(persona_client, world):
    """The POSTs above answered 404; this checks that nothing was written either."""
    client = persona_client("outsider")
    for name, route in ROUTES.items():
        if route.scope in {"night", "owner", "roster", "host", "link"} and "POST" in route.methods:
            client.post(reverse(name, args=world.args(route)), {"number": "1", "title": "x", "name": "x"})
    world.match.refresh_from_db()
    world.night.refresh_from_db()
    assert world.match.rounds.count() == 1
    assert world.night.members.count() == 1
    assert world.night.title == "Friday cards"
    assert not world.match.closed
