"""Adding, changing and undoing rounds: every change checked by the engine, atomic, and logged.

Each function takes the match row lock, checks the expected round number (so a
double tap or a second phone cannot store a round twice), lets the engine fold
the rounds as they would be after the change, and only then writes: the
round, a ``RoundChange`` for the history and the derived standings, in one
transaction. A ``ScoringError`` or :class:`RoundConflict` leaves the database
as it was.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from companion.games import registry
from companion.models import Match, Round, RoundChange
from companion.play import standings as standings_service
from scoring.base import Standings


class RoundConflict(Exception):
    """The match changed under the user's feet (another phone, a double tap)."""


def _locked(match: Match) -> Match:
    """The match re-read under a row lock (SQLite: the IMMEDIATE transaction already serialises)."""
    return Match.objects.select_for_update().select_related("night").with_standings().get(pk=match.pk)


def _entries(match: Match) -> list[dict[str, Any]]:
    return [r.entry for r in sorted(match.rounds.all(), key=lambda r: r.number)]


def add_round(
    match: Match,
    entry: Mapping[str, Any],
    *,
    number: int,
    user,
    locked: bool = False,
    key: uuid.UUID | str | None = None,
) -> Standings:
    """Store ``entry`` as round ``number``, which must be the next one.

    ``locked``: ``match`` was read under its row lock in the caller's transaction, with
    its standings (``get_match_for_user(..., for_update=True)``), and is used as it is;
    afterwards it holds the new state (rounds, seats, version) to render from.

    ``key`` is the page's name for this one save. A save whose key and entry are already
    stored (its answer was lost and the phone sends it again, or the offline outbox resends
    it) is a success that stores nothing: the match is returned as it is, with that round.
    A different entry for a round number already stored is still a :class:`RoundConflict`.
    """
    try:
        with transaction.atomic():
            match = match if locked else _locked(match)
            if _already_stored(match.rounds.all(), key, entry):
                return standings_service.standings(match)
            entries = _entries(match)
            if number != len(entries) + 1:
                raise RoundConflict(
                    _(
                        "Round %(number)s was already saved, perhaps from another phone. Here is the match as it is now."
                    )
                    % {"number": number}
                )
            result = standings_service.standings(match, [*entries, dict(entry)])
            stored = Round.objects.create(
                match=match, number=number, entry=dict(entry), entered_by=user, key=key
            )
            RoundChange.objects.create(
                match=match, number=number, action=RoundChange.Action.ADDED, after=dict(entry), user=user
            )
            registry.get(match.game).round_added(match)
            result = standings_service.refresh(match, result)
            if locked:
                match.keep_rounds([*match.rounds.all(), stored])
            return result
    except IntegrityError:
        # A unique constraint: another request won the race. When it was this same save
        # (same key, sent twice at once), that request stored it: a success here too.
        if _already_stored(Round.objects.filter(match=match, key=key), key, entry):
            return standings_service.standings(Match.objects.with_standings().get(pk=match.pk))
        raise RoundConflict(registry.get(match.game).words.saved_elsewhere % {"number": number}) from None


def _already_stored(rounds, key, entry: Mapping[str, Any]) -> bool:
    """Whether this very save (same key, same entry) is among ``rounds``."""
    return key is not None and any(str(r.key) == str(key) and r.entry == dict(entry) for r in rounds)


def edit_round(match: Match, entry: Mapping[str, Any], *, number: int, user) -> Standings:
    """Replace round ``number``; every later round is folded again and must still be valid."""
    with transaction.atomic():
        match = _locked(match)
        rounds = sorted(match.rounds.all(), key=lambda r: r.number)
        if not 1 <= number <= len(rounds):
            raise RoundConflict(registry.get(match.game).words.gone % {"number": number})
        stored = rounds[number - 1]
        entries = [r.entry for r in rounds]
        entries[number - 1] = dict(entry)
        result = standings_service.standings(match, entries)
        if stored.entry != dict(entry):
            RoundChange.objects.create(
                match=match,
                number=number,
                action=RoundChange.Action.EDITED,
                before=stored.entry,
                after=dict(entry),
                user=user,
            )
            stored.entry = dict(entry)
            stored.save(update_fields=["entry", "updated_at"])
        return standings_service.refresh(match, result)


