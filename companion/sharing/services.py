"""Read-only share links: making and revoking them, finding one by its token, and what changed since.

A link (``ShareLink``) shows one match or one night to anyone holding its
URL; its token (192 bits) is the only key. The database holds its SHA-256 hash,
looked up through its unique index (``companion.lib.tokens``). Re-creating a link revokes the old one
in the same transaction, so at most one is active per match or night.

The shared pages poll for changes (htmx, every few seconds). Each poll sends
the *version* the page shows; :func:`live_state` answers with the current
one in a single query, and the view renders nothing when they are equal. A
version is made of facts every change leaves behind, without any extra
column to maintain:

- a match: the id of its newest ``RoundChange`` (every round added, edited or
  undone writes one, in the same transaction as the round, see
  ``companion.play.rounds``), whether the table ended it (``closed``: ending and
  reopening write no ``RoundChange``), and when its night was last saved (the
  title shown on the page);
- a night: the same over all its matches, plus how many matches it has (a new
  match) and which of them the table ended.

What does not change a version: renaming a player, and the Elfer raus! bonus
board (the shared page does not show it). The page shows them anew on the
next round.

The pages hear of a change through their event stream (``companion.live``),
which sends this version; the ``live`` poll remains for a page whose connection
cannot hold a stream open.

The version the page gets is opaque: an HMAC (keyed by SECRET_KEY) of those
facts together with the link's token and the match. A ``RoundChange`` id is a
site-wide counter, and the night's save time a timestamp: shown as they are,
anyone holding a link could watch how busy the whole site is. The digest is
equal exactly when the facts are, which is all a poll compares.
"""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.db import IntegrityError, transaction
from django.db.models import Count, IntegerField, Max, OuterRef, Subquery, Sum
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from companion import live
from companion import standings as standings_service
from companion.clubs.models import ClubTable, Entrant, Sitting
from companion.lib import tokens
from companion.models import GameNight, Match, RoundChange, ShareLink
from companion.play.scoreboard import (
    game_templates,
    player_lines,
    round_label,
    round_rows,
    rounds_html,
    winners_sentence,
)


@dataclass(frozen=True)
class LiveState:
    """What a poll needs: which match (None for a night's page) and night the token shows, and its version."""

    match_id: int | None
    night_id: int | None
    version: str


def _active(*, match: Match | None = None, night: GameNight | None = None):
    return ShareLink.objects.filter(match=match, night=night, revoked_at__isnull=True)


def active_link(*, match: Match | None = None, night: GameNight | None = None) -> ShareLink | None:
    """The link that works now for ``match`` or ``night`` (pass one), if any."""
    return _active(match=match, night=night).first()


def create_link(*, match: Match | None = None, night: GameNight | None = None, user) -> ShareLink:
    """A new link with a new token; the one it replaces stops working at once."""
    try:
        with transaction.atomic():
            if _active(match=match, night=night).update(revoked_at=timezone.now()):
                live.access_changed(_night_pk(match, night))
            _token, seed, digest = tokens.new_token(ShareLink.PURPOSE)
            return ShareLink.objects.create(
                match=match, night=night, token_hash=digest, token_seed=seed, created_by=user
            )
    except IntegrityError:
        # Two taps at once: the other request made the link (the partial unique index kept it single).
        return _active(match=match, night=night).get()


def revoke_link(*, match: Match | None = None, night: GameNight | None = None) -> bool:
    """Stop sharing: the link says "Sharing was stopped" (410) from now on, and its open pages hear so. False when nothing was shared."""
    with transaction.atomic():
        revoked = bool(_active(match=match, night=night).update(revoked_at=timezone.now()))
        if revoked:
            live.access_changed(_night_pk(match, night))
    return revoked


def was_stopped(token: str) -> bool:
    """Whether ``token`` is a link its owner stopped (revoked or replaced): its screens say so.

    Only someone holding the token asks, and they knew it worked; the answer tells them nothing else.
    """
    return ShareLink.objects.filter(token_hash=tokens.token_hash(token), revoked_at__isnull=False).exists()


def _night_pk(match: Match | None, night: GameNight | None) -> int:
    return match.night_id if match is not None else night.pk


def qr_svg(url: str, *, title: str = "") -> str:
    """``url`` as a QR code in inline SVG, black on white (scanners want contrast, whatever the theme).

    The SVG has no fixed size (a viewBox only): CSS sizes it. Error correction M
    still reads from a TV screen with some glare.
    """
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(
        scale=1, dark="#000", light="#fff", omitsize=True, svgclass="share-qr", lineclass=None, title=title
    )
    return svg.replace("<svg ", '<svg role="img" ', 1)


# --- polling: one query per poll ------------------------------------------------


def _newest_change(**match_filter):
    """The id of the newest RoundChange of the matches selected by ``match_filter`` (an OuterRef)."""
    # Ending and resuming are in the version as ``closed``: a resumed match shows as it was before.
    changes = (
        RoundChange.objects.filter(**match_filter)
        .exclude(action__in=[RoundChange.Action.ENDED, RoundChange.Action.RESUMED])
        .order_by()
        .values(*match_filter)
    )
    return Subquery(changes.annotate(newest=Max("pk")).values("newest")[:1], output_field=IntegerField())


def _night_matches(aggregate, **extra):
    matches = Match.objects.filter(night=OuterRef("night_id"), **extra).order_by().values("night")
    return Subquery(matches.annotate(value=aggregate).values("value")[:1], output_field=IntegerField())


