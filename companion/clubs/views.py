"""The club night as the organiser and the tables use it (services in ``companion.clubs.services``).

The organiser's screen (the night's owner and members) lists the current sitting's tables live: it
listens to the night's event stream like the shared night page (js/share.js, ``data-live``) and asks
for its part ``live`` again at each new version. Every button is a plain form that posts and comes
back; a refusal is one sentence at the top, and nothing changed.

A table link (``/t/<token>/``) remembers in the browser's session that it was opened and sends
the phone to its table's match page (``companion.access.viewer`` admits it there, and only there).
"""

from __future__ import annotations

import datetime
import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Max
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from companion.access import get_night_for_user, is_owner, players_for_night
from companion.clubs import services
from companion.clubs.forms import ClubNightForm, draw_modes
from companion.clubs.models import ClubNight, ClubTable, Sitting
from companion.games import registry
from companion.live import access_topic, night_topic, user_topic
from companion.live.streams import Watch
from companion.live.views import _stream
from companion.models import RoundChange
from companion.play.forms import game_or_none
from companion.play.setup import DEFAULT_GAME
from companion.sharing.services import qr_svg

# A table still playing with no change for this long is flagged as slow.
SLOW_AFTER = datetime.timedelta(minutes=12)


def _club_or_404(night) -> ClubNight:
    club = services.club_of(night)
    if club is None:
        raise Http404
    return club


@login_required
@require_http_methods(["GET", "POST"])
def club_create(request, pk):
    """Make a night a club night (its owner): the game, house rules, table size and ranking."""
    night = get_night_for_user(request.user, pk, owner_only=True)
    if services.club_of(night) is not None:
        return redirect("club_manage", night.pk)
    source = request.POST if request.method == "POST" else request.GET
    game = game_or_none(source.get("game")) or DEFAULT_GAME
    if request.method == "POST" and source.get("shown_game") == game:
        form = ClubNightForm(request.POST, game=game)
        if form.is_valid():
            try:
                form.save(night)
            except services.ClubError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("This night is now a club night: check the players in."))
                return redirect("club_manage", night.pk)
    else:
        form = ClubNightForm(game=game, initial={"game": game})
    return render(request, "clubs/new.html", {"night": night, "form": form, "game": game})


def _tables(sitting: Sitting | None, request, *, codes: bool = True) -> list[dict]:
    if sitting is None:
        return []
    tables = list(
        sitting.tables.select_related("match").prefetch_related("match__seats__player").order_by("number")
    )
    last = dict(
        RoundChange.objects.filter(match__club_table__sitting=sitting)
        .values("match")
        .annotate(at=Max("at"))
        .values_list("match", "at")
    )
    now = timezone.now()
    running = [table for table in tables if not (table.match.is_finished or table.match.closed)]
    done = len(tables) - len(running)
    fewest = min((table.match.round_count for table in running), default=None)
    rows = []
    for table in tables:
        match = table.match
        finished = match.is_finished or match.closed
        changed = last.get(match.pk) or match.started_at
        slow = not finished and (
            (done > 0 and len(running) > 0 and match.round_count == fewest) or now - changed > SLOW_AFTER
        )
        token = table.token if table.link_revoked_at is None else ""
        url = request.build_absolute_uri(reverse("club_table_link", args=[token])) if token else ""
        rows.append(
            {
                "table": table,
                "match": match,
                "players": [seat.player.name for seat in sorted(match.seats.all(), key=lambda s: s.position)],
                "finished": finished,
                "changed": changed,
                "slow": slow,
                "url": url,
                "qr": qr_svg(
                    url, title=_("QR code of the link to table %(number)d") % {"number": table.number}
                )
                if url and codes
                else "",
            }
        )
    return rows


def _version(club: ClubNight, sitting: Sitting | None, tables: list[dict], entrants) -> str:
    facts = [
        str(club.ended_at),
        ",".join(f"{entrant.pk}:{entrant.left_at}" for entrant in entrants),
        f"{sitting.pk}:{sitting.seed}:{sitting.closed_at}" if sitting else "-",
        *(
            f"{row['table'].pk}:{row['match'].version}:{row['table'].token_hash}:{row['url'] != ''}"
            for row in tables
        ),
    ]
    return hashlib.sha256("|".join(facts).encode()).hexdigest()[:24]


def club_version(request, night) -> str:
    """What the organiser's screen shows, as a version (no standings, no QR codes drawn)."""
    club = _club_or_404(night)
    sitting = services.current_sitting(club)
    entrants = list(club.entrants.order_by("player__name"))
    return _version(club, sitting, _tables(sitting, request, codes=False), entrants)


def club_context(request, night) -> dict:
    club = _club_or_404(night)
    entrants = list(club.entrants.select_related("player").order_by("player__name"))
    sitting = services.current_sitting(club)
    tables = _tables(sitting, request)
    checked_in = {entrant.player_id for entrant in entrants if entrant.present}
    playing = sitting is not None and sitting.closed_at is None and not services.complete(sitting)
    board = services.standings(club, provisional=playing)
    next_number = (sitting.number + 1) if sitting else 1
    return {
        "night": night,
        "club": club,
        "game_label": registry.label(club.game),
        "entrants": entrants,
        "present_count": len(checked_in),
        "roster": [
            player for player in players_for_night(night).order_by("name") if player.pk not in checked_in
        ],
        "sitting": sitting,
        "tables": tables,
        "playing": playing,
        "complete": sitting is not None and not playing,
        "all_planned_drawn": services.all_planned_drawn(club, sitting),
        "redrawable": sitting is not None and services.redrawable(sitting) and club.ended_at is None,
        "next_number": next_number,
        "byes": list(sitting.byes.order_by("name")) if sitting else [],
        "board": board,
        "modes": draw_modes(),
        "is_owner": is_owner(request.user, night),
        "version": _version(club, sitting, tables, entrants),
        "events_url": reverse("club_events", args=[night.pk]),
        "live_url": reverse("club_manage", args=[night.pk]),
    }


