"""What every round entry form has in common (each game's form is ``companion/games/<game>/entry.py``).

A form turns what a person typed or tapped into a round object of the match
file (``to_entry``) and back (``initial_from_entry``, for editing). It checks
only what the browser could get wrong (a number that is not a number); the
game's rules are checked by its engine, so a message reads the same in the
form, the CLI and an import.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.base import ScoringError, Standings

# Points as a person types them: digits, perhaps signed. Django's IntegerField would take "90." as 90
# (a phone's decimal key, or "90.5" cut short by the field), which stores what nobody meant.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class WholeNumberField(forms.IntegerField):
    """A whole number of points, and nothing that merely looks like one: "90.", "90.5", "1e2" are refused
    with the table's sentence. How large it may be is the engine's to say, with the limit named."""

    default_error_messages = {"invalid": _("Points are whole numbers, like 90.")}

    def to_python(self, value):
        if isinstance(value, str) and value.strip() and not WHOLE_NUMBER.fullmatch(value.strip()):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


# A count of cards, tricks or marriages, in the table's words rather than Django's.
COUNT_INVALID = _("Enter a whole number, like 2.")
COUNT_NEGATIVE = _("A count is never below 0.")


class EntryForm(forms.Form):
    """Base of the per-game entry forms.

    Fields are named by seat (``points_0``), never by player name, so any name
    is safe in HTML. ``number`` is the round the form saves: the server refuses
    it when that round has been stored meanwhile (a double tap, another phone),
    unless the stored round carries this form's ``key`` (then it is this very save).
    """

    game: ClassVar[str]
    template_name: ClassVar[str]
    # Where a player has several fields: which one an engine error is about, by the start of its
    # code ("elfer.holds_eleven" -> "cards": cards_1). Codes not listed mark all the player's fields.
    refused_field_kinds: ClassVar[dict[str, str]] = {}

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    # One save's name, made fresh for each new form: a retry of the same save (a lost answer,
    # the offline outbox) is recognised by it and stores nothing twice (play/rounds.save_entry).
    key = forms.UUIDField(widget=forms.HiddenInput, required=False, initial=uuid.uuid4)

    def __init__(
        self,
        *args,
        players: Sequence[str],
        options: Mapping[str, Any],
        standings: Standings | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.options = dict(options)
        self.standings = standings
        self.add_fields()

    def add_fields(self) -> None:
        """Add the game's fields (they depend on the seats)."""
        raise NotImplementedError

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
        """The form's initial data for editing a stored round."""
        raise NotImplementedError

    def to_entry(self) -> dict[str, Any]:
        """The round object of the match file, from ``cleaned_data``."""
        raise NotImplementedError

    def seats(self):
        """(index, name) pairs for templates."""
        return list(enumerate(self.players))

    def refused_fields(self, error: Exception) -> list[str]:
        """The fields to look at when the engine refuses the round: those of the player its
        sentence names ("Anna's points must be at least 0"), by the seat in their name."""
        name = error.params.get("name") if isinstance(error, ScoringError) else None
        if name not in self.players:
            return []
        suffix = f"_{self.players.index(name)}"
        kinds = [kind for code, kind in self.refused_field_kinds.items() if error.code.startswith(code)]
        return [
            field
            for field in self.fields
            if field.endswith(suffix) and (not kinds or field == kinds[0] + suffix)
        ]

    def mark_refused(self, error: Exception) -> None:
        """Mark the refused player's fields invalid, pointing at the sentence that says why
        (shown once, by Save, not again under each field)."""
        for field in self.refused_fields(error):
            self.fields[field].widget.attrs.update(
                {"aria-invalid": "true", "aria-describedby": "entry-error"}
            )
