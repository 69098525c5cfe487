"""Running a club night: create it, check players in and out, draw sittings, close them, end the night.

Every change a person can cause either happens whole or not at all: a refusal is a
:class:`ClubError` whose ``str()`` is one sentence for the organiser, raised before anything
is written (or inside the transaction that then rolls back). The seats come from the rules
(``companion.clubs.rules``, which asks ``scoring.club``); the tables' matches are started by the
same service as any match (``companion.play.setup.create_match``), seated in the table's order,
the first seat dealing.

Two phones drawing at once: the draw locks the club night's row (``select_for_update``) and names
the sitting it means to draw, so the second one finds that sitting drawn and is told so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion import live
from companion.access import TABLE_GRANTS, Viewer, players_for_night
from companion.clubs import standings as club_standings
from companion.clubs.models import ClubNight, ClubTable, Entrant, ReplacedTableLink, Sitting
from companion.games import registry
from companion.i18n.errors import error_text
from companion.lib import tokens
from companion.models import GameNight, Match, Player
from companion.play import rounds as round_service
from companion.play.setup import SetupError, check_setup, create_match, tidy_name
from scoring import club as rules
from scoring.names import name_key, name_problem
from scoring.registry import get_engine


class ClubError(ValueError):
    """Something the organiser asked for that cannot be done; ``str()`` is the sentence to show."""


def announce(club: ClubNight) -> None:
    """The night's pages (the organiser's screen, the night page) hear that the club night changed."""
    live.announce(live.night_topic(club.night_id))


# --- the club night itself ------------------------------------------------------------------


def table_sizes(game: str) -> list[int]:
    engine = get_engine(game)
    return list(range(engine.min_players, engine.max_players + 1))


def check_rules(game: str, table_size: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The house rules as every table will store them, checked by the engine for a table of ``table_size``."""
    engine = get_engine(game)
    if table_size not in table_sizes(game):
        raise ClubError(
            _("A table of %(game)s seats %(sizes)s players, not %(size)s.")
            % {
                "game": registry.label(game),
                "sizes": ", ".join(str(size) for size in table_sizes(game)),
                "size": table_size,
            }
        )
    # The engine checks options against players: stand-in names for a full table.
    names = [f"P{seat + 1}" for seat in range(table_size)]
    try:
        return check_setup(engine, names, 0, options).options
    except SetupError as error:
        raise ClubError(error.message) from None


@transaction.atomic
def create_club(
    night: GameNight,
    *,
    game: str,
    options: Mapping[str, Any] | None,
    table_size: int,
    smaller_tables: bool = True,
    ranking: str = ClubNight.Ranking.TABLE_POINTS,
    drop_worst: int = 0,
    planned_sittings: int | None = None,
) -> ClubNight:
    """Make ``night`` a club night; refused when it already is one."""
    night = GameNight.objects.select_for_update().get(pk=night.pk)
    if ClubNight.objects.filter(night=night).exists():
        raise ClubError(_("This night is already a club night."))
    cleaned = check_rules(game, table_size, options)
    club = ClubNight.objects.create(
        night=night,
        game=game,
        options=cleaned,
        table_size=table_size,
        smaller_tables=smaller_tables,
        ranking=ranking,
        drop_worst=drop_worst,
        planned_sittings=planned_sittings,
    )
    announce(club)
    return club


def club_of(night: GameNight) -> ClubNight | None:
    """The night's club night, if any (read along with the night by ``access.get_night_for_user``)."""
    try:
        return night.club
    except ClubNight.DoesNotExist:
        return None


# --- entrants -------------------------------------------------------------------------------


def _player_named(night: GameNight, name: str, user) -> Player:
    """The roster's player of that name, or a new one (the same way a match's seat finds its player)."""
    from companion.play.setup import _player_for

    roster = {name_key(player.name): player for player in players_for_night(night)}
    return _player_for(night, roster, name, user)


@transaction.atomic
def check_in(
    club: ClubNight, *, players: Iterable[int] = (), names: Iterable[str] = (), user=None
) -> list[Entrant]:
    """Check in roster players (by id) and new names; a player who left comes back.

    Refused whole, with a sentence, when one of them is already present: nothing is checked in then.
    """
    club = ClubNight.objects.select_for_update().select_related("night").get(pk=club.pk)
    if club.ended_at is not None:
        raise ClubError(_("The club night has ended: nobody checks in any more."))
    night = club.night
    chosen: list[Player] = list(players_for_night(night).filter(pk__in=list(players)))
    for raw in names:
        name = tidy_name(raw)
        if not name:
            continue
        problem = name_problem(name)
        if problem is not None:
            from companion.i18n.errors import name_error_text

            raise ClubError(name_error_text(problem))
        chosen.append(_player_named(night, name, user))
    if not chosen:
        raise ClubError(_("Choose a player or type a name to check in."))
    existing = {entrant.player_id: entrant for entrant in club.entrants.all()}
    seen: set[int] = set()
    for player in chosen:
        entrant = existing.get(player.pk)
        if player.pk in seen or (entrant is not None and entrant.present):
            raise ClubError(_("%(name)s is already checked in.") % {"name": player.name})
        seen.add(player.pk)
    entrants = []
    now = timezone.now()
    for player in chosen:
        entrant = existing.get(player.pk)
        if entrant is None:
            entrant = Entrant.objects.create(club=club, player=player, checked_in_at=now)
        else:  # back after leaving: results so far are kept
            entrant.left_at = None
            entrant.save(update_fields=["left_at"])
        entrants.append(entrant)
    announce(club)
    return entrants


