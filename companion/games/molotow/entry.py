"""Molotow Jass: every player's card points, and who drew the highest card after a three-way tie.

The four points fields are named by seat (``points_0`` … ``points_3``) and
only parse whole numbers: that they add up to 157, lie between 0 and 157, and
whether a draw is needed are the engine's rules, so its message is the one
shown. ``draw_loser`` is a seat index or empty; empty means "not given" and
the key is left out of the round, as the match format wants it absent
outside a three-way tie under 100.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from companion.games.entry import EntryForm, WholeNumberField
from scoring.molotow import ALL_POINTS, DRAW_LOSER, three_tied


def draw_offered(players: Sequence[str], data: Mapping[str, Any]) -> dict[str, Any]:
    """``tied``: the seats the draw is offered to, by the engine's rule (three on one value under
    100, ``scoring.molotow.three_tied``); none until every field holds a whole number.
    """
    fields = [str(data.get(f"points_{seat}", "")).strip() for seat in range(len(players))]
    if not all(field.isascii() and field.isdigit() for field in fields):
        return {"tied": []}
    points = dict(zip(players, map(int, fields), strict=True))
    return {"tied": [players.index(name) for name in three_tied(points, players)]}


class MolotowEntryForm(EntryForm):
    game = "molotow"
    template_name = "games/molotow/entry.html"

    # For the template and the script: the sum every deal must reach.
    all_points = ALL_POINTS

    def add_fields(self) -> None:
        for seat, name in enumerate(self.players):
            self.fields[f"points_{seat}"] = WholeNumberField(
                label=name,
                # A missing value is said in clean(): once for an empty deal, else under the field.
                required=False,
                # A text field with a numeric keyboard: type=number would change the value on a
                # scroll and lets "e" and "-" through on some phones.
                widget=forms.TextInput(
                    attrs={
                        "class": "form-control molotow-points-input",
                        "inputmode": "numeric",
                        "pattern": "[0-9]*",
                        "autocomplete": "off",
                        "required": True,  # said to screen readers; the form checks it (clean)
                        "data-seat": str(seat),
                    }
                ),
            )
        # The "no draw" choice lets a person without JavaScript take a tapped radio back.
        self.fields[DRAW_LOSER] = forms.TypedChoiceField(
            label=_("Who drew the highest card?"),
            choices=[("", _("No draw")), *((str(seat), name) for seat, name in enumerate(self.players))],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect(attrs={"class": "form-check-input"}),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = [f"points_{seat}" for seat in range(len(self.players))]
        missing = [name for name in names if data.get(name) is None and name not in self.errors]
        if len(missing) == len(names):
            raise forms.ValidationError(
                _("Enter each player's card points: %(total)s in all.") % {"total": ALL_POINTS}
            )
        for name in missing:
            self.add_error(name, _("Missing"))
        return data

    def point_fields(self):
        return [self[f"points_{seat}"] for seat in range(len(self.players))]

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
        points = entry.get("points") or {}
        initial: dict[str, Any] = {
            f"points_{seat}": points[name] for seat, name in enumerate(players) if name in points
        }
        if entry.get(DRAW_LOSER) in players:
            initial[DRAW_LOSER] = players.index(entry[DRAW_LOSER])
        return initial

    def to_entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        entry: dict[str, Any] = {
            "points": {name: data[f"points_{seat}"] for seat, name in enumerate(self.players)}
        }
        if data.get(DRAW_LOSER) is not None:
            entry[DRAW_LOSER] = self.players[data[DRAW_LOSER]]
        return entry


FORM = MolotowEntryForm