def undo_round(match: Match, *, number: int, user, locked: bool = False) -> Standings:
    """Remove the last round, which must be round ``number`` (a second tap undoes nothing more).

    ``locked``: as for :func:`add_round`. A match the table ended keeps its rounds until it is
    resumed: an undo there would change the result the table agreed on without a question.
    """
    with transaction.atomic():
        match = match if locked else _locked(match)
        if match.closed:
            raise RoundConflict(_("The table ended this match. To undo, resume it first."))
        rounds = sorted(match.rounds.all(), key=lambda r: r.number)
        if not rounds or rounds[-1].number != number:
            raise RoundConflict(registry.get(match.game).words.already_undone % {"number": number})
        last = rounds[-1]
        result = standings_service.standings(match, [r.entry for r in rounds[:-1]])
        RoundChange.objects.create(
            match=match, number=number, action=RoundChange.Action.UNDONE, before=last.entry, user=user
        )
        last.delete()
        result = standings_service.refresh(match, result)
        if locked:
            match.keep_rounds(rounds[:-1])
        return result


def restore_round(match: Match, *, number: int, user) -> Standings:
    """Put back round ``number`` exactly as it was before it was undone.

    Only the last change of the match can be taken back this way: the undo of
    round ``number``, with nothing stored or undone since (else the undone round
    might no longer fit). The history records the round as added again.
    """
    with transaction.atomic():
        locked = _locked(match)
        last_change = RoundChange.objects.filter(match=locked).order_by("-at", "-pk").first()
        if (
            last_change is None
            or last_change.action != RoundChange.Action.UNDONE
            or last_change.number != number
            or last_change.before is None
        ):
            raise RoundConflict(registry.get(match.game).words.not_restorable % {"number": number})
        # In the same transaction: nothing can slip in between the check and the write.
        return add_round(locked, last_change.before, number=number, user=user)


@dataclass(frozen=True)
class EditPreview:
    """What changing a stored round would do, before anything is written."""

    before: Standings  # the match as it is
    after: Standings  # the match with the changed round (every later round folded again)
    changes: list[tuple[str, int, int]]  # (name, total now, total after the change) in seat order

    @property
    def ends_or_reopens(self) -> bool:
        return self.after.finished != self.before.finished


def preview_edit(match: Match, entry: Mapping[str, Any], *, number: int) -> EditPreview:
    """Fold the rounds with round ``number`` replaced; raises ``ScoringError`` if they no longer score.

    ``match`` must have its rounds loaded (``Match.objects.with_standings()``); nothing is written.
    """
    rounds = sorted(match.rounds.all(), key=lambda r: r.number)
    if not 1 <= number <= len(rounds):
        raise RoundConflict(registry.get(match.game).words.gone % {"number": number})
    entries = [r.entry for r in rounds]
    entries[number - 1] = dict(entry)
    before = standings_service.standings(match)
    after = standings_service.standings(match, entries)
    changes = [(name, before.totals[name], after.totals[name]) for name in after.players]
    return EditPreview(before, after, changes)


def set_closed(match: Match, closed: bool, *, user=None) -> Standings:
    """The table ends the match by hand after its last round (``closed``), or takes that back.

    Any game may end early: the best totals win, as if the game had ended there
    (docs/match-format.md, ``ended``). A match with no round, or one its own rules
    already ended, has nothing to end; resuming a match the table did not end
    changes nothing. Both are said as a :class:`RoundConflict` (a second phone,
    a stale page). The history records who ended or resumed it after which round.
    """
    with transaction.atomic():
        match = _locked(match)
        if match.closed == closed:
            raise RoundConflict(
                _("The match was already ended. Here is the match as it is now.")
                if closed
                else _("The match was already resumed. Here is the match as it is now.")
            )
        played = len(match.rounds.all())
        if closed:
            if not played:
                raise RoundConflict(
                    _("A match ends after a round: enter the first round, or delete the match.")
                )
            if standings_service.standings(match).finished:
                raise RoundConflict(_("The match is already over by its rules."))
        match.closed = closed
        match.save(update_fields=["closed"])
        RoundChange.objects.create(
            match=match,
            number=played,
            action=RoundChange.Action.ENDED if closed else RoundChange.Action.RESUMED,
            user=user,
        )
        return standings_service.refresh(match)


def end_preview(match: Match) -> Standings:
    """The standings if the table ended the match now (nothing is written)."""
    return standings_service.match_file(match).score(closed=True)