@transaction.atomic
def check_out(club: ClubNight, entrant_pk: int) -> Entrant:
    """The entrant leaves: no more seats from the next sitting on; every result so far is kept."""
    club = ClubNight.objects.select_for_update().get(pk=club.pk)
    entrant = club.entrants.select_related("player").filter(pk=entrant_pk).first()
    if entrant is None:
        raise ClubError(_("That player is not checked in."))
    if not entrant.present:
        raise ClubError(_("%(name)s has already left.") % {"name": entrant.player.name})
    entrant.left_at = timezone.now()
    entrant.save(update_fields=["left_at"])
    announce(club)
    return entrant


def present_players(club: ClubNight) -> list[Player]:
    return [
        entrant.player
        for entrant in club.entrants.filter(left_at__isnull=True).select_related("player").order_by("pk")
    ]


# --- sittings -------------------------------------------------------------------------------


def complete(sitting: Sitting) -> bool:
    """Every table's match is finished by its rules or ended by hand."""
    return not Match.objects.filter(club_table__sitting=sitting).running().exists()


def current_sitting(club: ClubNight) -> Sitting | None:
    return club.sittings.order_by("-number").first()


def _seat(club: ClubNight, sitting: Sitting, mode: str, seed: int | None, user) -> Sitting:
    """Draw and store the tables of ``sitting`` (which has none): its matches, links and byes.

    The rules (``scoring.club.next_sitting``) see the club night as it was before this sitting.
    """
    by_name = {player.name: player for player in present_players(club)}
    before = club_standings.club_of(club)
    before = dataclasses.replace(
        before, sittings=tuple(s for s in before.sittings if s.number < sitting.number)
    )
    try:
        drawn = rules.next_sitting(before, mode=mode, seed=seed)
    except rules.ClubError as error:
        raise ClubError(error_text(error)) from None
    sitting.seed = drawn.seed
    sitting.mode = mode
    sitting.drawn_at = timezone.now()
    sitting.save(update_fields=["seed", "mode", "drawn_at"])
    sitting.byes.set([by_name[name] for name in drawn.byes])
    for number, table in enumerate(drawn.tables, start=1):
        try:
            match = create_match(club.night, club.game, list(table), 0, club.options, user)
        except SetupError as error:
            raise ClubError(error.message) from None
        _token, seed_value, digest = tokens.new_token(ClubTable.PURPOSE)
        ClubTable.objects.create(
            sitting=sitting, number=number, match=match, token_hash=digest, token_seed=seed_value
        )
    return sitting


def _refuse_too_few(club: ClubNight) -> None:
    count = len(present_players(club))
    try:
        enough = bool(rules.table_plan(count, club.game, club.table_size, club.smaller_tables).sizes)
    except rules.ClubError:
        enough = False
    if not enough:
        raise ClubError(
            ngettext(
                "Only %(count)d player is present: a table needs %(size)d.",
                "Only %(count)d players are present: a table needs %(size)d.",
                count,
            )
            % {"count": count, "size": club.table_size}
        )


def all_planned_drawn(club: ClubNight, latest: Sitting | None) -> bool:
    """The club night planned a number of sittings and the latest drawn is the last of them.

    The spec (club-night.md) knows no planned number: ``club_draw`` on a file draws on. The
    organiser's screen keeps to the plan: no next sitting once the planned ones are drawn
    (an open night, ``planned_sittings`` None, draws as long as the night goes on).
    """
    return club.planned_sittings is not None and latest is not None and latest.number >= club.planned_sittings


def _locked_club(club_pk: int) -> ClubNight:
    return ClubNight.objects.select_for_update().select_related("night").get(pk=club_pk)


