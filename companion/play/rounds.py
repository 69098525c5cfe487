"""Every change to a match goes through here: one locked unit, one fold, its consequences in plain sight.

A change (a round added, edited, undone or put back, the match ended or resumed, the
Elfer raus! bonus board) is one transaction that:

1. locks the match's row only (``select_for_update(of=("self",))``, no night row) and loads
   it with its seats and rounds, once, as the viewer may see it
   (``access.get_match_for_viewer(viewer, pk, for_update=True)``);
2. checks the change (the expected round number, so a double tap or a second phone cannot
   store a round twice) and lets the engine fold the rounds as they would be after it, once;
3. writes the round, a ``RoundChange`` for the history, the match's new version and the derived
   columns (``companion.standings.refresh``), and keeps the standings under the new version
   (``companion.standings.keep``), so the next save or preview starts from them;
4. then, explicitly, announces the change to the open pages (``companion.live.changed``, sent
   after the commit) and hands the review work (ratings, records, partnerships) to a task with
   the standings it already computed (``companion.review.tasks.after_change``): nothing of it
   runs in the request.

No ``post_save(Match)`` receiver does any of this behind the caller's back. A ``ScoringError`` or
:class:`RoundConflict` leaves the database as it was.

The services take an ``access.Viewer`` (a member, or a phone holding a club table's link) and
record ``viewer.account`` as who made the change. Each returns what the answer shows:
:func:`save_entry` (the entry form), :func:`undo_last`, :func:`restore_last`, :func:`edit_entry`,
:func:`end_match`, :func:`resume_match` and :func:`change_state`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from companion import live
from companion import standings as standings_service
from companion.access import Viewer, get_match_for_viewer
from companion.games import registry
from companion.i18n.errors import round_error_text
from companion.models import Match, Round, RoundChange, new_version
from companion.play.scoreboard import entry_form, overtaken_choice
from companion.review import tasks as review_tasks
from scoring.base import ScoringError, Standings


class RoundConflict(Exception):
    """The match changed under the user's feet (another phone, a double tap)."""


# --- the one locked unit --------------------------------------------------------------


def _lock(viewer: Viewer, pk: int) -> Match:
    """Match ``pk`` as the viewer may change it, its row locked until the caller's transaction ends.

    One lock style for every change: the match's row only (the night is not locked; SQLite's
    IMMEDIATE transaction serialises anyway). Loaded once, with its seats and rounds; whether it
    was finished is remembered for the review work.
    """
    match = get_match_for_viewer(viewer, pk, for_update=True)
    match._finished_before = match.finished_at is not None
    return match


def _done(match: Match, result: Standings, *, also: tuple[str, ...] = (), rounds: bool = True) -> Standings:
    """The end of every change, in its transaction: ``result`` is the fold of the match after it.

    The new version, the derived columns (and the fields in ``also``) in one UPDATE of the match,
    the standings kept under the new version; then the live announcement and the review task,
    both sent only if the transaction commits. ``rounds``: the rounds changed (read again, one
    query, so the answer shows them).
    """
    match.version = new_version()  # every page showing the match hears of the change
    result = standings_service.refresh(match, result, also=also)
    live.changed(match)
    if rounds:
        match.reload_rounds()
    standings_service.keep(match, result)
    review_tasks.after_change(match, result, finished_before=match._finished_before)
    return result


def _entries(match: Match) -> list[dict[str, Any]]:
    return [r.entry for r in sorted(match.rounds.all(), key=lambda r: r.number)]


