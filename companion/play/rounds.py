"""Adding, changing and undoing rounds: every change checked by the engine, atomic, and logged.

Each function takes the match row lock, checks the expected round number (so a
double tap or a second phone cannot store a round twice), lets the engine fold
the rounds as they would be after the change, and only then writes: the
round, a ``RoundChange`` for the history and the derived standings, in one
transaction. A ``ScoringError`` or :class:`RoundConflict` leaves the database
as it was.

The match page's requests each call one function that owns that one transaction and
returns what the answer shows: :func:`save_entry` (the entry form), :func:`undo_last`
and :func:`restore_last`. The change gives the match its new version here, and its
standings are kept under it (``companion.standings.keep``), so the next save or
preview starts from them without folding the match again.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from companion import standings as standings_service
from companion.access import Viewer, get_match_for_user, get_match_for_viewer
from companion.games import registry
from companion.i18n.errors import round_error_text
from companion.models import Match, Round, RoundChange, new_version
from companion.play.scoreboard import entry_form, overtaken_choice
from scoring.base import ScoringError, Standings


def _match_for(who, pk: int, **kwargs) -> Match:
    """The match for a :class:`Viewer` (a table link's phone too) or, as before, a user.

    Stop-gap until the mutation services take a Viewer throughout (branch ``mutation``)."""
    if isinstance(who, Viewer):
        return get_match_for_viewer(who, pk, **kwargs)
    return get_match_for_user(who, pk, **kwargs)


def _account(who):
    """Whom to record as having made the change: a Viewer's account (None for a table link's phone)."""
    return who.account if isinstance(who, Viewer) else who


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
            return _store(match, entry, number=number, user=user, key=key)
    except IntegrityError:
        return _lost_race(match, entry, number=number, key=key)


def _store(match: Match, entry: Mapping[str, Any], *, number: int, user, key) -> Standings:
    """The writes of a new round in the caller's transaction: ``match`` is locked, its rounds loaded.

    The rounds with the new one are folded once; afterwards ``match`` holds its new rounds
    and version, and the standings are kept under that version.
    """
    if _already_stored(match.rounds.all(), key, entry):
        return standings_service.current(match)
    entries = _entries(match)
    if number != len(entries) + 1:
        raise RoundConflict(
            _(
                "Round %(number)s was already saved, perhaps from another phone. Here is the match as it is now."
            )
            % {"number": number}
        )
    result = standings_service.standings(match, [*entries, dict(entry)])
    match.version = new_version()  # every page showing the match hears of the new round
    Round.objects.create(match=match, number=number, entry=dict(entry), entered_by=user, key=key)
    RoundChange.objects.create(
        match=match, number=number, action=RoundChange.Action.ADDED, after=dict(entry), user=user
    )
    registry.get(match.game).round_added(match)
    result = standings_service.refresh(match, result)
    match.reload_rounds()
    standings_service.keep(match, result)
    return result


def _lost_race(match: Match, entry: Mapping[str, Any], *, number: int, key) -> Standings:
    """A unique constraint refused the round: another request won the race for it.

    When it was this same save (same key, sent twice at once), that request stored it:
    a success here too. Called after the transaction rolled back.
    """
    if _already_stored(Round.objects.filter(match=match, key=key), key, entry):
        return standings_service.standings(Match.objects.with_standings().get(pk=match.pk))
    raise RoundConflict(registry.get(match.game).words.saved_elsewhere % {"number": number}) from None


@dataclass(frozen=True)
class RoundSave:
    """What a save of the entry form did, and what its answer shows.

    ``outcome`` is what the offline outbox reads (js/outbox.js): ``saved``, ``invalid``,
    ``conflict`` or ``over``. ``match`` is the match as it is now (seats and rounds loaded),
    ``result`` its standings. ``form``: the entry form to show again (None: the next round's
    empty one); ``error``: the engine's refusal (a form's own refusal is in the form);
    ``overtaken``: the choice after another phone's change overtook the entry
    (:func:`~companion.play.scoreboard.overtaken_choice`). ``shown``: the standings of the page
    that sent the entry, when that page shows the version the save started from.
    """

    outcome: str
    match: Match
    result: Standings
    form: Any = None
    number: int | None = None
    error: str = ""
    notice: str = ""
    overtaken: dict[str, Any] | None = None
    shown: Standings | None = None


def save_entry(user, pk: int, data, *, seen: str = "", rows: bool = False) -> RoundSave:
    """Read the entry form ``data`` against match ``pk`` and store it as the next round, in one transaction.

    ``seen``: the version of the match the sending page shows (its form names it); ``rows``:
    the page can be answered with an update of what it shows (its standings are then returned
    as ``shown`` when it shows the version the save starts from). The match is folded once:
    the standings it starts from are those kept under its version (``standings.current``).
    """
    attempt = None  # (entry form, number, entry) once the form is valid
    try:
        with transaction.atomic():
            match = _match_for(user, pk, for_update=True)
            result = standings_service.current(match)
            shown = result if rows and seen == match.version else None
            words = registry.get(match.game).words
            if result.finished:
                return RoundSave("over", match, result, notice=str(words.over), shown=shown)
            form = entry_form(match, result, data)
            if not form.is_valid():
                return RoundSave("invalid", match, result, form=form, shown=shown)
            attempt = form, form.cleaned_data["number"], form.to_entry()
            _, number, entry = attempt
            try:
                after = _store(
                    match, entry, number=number, user=_account(user), key=form.cleaned_data.get("key")
                )
            except ScoringError as error:
                form.mark_refused(error)
                error_text = round_error_text(error, words.problem_in)
                return RoundSave("invalid", match, result, form=form, error=error_text, shown=shown)
            except RoundConflict as conflict:
                return _overtaken(match, result, form, number, entry, conflict, seen=seen)
            return RoundSave("saved", match, after, number=number, shown=shown)
    except IntegrityError:
        # Another request stored this round first (the transaction above was rolled back).
        form, number, entry = attempt
        match = _match_for(user, pk)
        try:
            after = _lost_race(match, entry, number=number, key=form.cleaned_data.get("key"))
        except RoundConflict as conflict:
            return _overtaken(
                match, standings_service.current(match), form, number, entry, conflict, seen=seen
            )
        return RoundSave("saved", match, after, number=number)


def _overtaken(match, result, form, number, entry, conflict, *, seen) -> RoundSave:
    if seen:
        # Sent from the page's form: it keeps the entry as typed, under its round's number,
        # and Save is replaced by the choice (Save again is refused again).
        choice = overtaken_choice(match, result, number, entry)
        return RoundSave("conflict", match, result, form=form, overtaken=choice)
    # The offline outbox (js/outbox-queue.js) offers its own choice.
    return RoundSave("conflict", match, result, notice=str(conflict))


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
        match.version = new_version()
        result = standings_service.refresh(match, result)
        standings_service.keep(match, result)
        return result


def undo_round(match: Match, *, number: int, user, locked: bool = False) -> Standings:
    """Remove the last round, which must be round ``number`` (a second tap undoes nothing more).

    ``locked``: as for :func:`add_round`. A match the table ended keeps its rounds until it is
    resumed: an undo there would change the result the table agreed on without a question.
    """
    with transaction.atomic():
        match = match if locked else _locked(match)
        return _undo(match, number=number, user=user)


def _undo(match: Match, *, number: int, user) -> Standings:
    """The writes of an undo in the caller's transaction: ``match`` is locked, its rounds loaded."""
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
    match.version = new_version()
    result = standings_service.refresh(match, result)
    match.reload_rounds()
    standings_service.keep(match, result)
    return result