@transaction.atomic
def draw_sitting(
    club: ClubNight, *, number: int, mode: str = Sitting.Mode.BALANCED, user=None, seed=None
) -> Sitting:
    """Draw sitting ``number``, the next one: refused when it was drawn already (another phone), the
    sitting before is not complete, or too few players are present. A complete sitting before it is
    closed by the draw."""
    club = _locked_club(club.pk)
    if club.ended_at is not None:
        raise ClubError(_("The club night has ended: no more sittings are drawn."))
    if mode not in Sitting.Mode.values:
        raise ClubError(_("Choose how to draw: balanced or ranked."))
    latest = current_sitting(club)
    next_number = latest.number + 1 if latest else 1
    if number != next_number:
        raise ClubError(
            _("Sitting %(number)d was already drawn, perhaps from another phone.") % {"number": number}
            if number < next_number
            else _("The next sitting to draw is sitting %(number)d.") % {"number": next_number}
        )
    if all_planned_drawn(club, latest):
        raise ClubError(
            ngettext(
                "The only planned sitting is drawn: there is no next sitting.",
                "All %(count)d planned sittings are drawn: there is no next sitting.",
                club.planned_sittings,
            )
            % {"count": club.planned_sittings}
        )
    if latest is not None and latest.closed_at is None:
        if not complete(latest):
            raise ClubError(
                _("Sitting %(number)d is still being played: every table must finish first.")
                % {"number": latest.number}
            )
        latest.closed_at = timezone.now()
        latest.save(update_fields=["closed_at"])
    _refuse_too_few(club)
    sitting = Sitting.objects.create(club=club, number=number, mode=mode, seed=0)
    _seat(club, sitting, mode, seed, user)
    announce(club)
    live.access_changed(club.night_id)
    return sitting


def redrawable(sitting: Sitting) -> bool:
    return (
        sitting.closed_at is None
        and not Match.objects.filter(club_table__sitting=sitting, round_count__gt=0).exists()
    )


@transaction.atomic
def redraw_sitting(club: ClubNight, *, number: int, mode: str | None = None, user=None, seed=None) -> Sitting:
    """Draw the latest sitting again with a new seed, before any of its tables entered a round."""
    club = _locked_club(club.pk)
    sitting = current_sitting(club)
    if club.ended_at is not None:
        raise ClubError(_("The club night has ended: no more sittings are drawn."))
    if sitting is None or sitting.number != number:
        raise ClubError(_("Only the latest sitting can be drawn again."))
    if sitting.closed_at is not None:
        raise ClubError(_("Sitting %(number)d is closed: it cannot be drawn again.") % {"number": number})
    if Match.objects.filter(club_table__sitting=sitting).exclude(round_count=0).exists():
        raise ClubError(
            _("A table of sitting %(number)d has entered a round: it cannot be drawn again.")
            % {"number": number}
        )
    _refuse_too_few(club)
    Match.objects.filter(club_table__sitting=sitting).delete()  # their tables and links go with them
    _seat(club, sitting, mode or sitting.mode, seed, user)
    announce(club)
    live.access_changed(club.night_id)
    return sitting


@transaction.atomic
def close_sitting(club: ClubNight, *, number: int) -> Sitting:
    """Close a complete sitting: its table links stop working."""
    club = _locked_club(club.pk)
    sitting = club.sittings.filter(number=number).first()
    if sitting is None:
        raise ClubError(_("There is no sitting %(number)d.") % {"number": number})
    if sitting.closed_at is not None:
        raise ClubError(_("Sitting %(number)d is already closed.") % {"number": number})
    if not complete(sitting):
        raise ClubError(
            _("Sitting %(number)d is still being played: every table must finish first.") % {"number": number}
        )
    sitting.closed_at = timezone.now()
    sitting.save(update_fields=["closed_at"])
    announce(club)
    live.access_changed(club.night_id)
    return sitting


def get_table(club: ClubNight, pk: int) -> ClubTable | None:
    return ClubTable.objects.select_related("sitting", "match").filter(sitting__club=club, pk=pk).first()


def end_table(club: ClubNight, table_pk: int, *, user=None) -> ClubTable:
    """The organiser ends a table's match by hand (as the table's own "End the match" does)."""
    table = get_table(club, table_pk)
    if table is None:
        raise ClubError(_("That table is not part of this club night."))
    if table.sitting.closed_at is not None:
        raise ClubError(_("That table's sitting is closed."))
    try:
        round_service.end_match(Viewer(user), table.match_id)
    except round_service.RoundConflict as conflict:
        raise ClubError(str(conflict)) from None
    announce(club)
    return table


@transaction.atomic
def revoke_link(club: ClubNight, table_pk: int, *, user=None) -> ClubTable:
    table = get_table(club, table_pk)
    if table is None:
        raise ClubError(_("That table is not part of this club night."))
    if table.link_revoked_at is None:
        table.link_revoked_at = timezone.now()
        table.revoked_by = user if getattr(user, "is_authenticated", False) else None
        table.save(update_fields=["link_revoked_at", "revoked_by"])
        live.access_changed(club.night_id)
    announce(club)
    return table