def _store(match: Match, entry: Mapping[str, Any], *, number: int, account, key) -> Standings:
    """The writes of a new round in the unit: ``match`` is locked, its rounds loaded.

    ``key`` is the page's name for this one save. A save whose key and entry are already
    stored (its answer was lost and the phone sends it again, or the offline outbox resends
    it) is a success that stores nothing: the match is returned as it is, with that round.
    A different entry for a round number already stored is a :class:`RoundConflict`.
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
    Round.objects.create(match=match, number=number, entry=dict(entry), entered_by=account, key=key)
    RoundChange.objects.create(
        match=match, number=number, action=RoundChange.Action.ADDED, after=dict(entry), user=account
    )
    registry.get(match.game).round_added(match)
    return _done(match, result)


def _lost_race(match: Match, entry: Mapping[str, Any], *, number: int, key) -> Standings:
    """A unique constraint refused the round: another request won the race for it.

    When it was this same save (same key, sent twice at once), that request stored it:
    a success here too. Called after the transaction rolled back.
    """
    if _already_stored(Round.objects.filter(match=match, key=key), key, entry):
        return standings_service.current(match)
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


def save_entry(viewer: Viewer, pk: int, data, *, seen: str = "", rows: bool = False) -> RoundSave:
    """Read the entry form ``data`` against match ``pk`` and store it as the next round, in one transaction.

    ``seen``: the version of the match the sending page shows (its form names it); ``rows``:
    the page can be answered with an update of what it shows (its standings are then returned
    as ``shown`` when it shows the version the save starts from). The match is folded once:
    the standings it starts from are those kept under its version (``standings.current``).
    """
    attempt = None  # (entry form, number, entry) once the form is valid
    try:
        with transaction.atomic():
            match = _lock(viewer, pk)
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
                    match, entry, number=number, account=viewer.account, key=form.cleaned_data.get("key")
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
        match = get_match_for_viewer(viewer, pk)
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


# --- undo and restore ----------------------------------------------------------------


def _undo(match: Match, *, number: int, account) -> Standings:
    """The writes of an undo in the unit: ``match`` is locked, its rounds loaded.

    A match the table ended keeps its rounds until it is resumed: an undo there would change
    the result the table agreed on without a question.
    """
    if match.closed:
        raise RoundConflict(_("The table ended this match. To undo, resume it first."))
    rounds = sorted(match.rounds.all(), key=lambda r: r.number)
    if not rounds or rounds[-1].number != number:
        raise RoundConflict(registry.get(match.game).words.already_undone % {"number": number})
    last = rounds[-1]
    result = standings_service.standings(match, [r.entry for r in rounds[:-1]])
    RoundChange.objects.create(
        match=match, number=number, action=RoundChange.Action.UNDONE, before=last.entry, user=account
    )
    last.delete()
    return _done(match, result)


def _undone_entry(match: Match, number: int) -> dict[str, Any]:
    """The entry of round ``number`` as it was undone, if that undo is the match's last change.

    Only the last change of the match can be taken back this way: the undo of round ``number``,
    with nothing stored or undone since (else the undone round might no longer fit).
    """
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


def undo_last(viewer: Viewer, pk: int, number: int) -> RoundTaken:
    """Undo round ``number`` of match ``pk``, the last one (a second tap undoes nothing more)."""
    with transaction.atomic():
        match = _lock(viewer, pk)
        try:
            result = _undo(match, number=number, account=viewer.account)
        except RoundConflict as conflict:
            return RoundTaken(match, standings_service.current(match), str(conflict))
        return RoundTaken(match, result, registry.get(match.game).words.undone % {"number": number}, number)


def restore_last(viewer: Viewer, pk: int, number: int) -> RoundTaken:
    """Put back round ``number`` of match ``pk`` exactly as it was undone; the history records it as added again."""
    try:
        with transaction.atomic():
            match = _lock(viewer, pk)
            try:
                # In the same transaction: nothing can slip in between the check and the write.
                entry = _undone_entry(match, number)
                result = _store(match, entry, number=number, account=viewer.account, key=None)
            except (ScoringError, RoundConflict) as error:
                return RoundTaken(match, standings_service.current(match), str(error))
            words = registry.get(match.game).words
            return RoundTaken(match, result, words.restored % {"number": number}, number)
    except IntegrityError:
        # Another request stored a round first (the transaction above was rolled back).
        match = get_match_for_viewer(viewer, pk)
        notice = registry.get(match.game).words.not_restorable % {"number": number}
        return RoundTaken(match, standings_service.current(match), notice)


# --- changing a stored round ----------------------------------------------------------


@dataclass(frozen=True)
class EditPreview:
    """What changing a stored round would do, before anything is written."""

    before: Standings  # the match as it is
    after: Standings  # the match with the changed round (every later round folded again)
    changes: list[tuple[str, int, int]]  # (name, total now, total after the change) in seat order

    @property
    def ends_or_reopens(self) -> bool:
        return self.after.finished != self.before.finished


def _edited(match: Match, entry: Mapping[str, Any], number: int) -> tuple[list[Any], Standings]:
    """The stored rounds and the fold with round ``number`` replaced (raises ``ScoringError``)."""
    rounds = sorted(match.rounds.all(), key=lambda r: r.number)
    if not 1 <= number <= len(rounds):
        raise RoundConflict(registry.get(match.game).words.gone % {"number": number})
    entries = [r.entry for r in rounds]
    entries[number - 1] = dict(entry)
    return rounds, standings_service.standings(match, entries)


def preview_edit(match: Match, entry: Mapping[str, Any], *, number: int) -> EditPreview:
    """Fold the rounds with round ``number`` replaced; raises ``ScoringError`` if they no longer score.

    ``match`` must have its rounds loaded (``Match.objects.with_standings()``); nothing is written.
    """
    _, after = _edited(match, entry, number)
    before = standings_service.current(match)
    changes = [(name, before.totals[name], after.totals[name]) for name in after.players]
    return EditPreview(before, after, changes)


def edit_entry(viewer: Viewer, pk: int, number: int, entry: Mapping[str, Any]) -> Standings:
    """Replace round ``number`` of match ``pk``; every later round is folded again and must still be valid.

    Raises ``ScoringError`` or :class:`RoundConflict` (the round is gone) and changes nothing then.
    A finished match that changes is rated again by the review task, after the answer.
    """
    with transaction.atomic():
        match = _lock(viewer, pk)
        rounds, result = _edited(match, entry, number)
        stored = rounds[number - 1]
        if stored.entry != dict(entry):
            RoundChange.objects.create(
                match=match,
                number=number,
                action=RoundChange.Action.EDITED,
                before=stored.entry,
                after=dict(entry),
                user=viewer.account,
            )
            stored.entry = dict(entry)
            stored.save(update_fields=["entry", "updated_at"])
        return _done(match, result)


# --- ending and resuming ---------------------------------------------------------------


def end_match(viewer: Viewer, pk: int) -> Standings:
    """The table ends match ``pk`` by hand after its last round (club nights: a table ended by the host).

    Any game may end early: the best totals win, as if the game had ended there
    (docs/match-format.md, ``ended``). A match with no round, or one its own rules already
    ended, has nothing to end: a :class:`RoundConflict` (a second phone, a stale page).
    """
    return _set_closed(viewer, pk, True)


def resume_match(viewer: Viewer, pk: int) -> Standings:
    """Take back the table's end of match ``pk``: rounds can be entered again.

    Resuming a match the table did not end changes nothing: a :class:`RoundConflict`.
    """
    return _set_closed(viewer, pk, False)


def _set_closed(viewer: Viewer, pk: int, closed: bool) -> Standings:
    with transaction.atomic():
        match = _lock(viewer, pk)
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
        # The history records who ended or resumed it after which round.
        RoundChange.objects.create(
            match=match,
            number=played,
            action=RoundChange.Action.ENDED if closed else RoundChange.Action.RESUMED,
            user=viewer.account,
        )
        return _done(match, standings_service.standings(match), also=("closed",), rounds=False)


def end_preview(match: Match) -> Standings:
    """The standings if the table ended the match now (nothing is written)."""
    return standings_service.match_file(match).score(closed=True)


# --- the game's own state (Elfer raus!: the bonus board) --------------------------------


class GameSaved(RoundConflict):
    """The tap was for the board of a game that another phone has saved meanwhile."""


class GameOver(RoundConflict):
    """The match is over: the game in play has no state to change."""


@dataclass(frozen=True)
class StateChange:
    """What a change of the game's state did: the match as it is now and its standings."""

    match: Match
    result: Standings


def change_state(
    viewer: Viewer, pk: int, change: Callable[[Match, Standings], Any], *, game: int | None = None
) -> StateChange:
    """Store ``change(match, standings)`` as the match's ``game_state`` (the game's own JSON).

    ``game``: the number of the game in play the page showed; when another phone saved that game
    meanwhile, :class:`GameSaved` is raised and nothing is stored. ``change`` may raise
    ``ScoringError`` (the game's rules refuse it): nothing is stored either. The standings do not
    change, so the derived columns are not written; the new version and the announcement are.
    """
    with transaction.atomic():
        match = _lock(viewer, pk)
        result = standings_service.current(match)
        if result.finished:
            raise GameOver(_("The match is over: the bonus board is closed."))
        if game is not None and game != len(result.rounds) + 1:
            raise GameSaved(_("The game was just saved from another phone: tap again if needed."))
        match.game_state = change(match, result)
        match.version = new_version()
        match.save(update_fields=["game_state", "version"])
        standings_service.keep(match, result)
        live.changed(match)
        return StateChange(match, result)