def _club_facts(model, group: str, **where):
    """A sum of the ids of a club night's rows of ``model`` (None for a night without a club)."""
    rows = model.objects.filter(**{group: OuterRef("night_id")}, **where).order_by().values(group)
    return Subquery(rows.annotate(value=Sum("pk")).values("value")[:1], output_field=IntegerField())


def _club_annotations() -> dict:
    """What a club night's TV page shows beyond its matches' rounds: who is present, which tables were
    drawn (a redraw replaces them with new rows), which sittings are closed. Sums of ids, like ``ended``:
    present and left apart, so that a check-in and a leaving do not add up to the version before."""
    return {
        "club_present": _club_facts(Entrant, "club__night_id", left_at__isnull=True),
        "club_left": _club_facts(Entrant, "club__night_id", left_at__isnull=False),
        "club_tables": _club_facts(ClubTable, "sitting__club__night_id"),
        "club_closed": _club_facts(Sitting, "club__night_id", closed_at__isnull=False),
    }


def _match_version(newest_change: int | None, closed: bool, night_saved) -> str:
    return f"m{newest_change or 0}.{int(closed)}.{night_saved.timestamp():.6f}"


def _opaque(token: str, match_pk: int | None, facts: str) -> str:
    """A per-link, per-match digest of ``facts``: equal when they are, telling nothing else."""
    return salted_hmac("companion.sharing.version", f"{token}|{match_pk}|{facts}").hexdigest()[:24]


def live_state(token: str, match_pk: int | None = None) -> LiveState | None:
    """The state behind ``token`` (or, for a night's link, its match ``match_pk``), version opaque."""
    state = _live_facts(token, match_pk)
    if state is None:
        return None
    return LiveState(state.match_id, state.night_id, _opaque(token, match_pk, state.version))


def _live_facts(token: str, match_pk: int | None = None) -> LiveState | None:
    """The state behind ``token`` (or, for a night's link, its match ``match_pk``) in one query.

    None when the token is unknown or revoked, or the match is not the link's night's.
    """
    if match_pk is not None:
        # A match seen through its night's link: the match must belong to that night.
        row = (
            Match.objects.filter(
                pk=match_pk,
                night__share_links__token_hash=tokens.token_hash(token),
                night__share_links__revoked_at__isnull=True,
            )
            .annotate(newest=_newest_change(match=OuterRef("pk")))
            .values_list("pk", "night_id", "closed", "newest", "night__updated_at")
            .first()
        )
        if row is None:
            return None
        pk, night_id, closed, newest, night_saved = row
        return LiveState(pk, night_id, _match_version(newest, closed, night_saved))

    row = (
        ShareLink.objects.filter(token_hash=tokens.token_hash(token), revoked_at__isnull=True)
        .annotate(
            match_newest=_newest_change(match=OuterRef("match_id")),
            night_newest=_newest_change(match__night=OuterRef("night_id")),
            match_count=_night_matches(Count("pk")),
            # Which matches the table ended, as one number: ending one and reopening another
            # between two polls would have to add up to the same sum to go unnoticed.
            ended=_night_matches(Sum("pk"), closed=True),
            **_club_annotations(),
        )
        .values_list(
            "match_id",
            "night_id",
            "match__night_id",
            "match__closed",
            "match_newest",
            "match__night__updated_at",
            "night_newest",
            "match_count",
            "ended",
            "night__updated_at",
            "club_present",
            "club_left",
            "club_tables",
            "club_closed",
        )
        .first()
    )
    if row is None:
        return None
    (
        match_id,
        night_id,
        match_night_id,
        closed,
        match_newest,
        match_night_saved,
        newest,
        count,
        ended,
        night_saved,
        *club,
    ) = row
    if match_id is not None:
        return LiveState(match_id, match_night_id, _match_version(match_newest, closed, match_night_saved))
    version = f"n{count or 0}.{newest or 0}.{ended or 0}.{night_saved.timestamp():.6f}"
    if any(club):
        version += ".c" + ".".join(str(value or 0) for value in club)
    return LiveState(None, night_id, version)


# --- what the shared pages show ---------------------------------------------------


def load_match(pk: int) -> Match:
    """A match with its night, seats, players and rounds (three queries), as the scoreboard needs."""
    return get_object_or_404(Match.objects.select_related("night").with_standings(), pk=pk)


def load_night(pk: int) -> tuple[GameNight, list[Match]]:
    """A night and its matches with seats and players; no rounds (the seats hold the standings)."""
    night = get_object_or_404(GameNight, pk=pk)
    return night, list(night.matches.in_playing_order().with_seats())


def public_scoreboard(match: Match) -> dict:
    """The scoreboard's plain values without anything to change it: no entry form, no board to tap."""
    result = standings_service.standings(match)
    rows = round_rows(match, result)
    lines = player_lines(match, result)
    return {
        "match": match,
        "night": match.night,
        "standings": result,
        "lines": lines,
        "rows": rows,
        "rounds_html": rounds_html(match, rows, lines, editable=False),
        "round_label": round_label(match, result),
        "winners_sentence": winners_sentence(result),
        # The games' status partials draw the Elfer raus! board from the form: none here.
        "form": None,
        **game_templates(match),
    }


def share_title(*, match: Match | None = None, night: GameNight | None = None) -> str:
    if match is not None:
        return _("%(game)s · %(night)s") % {"game": match.get_game_display(), "night": match.night.title}
    return night.title
