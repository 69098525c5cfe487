"""Murlan: the finishing order, tapped player by player (or chosen place by place)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from companion.games.entry import EntryForm

PLACE_NAMES = [
    pgettext_lazy("finishing place", "1st"),
    pgettext_lazy("finishing place", "2nd"),
    pgettext_lazy("finishing place", "3rd"),
    pgettext_lazy("finishing place", "4th"),
    pgettext_lazy("finishing place", "5th"),
    pgettext_lazy("finishing place", "6th"),
]


class MurlanEntryForm(EntryForm):
    game = "murlan"
    template_name = "games/murlan/entry.html"

    def add_fields(self) -> None:
        choices = [("", "—"), *((str(i), name) for i, name in enumerate(self.players))]
        for place in range(len(self.players)):
            self.fields[f"place_{place}"] = forms.TypedChoiceField(
                label=_("%(place)s place") % {"place": PLACE_NAMES[place]},
                choices=choices,
                coerce=int,
                empty_value=None,
                # Not required one by one: a missing place is said once for the whole order (clean).
                required=False,
                widget=forms.Select(attrs={"class": "form-select form-select-lg"}),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        count = len(self.players)
        placed = sum(data.get(f"place_{place}") is not None for place in range(count))
        if not self.errors and placed < count:
            raise forms.ValidationError(
                _("Tap the players in finishing order: %(placed)s of %(count)s placed.")
                % {"placed": placed, "count": count}
            )
        return data

    def places(self):
        return [self[f"place_{place}"] for place in range(len(self.players))]

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
        order = entry.get("order", [])
        return {f"place_{place}": players.index(name) for place, name in enumerate(order) if name in players}

    def to_entry(self) -> dict[str, Any]:
        return {"order": [self.players[self.cleaned_data[f"place_{p}"]] for p in range(len(self.players))]}


FORM = MurlanEntryForm
