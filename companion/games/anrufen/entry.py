"""Anrufen: one deal as tapped at the table (bidder, contract, partner, raise, contra, result).

Every field is optional to the form: the engine says what a deal is missing
("the partner is missing …"), so the message reads as in the CLI. The
form only drops what the table could not have meant: a partner for a
``no_tricks`` bid (played alone; the partner toggles may still be set when
the browser runs no JavaScript to hide them).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from companion.games.entry import COUNT_INVALID, COUNT_NEGATIVE, EntryForm, WholeNumberField
from scoring.anrufen import (
    CARD_POINTS,
    HUNDRED,
    LEVELS,
    MARRIAGE_VALUES,
    MARRIAGES_IN_DECK,
    NEEDS_POINTS,
    NEEDS_TRICKS,
    STAKES,
    TRICKS,
)

# The base stake is in the label so the table sees what a contract is worth while choosing it.
CONTRACT_LABELS = {
    "normal": _("Normal (1)"),
    "hundred": _("Hundred (2)"),
    "no_tricks": _("No tricks (2)"),
    "all_tricks": _("All tricks (2)"),
    "all_tricks_hundred": _("All tricks + 100 (3)"),
}
# The partner may raise to any higher level except no_tricks (which is played alone).
RAISES = [key for key in LEVELS if key not in {"normal", "no_tricks"}]
SIDES = {"bidder": _("Bidder's side"), "opponents": _("Opponents")}

TOGGLE = {"class": "btn-check", "autocomplete": "off"}
# The partner choice "Nobody (alone)": stored as no partner, like a choice not made; the engine
# says when the contract needs one.
ALONE = "alone"


class AnrufenEntryForm(EntryForm):
    game = "anrufen"
    template_name = "games/anrufen/entry.html"

    def add_fields(self) -> None:
        seats = [(str(i), name) for i, name in enumerate(self.players)]
        self.fields["redeal"] = forms.BooleanField(required=False, label=_("Redeal (everybody passed)"))
        self.fields["bidder"] = forms.TypedChoiceField(
            label=_("Bidder"),
            choices=seats,
            coerce=int,
            empty_value=None,  # no bidder tapped: the engine says so (an empty string is no seat)
            required=False,
            widget=forms.RadioSelect(attrs=TOGGLE),
        )
        self.fields["bid"] = forms.ChoiceField(
            label=_("Contract"),
            choices=list(CONTRACT_LABELS.items()),
            required=False,
            initial="normal",
            widget=forms.RadioSelect(attrs=TOGGLE),
        )
        if self.has_partner:
            # Nothing is chosen until the table taps the partner: a normal deal has one, so a
            # pre-chosen "alone" only made the first save fail. Alone is a choice of its own.
            self.fields["partner"] = forms.ChoiceField(
                label=_("Partner"),
                choices=[(ALONE, _("Nobody (alone)")), *seats],
                required=False,
                widget=forms.RadioSelect(attrs=TOGGLE),
            )
            self.fields["raised_to"] = forms.ChoiceField(
                label=_("Raised by the partner to"),
                choices=[("", _("No raise")), *((key, CONTRACT_LABELS[key]) for key in RAISES)],
                required=False,
                initial="",
                widget=forms.RadioSelect(attrs=TOGGLE),
            )
        self.fields["contra"] = forms.BooleanField(
            label=_("Contra"), required=False, widget=forms.CheckboxInput(attrs=TOGGLE)
        )
        self.fields["points"] = WholeNumberField(
            label=_("Card points of the bidder's side"),
            required=False,
            widget=_number(0, CARD_POINTS, 10),
        )
        self.fields["tricks"] = forms.IntegerField(
            label=_("Tricks of the bidder's side"),
            required=False,
            error_messages={"invalid": COUNT_INVALID},
            widget=_number(0, self.most_tricks, 1),
        )
        for side in SIDES:
            self.fields[f"{side}_trump"] = forms.BooleanField(
                label=_("Trump (40)"), required=False, widget=forms.CheckboxInput(attrs=TOGGLE)
            )
            # A count is never negative; more than the deck holds is the engine's to say.
            self.fields[f"{side}_plain"] = forms.IntegerField(
                label=_("Plain (20 each)"),
                required=False,
                min_value=0,
                max_value=MARRIAGES_IN_DECK["plain"],
                initial=0,
                error_messages={
                    "invalid": COUNT_INVALID,
                    "min_value": COUNT_NEGATIVE,
                    "max_value": _("A deck holds at most %(limit_value)s plain marriages."),
                },
                widget=_number(0, MARRIAGES_IN_DECK["plain"], 1),
            )

    @property
    def has_partner(self) -> bool:
        """With 3 players the bidder always plays alone: no partner, and so no raise."""
        return len(self.players) == 4

    @property
    def most_tricks(self) -> int:
        return TRICKS[len(self.players)]

    # The less common inputs, behind "Raise, contra, marriages, redeal" on the scoreboard.
    MORE = (
        "raised_to",
        "contra",
        "redeal",
        *(f"{side}_{kind}" for side in SIDES for kind in ("trump", "plain")),
    )

    def more_open(self) -> bool:
        """The "more" part opens by itself when it holds a value (editing such a round) or an error."""
        for name in self.MORE:
            if name not in self.fields:
                continue
            if self[name].errors or self[name].value() not in (None, "", False, 0, "0", "False"):
                return True
        return False

    def marriage_sides(self):
        """(label, trump field, plain field) per side, for the template."""
        return [(label, self[f"{side}_trump"], self[f"{side}_plain"]) for side, label in SIDES.items()]

    def rules_json(self) -> str:
        """The engine's own tables for the form's enhancer (which parts a contract uses; the stakes).

        The preview's verdict itself comes from the engine (``round_preview``), never from these.
        """
        return json.dumps(
            {
                "players": self.players,
                "contra": self.options.get("contra", "add"),
                "stakes": STAKES,
                "needsPoints": sorted(NEEDS_POINTS),
                "needsTricks": sorted(NEEDS_TRICKS),
                "levels": LEVELS,
                "tricks": self.most_tricks,
                "cardPoints": CARD_POINTS,
                "hundred": HUNDRED,
                "marriageValues": MARRIAGE_VALUES,
            }
        )

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
        if entry.get("redeal") is True:
            return {"redeal": True}
        seat = {name: i for i, name in enumerate(players)}
        marriages = entry.get("marriages") or {}
        initial: dict[str, Any] = {
            "bidder": seat.get(entry.get("bidder")),
            "bid": entry.get("bid", ""),
            "partner": str(seat[entry["partner"]]) if entry.get("partner") in seat else ALONE,
            "raised_to": entry.get("raised_to", ""),
            "contra": entry.get("contra") is True,
            "points": entry.get("points"),
            "tricks": entry.get("tricks"),
        }
        for side in SIDES:
            kinds = marriages.get(side) or []
            initial[f"{side}_trump"] = "trump" in kinds
            initial[f"{side}_plain"] = sum(1 for kind in kinds if kind == "plain")
        return initial

    def to_entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        if data.get("redeal"):
            return {"redeal": True}
        entry: dict[str, Any] = {}
        if data.get("bidder") is not None:
            entry["bidder"] = self.players[data["bidder"]]
        if data.get("bid"):
            entry["bid"] = data["bid"]
        if data.get("partner") not in (None, "", ALONE) and data.get("bid") != "no_tricks":
            entry["partner"] = self.players[int(data["partner"])]
        if data.get("raised_to"):
            entry["raised_to"] = data["raised_to"]
        if data.get("contra"):
            entry["contra"] = True
        for key in ("points", "tricks"):
            if data.get(key) is not None:
                entry[key] = data[key]
        marriages = {}
        for side in SIDES:
            kinds = ["trump"] * bool(data.get(f"{side}_trump")) + ["plain"] * (data.get(f"{side}_plain") or 0)
            if kinds:
                marriages[side] = kinds
        if marriages:
            entry["marriages"] = marriages
        return entry


def _number(low: int, high: int, step: int) -> forms.NumberInput:
    # Ranges guide the keyboard and the steppers; the engine checks them and says why.
    return forms.NumberInput(
        attrs={"min": low, "max": high, "step": step, "inputmode": "numeric", "class": "form-control"}
    )


FORM = AnrufenEntryForm