@transaction.atomic
def renew_link(club: ClubNight, table_pk: int) -> ClubTable:
    """A new table link; the old one stops working at once, and its page says it was replaced."""
    table = get_table(club, table_pk)
    if table is None:
        raise ClubError(_("That table is not part of this club night."))
    ReplacedTableLink.objects.create(table=table, token_hash=table.token_hash, token_seed=table.token_seed)
    _token, seed_value, digest = tokens.new_token(ClubTable.PURPOSE)
    table.token_hash, table.token_seed, table.link_revoked_at = digest, seed_value, None
    table.save(update_fields=["token_hash", "token_seed", "link_revoked_at"])
    live.access_changed(club.night_id)
    announce(club)
    return table


@transaction.atomic
def end_club(club: ClubNight) -> ClubNight:
    club = _locked_club(club.pk)
    if club.ended_at is not None:
        raise ClubError(_("The club night has already ended."))
    latest = current_sitting(club)
    if latest is not None and latest.closed_at is None and complete(latest):
        latest.closed_at = timezone.now()
        latest.save(update_fields=["closed_at"])
    club.ended_at = timezone.now()
    club.save(update_fields=["ended_at"])
    announce(club)
    live.access_changed(club.night_id)
    return club


# --- table links ----------------------------------------------------------------------------


def table_for_token(token: str) -> ClubTable | None:
    """The table a link's token names, working or not (the page then says why it does not)."""
    if not token or len(token) > 64:
        return None
    return (
        ClubTable.objects.select_related("sitting__club", "match")
        .filter(token_hash=tokens.token_hash(token))
        .first()
    )


def replaced_link_for_token(token: str) -> ReplacedTableLink | None:
    """The replaced link a token names (``renew_link``): it admits nobody, its page says why."""
    if not token or len(token) > 64:
        return None
    return (
        ReplacedTableLink.objects.select_related("table__sitting__club", "table__match")
        .filter(token_hash=tokens.token_hash(token))
        .first()
    )


def link_refusal(table: ClubTable, *, replaced: bool = False) -> str:
    """Why a table link does not admit (one sentence), or "" when it does.

    ``replaced``: the link is one the organiser replaced with a new one; while the table still
    plays, the phone is told to scan the new QR code (once the sitting is over, the new one
    does not work either, and the sentence says that instead).
    """
    if table.sitting.club.ended_at is not None:
        return _("The club night has ended: this table link no longer works.")
    if table.link_revoked_at is not None and not replaced:
        return _("This table link was revoked: ask the organiser for the table's new link.")
    if table.sitting.closed_at is not None or complete(table.sitting):
        return _("Sitting %(number)d is over: this table link no longer works.") % {
            "number": table.sitting.number
        }
    if replaced:
        return _("This table link was replaced: scan the table's new QR code.")
    return ""


# --- standings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    name: str
    place: int
    sittings: int
    table_points: int
    result: int
    wins: int
    present: bool = True


@dataclass(frozen=True)
class Board:
    rows: list[Row]
    provisional: bool


def standings(club: ClubNight, *, provisional: bool = False) -> Board:
    """The club standings (``companion.clubs.standings``): final over complete sittings; with
    ``provisional`` the tables still playing count as they stand now."""
    found = (
        club_standings.provisional_standings(club) if provisional else club_standings.final_standings(club)
    )
    present = {entrant.player.name: entrant.present for entrant in club.entrants.select_related("player")}
    rows = [
        Row(
            name=row.player,
            place=row.place,
            sittings=row.sittings,
            table_points=row.table_points,
            result=row.result,
            wins=row.wins,
            present=present.get(row.player, False),
        )
        for row in found
    ]
    return Board(rows, provisional)


def provisional_differs(club: ClubNight) -> bool:
    latest = current_sitting(club)
    return latest is not None and latest.closed_at is None and not complete(latest)


def grant(request, table: ClubTable) -> None:
    """Remember in the browser's session that it opened this table's link (``access.viewer`` reads it)."""
    grants = [value for value in request.session.get(TABLE_GRANTS, []) if isinstance(value, str)]
    if table.token_hash not in grants:
        # A phone moves table every sitting: the latest few links are enough.
        request.session[TABLE_GRANTS] = [*grants, table.token_hash][-8:]


@dataclass(frozen=True)
class History:
    """A club night as the night page shows it: the standings and every sitting's tables."""

    club: ClubNight
    board: Board
    sittings: list[Sitting]


def history(night: GameNight) -> History | None:
    club = club_of(night)
    if club is None:
        return None
    sittings = list(club.sittings.prefetch_related("byes", "tables__match__seats__player").order_by("number"))
    latest = sittings[-1] if sittings else None
    playing = latest is not None and latest.closed_at is None and not complete(latest)
    return History(club, standings(club, provisional=playing), sittings)
