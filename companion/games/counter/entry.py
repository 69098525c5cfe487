"""Free scoring: one field per player, a whole number of points, blank for nothing.

Fields are text inputs with a numeric keyboard, because ``type=number`` changes
a value on a scroll and many phone keypads have no minus key: the enhancer
(``static/games/counter/entry.js``) adds a ± button beside each field. A blank
field leaves the player out of the round (the engine counts 0); the engine
refuses a round with every field blank, so its message is the one shown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from companion.games.entry import EntryForm, WholeNumberField

# Phones type the minus sign in several shapes: the hyphen, the Unicode minus, the en dash.
MINUS_SIGNS = re.compile("^[\u2212\u2013\u2012]")


class PointsField(WholeNumberField):
    """A whole number that may start with any minus sign a phone keyboard offers."""

    def to_python(self, value):
        if isinstance(value, str):
            value = MINUS_SIGNS.sub("-", value.strip().replace(" ", "").replace("+", ""))
        return super().to_python(value)


class CounterEntryForm(EntryForm):
    game = "counter"
    template_name = "games/counter/entry.html"

    def add_fields(self) -> None:
        for seat, name in enumerate(self.players):
            self.fields[f"points_{seat}"] = PointsField(
                label=name,
                # No bounds here: the engine refuses more than MOST_POINTS either way, naming the player
                # and the limit ("Anna has 100001 points, but a round gives at most 100,000 either way").
                required=False,
                error_messages={"invalid": _("Enter a whole number, like 12 or -5.")},
                widget=forms.TextInput(
                    attrs={
                        "class": "form-control counter-points-input",
                        "inputmode": "numeric",
                        "autocomplete": "off",
                        "maxlength": "8",
                        "placeholder": "0",
                        "data-seat": str(seat),
                    }
                ),
            )

    def point_fields(self):
        return [self[f"points_{seat}"] for seat in range(len(self.players))]

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
        points = entry.get("points") or {}
        return {f"points_{seat}": points[name] for seat, name in enumerate(players) if name in points}

    def to_entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "points": {
                name: data[f"points_{seat}"]
                for seat, name in enumerate(self.players)
                if data.get(f"points_{seat}") is not None
            }
        }


FORM = CounterEntryForm