def restore_round(match: Match, *, number: int, user) -> Standings:
    """Put back round ``number`` exactly as it was before it was undone.

    Only the last change of the match can be taken back this way: the undo of
    round ``number``, with nothing stored or undone since (else the undone round
    might no longer fit). The history records the round as added again.
    """
    with transaction.atomic():
        locked = _locked(match)
        # In the same transaction: nothing can slip in between the check and the write.
        return add_round(locked, _undone_entry(locked, number), number=number, user=user, locked=True)


def _undone_entry(match: Match, number: int) -> dict[str, Any]:
    """The entry of round ``number`` as it was undone, if that undo is the match's last change."""
    last_change = RoundChange.objects.filter(match=match).order_by("-at", "-pk").first()
    if (
        last_change is None
        or last_change.action != RoundChange.Action.UNDONE
        or last_change.number != number
        or last_change.before is None
    ):
        raise RoundConflict(registry.get(match.game).words.not_restorable % {"number": number})
    return last_change.before


@dataclass(frozen=True)
class RoundTaken:
    """What an undo or a restore did: the match as it is now, its standings and the sentence to show.

    ``number``: the round undone (offered back for a moment) or put back; None when refused.
    """

    match: Match
    result: Standings
    notice: str
    number: int | None = None


def undo_last(user, pk: int, number: int) -> RoundTaken:
    """Undo round ``number`` of match ``pk``, the last one, in one transaction."""
    with transaction.atomic():
        match = _match_for(user, pk, for_update=True)
        try:
            result = _undo(match, number=number, user=_account(user))
        except RoundConflict as conflict:
            return RoundTaken(match, standings_service.current(match), str(conflict))
        return RoundTaken(match, result, registry.get(match.game).words.undone % {"number": number}, number)


def restore_last(user, pk: int, number: int) -> RoundTaken:
    """Put back round ``number`` of match ``pk`` as it was undone (:func:`restore_round`), in one transaction."""
    try:
        with transaction.atomic():
            match = _match_for(user, pk, for_update=True)
            try:
                entry = _undone_entry(match, number)
                result = _store(match, entry, number=number, user=_account(user), key=None)
            except (ScoringError, RoundConflict) as error:
                return RoundTaken(match, standings_service.current(match), str(error))
            words = registry.get(match.game).words
            return RoundTaken(match, result, words.restored % {"number": number}, number)
    except IntegrityError:
        # Another request stored a round first (the transaction above was rolled back).
        match = _match_for(user, pk)
        notice = registry.get(match.game).words.not_restorable % {"number": number}
        return RoundTaken(match, standings_service.current(match), notice)


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
    before = standings_service.current(match)
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
            if standings_service.current(match).finished:
                raise RoundConflict(_("The match is already over by its rules."))
        match.closed = closed
        match.version = new_version()
        match.save(update_fields=["closed", "version"])
        RoundChange.objects.create(
            match=match,
            number=played,
            action=RoundChange.Action.ENDED if closed else RoundChange.Action.RESUMED,
            user=user,
        )
        result = standings_service.refresh(match)
        standings_service.keep(match, result)
        return result


def end_preview(match: Match) -> Standings:
    """The standings if the table ended the match now (nothing is written)."""
    return standings_service.match_file(match).score(closed=True)