@login_required
@require_GET
def club_manage(request, pk):
    """The organiser's screen; asked by htmx (the stream heard a change), only its part ``live``."""
    night = get_night_for_user(request.user, pk)
    context = club_context(request, night)
    if request.htmx:
        if request.GET.get("v") == context["version"]:
            return HttpResponse(status=204)
        response = render(request, "clubs/manage.html#live", context)
    else:
        response = render(request, "clubs/manage.html", context)
    add_never_cache_headers(response)
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_GET
def club_events(request, pk):
    """The organiser's stream: a new version whenever a table, the draw or the check-in changes."""
    user = request.user
    night = get_night_for_user(user, pk)
    _club_or_404(night)
    night_pk = night.pk

    def current(thorough: bool) -> str | None:
        found = get_night_or_none(user, night_pk)
        if found is None:
            return None
        try:
            return club_version(request, found)
        except Http404:  # no longer a club night
            return None

    return _stream(
        request, Watch((night_topic(night_pk), access_topic(night_pk), user_topic(user.pk)), current)
    )


def get_night_or_none(user, pk):
    try:
        return get_night_for_user(user, pk)
    except Http404:
        return None


def _act(request, pk, action):
    """Run ``action(club)`` for the night's owner or member; a refusal is one sentence, nothing changed."""
    night = get_night_for_user(request.user, pk)
    club = _club_or_404(night)
    try:
        notice = action(club)
    except services.ClubError as error:
        messages.error(request, str(error))
    else:
        if notice:
            messages.success(request, notice)
    return redirect("club_manage", night.pk)


def _number(data, name="number") -> int:
    value = data.get(name, "")
    return int(value) if value.isdigit() and len(value) < 6 else 0


@login_required
@require_POST
def club_check_in(request, pk):
    players = [int(value) for value in request.POST.getlist("player") if value.isdigit() and len(value) < 12]
    names = [line for line in request.POST.get("names", "").replace(",", "\n").splitlines() if line.strip()]

    def action(club):
        entrants = services.check_in(club, players=players, names=names, user=request.user)
        return ", ".join(entrant.player.name for entrant in entrants) + " · " + _("checked in.")

    return _act(request, pk, action)


@login_required
@require_POST
def club_check_out(request, pk, entrant):
    def action(club):
        left = services.check_out(club, entrant)
        return _("%(name)s has left; their results are kept.") % {"name": left.player.name}

    return _act(request, pk, action)


def _mode(request) -> str:
    mode = request.POST.get("mode", Sitting.Mode.BALANCED)
    return mode if mode in Sitting.Mode.values else ""


@login_required
@require_POST
def club_draw(request, pk):
    def action(club):
        sitting = services.draw_sitting(
            club, number=_number(request.POST), mode=_mode(request), user=request.user
        )
        return _("Sitting %(number)d is drawn (seed %(seed)d).") % {
            "number": sitting.number,
            "seed": sitting.seed,
        }

    return _act(request, pk, action)


@login_required
@require_POST
def club_redraw(request, pk):
    def action(club):
        sitting = services.redraw_sitting(
            club, number=_number(request.POST), mode=_mode(request) or None, user=request.user
        )
        return _("Sitting %(number)d is drawn again (seed %(seed)d).") % {
            "number": sitting.number,
            "seed": sitting.seed,
        }

    return _act(request, pk, action)


@login_required
@require_POST
def club_close_sitting(request, pk):
    def action(club):
        sitting = services.close_sitting(club, number=_number(request.POST))
        return _("Sitting %(number)d is closed.") % {"number": sitting.number}

    return _act(request, pk, action)


@login_required
@require_POST
def club_end_table(request, pk, table):
    def action(club):
        ended = services.end_table(club, table, user=request.user)
        return _("Table %(number)d is ended.") % {"number": ended.number}

    return _act(request, pk, action)


@login_required
@require_POST
def club_revoke_link(request, pk, table):
    def action(club):
        revoked = services.revoke_link(club, table, user=request.user)
        return _("The link of table %(number)d no longer works.") % {"number": revoked.number}

    return _act(request, pk, action)


@login_required
@require_POST
def club_renew_link(request, pk, table):
    def action(club):
        renewed = services.renew_link(club, table)
        return _("Table %(number)d has a new link; the old one no longer works.") % {"number": renewed.number}

    return _act(request, pk, action)


@login_required
@require_POST
def club_end(request, pk):
    def action(club):
        services.end_club(club)
        return _("The club night has ended; the standings are final.")

    return _act(request, pk, action)


def link_gone(request, table: ClubTable, *, replaced: bool = False):
    """Why the table's link no longer opens its match, in one sentence (410 Gone)."""
    sentence = services.link_refusal(table, replaced=replaced) or _("This table link no longer works.")
    response = render(request, "clubs/link_gone.html", {"sentence": sentence}, status=410)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_GET
def table_link(request, token):
    """A table's link: the phone may now enter that table's rounds; a link that no longer works says why."""
    table: ClubTable | None = services.table_for_token(token)
    replaced = None
    if table is None:
        # A link the organiser replaced: the phone is told to scan the new code, not a plain 404.
        replaced = services.replaced_link_for_token(token)
        if replaced is None:
            raise Http404
        table = replaced.table
    refusal = services.link_refusal(table, replaced=replaced is not None)
    if refusal:
        response = link_gone(request, table, replaced=replaced is not None)
    else:
        services.grant(request, table)
        response = redirect(table.match)
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex, nofollow"
    add_never_cache_headers(response)
    return response
