"""Elfer raus! Master: the end of one game, and the bonus board kept while it is played.

The entry is what lies on the table when somebody has played his last card:
per player the bonus cards taken, the jokers and the number cards still in
hand. The hand is typed ("3 17 21", commas allowed) or tapped on a keypad;
bonus cards and jokers have steppers. The player who went out is marked so
that JavaScript can empty and lock his hand; the engine finds him by his empty
hand, so the mark is not stored.

The bonus board (``scoring.elfer_board``) is kept on the match while a game is
played. The form takes it as ``board`` (the ``Match.game_state`` JSON, ``None`` for
an empty board): its counts pre-fill the bonus fields of a new entry, and
:class:`BoardView` is what the scoreboard shows of it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from companion.games.elfer.board import BoardView, load_board
from companion.games.entry import COUNT_INVALID, COUNT_NEGATIVE, EntryForm
from scoring.elfer import HIGHEST_CARD, LOWEST_CARD, TABLE_CARD, game_score
from scoring.elfer_board import BONUS_CARDS

# The values a hand can hold, in keypad order: the 11s start on the table.
CARD_VALUES = [value for value in range(LOWEST_CARD, HIGHEST_CARD + 1) if value != TABLE_CARD]

# Spaces or commas between values; a dot too, as a phone's decimal pad offers "." or "," (by language).
CARD_SEPARATORS = re.compile(r"[\s,.;]+")
WHOLE_NUMBER = re.compile(r"[+-]?\d+")


def parse_cards(text: str) -> list[int]:
    """'3 17 21', '3, 17, 21' or '3.17.21' as [3, 17, 21]; a ValueError for anything that is not a number.

    Only the notation is checked here: 11s, 0 or 25 go to the engine, whose
    message names the player and the rule.
    """
    values = [part for part in CARD_SEPARATORS.split(text.strip()) if part]
    if not all(WHOLE_NUMBER.fullmatch(part) for part in values):
        raise ValueError(text)
    return [int(part) for part in values]


def _count(value: Any) -> int:
    """A bonus or joker count as typed; 0 while it is empty or no count."""
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 0


def live_scores(players: Sequence[str], data: Mapping[str, Any]) -> dict[str, Any]:
    """The score beside each hand as it is typed ("-20", "?" for a hand that is no cards yet) and
    the bonus cards and jokers counted, by the engine's formula (``scoring.elfer.game_score``).

    A field the page does not send (the locked hand of the one who went out) counts as empty.
    """
    scores = []
    bonus_given = jokers_held = 0
    for index in range(len(players)):
        bonus, jokers = _count(data.get(f"bonus_{index}")), _count(data.get(f"jokers_{index}"))
        bonus_given += bonus
        jokers_held += jokers
        try:
            hand = parse_cards(str(data.get(f"cards_{index}", "")))
        except ValueError:
            hand = None
        # A value no card has (a 0, or 31 ones in a row) is left to Save, which says why.
        if hand is None or not all(LOWEST_CARD <= value <= HIGHEST_CARD for value in hand):
            scores.append("?")
        else:
            score = game_score(bonus, hand, jokers)
            scores.append(f"+{score}" if score > 0 else str(score).replace("-", "\u2212"))
    sums = gettext("Bonus cards given out: {bonus} of 7 · jokers held: {jokers} of 4")
    return {"scores": scores, "sums": sums.format(bonus=bonus_given, jokers=jokers_held)}


@dataclass(frozen=True)
class PlayerFields:
    """One player's part of the form, for the template."""

    index: int
    name: str
    went_out: Any  # the player's radio (a BoundWidget)
    bonus: forms.BoundField
    jokers: forms.BoundField
    cards: forms.BoundField
    score: str  # the live score beside the hand as the page opens (js updates it from the preview)


class ElferEntryForm(EntryForm):
    game = "elfer"
    template_name = "games/elfer/entry.html"
    card_values = CARD_VALUES
    bonus_cards = BONUS_CARDS
    refused_field_kinds = {
        "elfer.bonus": "bonus",
        "elfer.jokers": "jokers",
        "elfer.hand": "cards",
        "elfer.card": "cards",
        "elfer.holds_eleven": "cards",
    }

    def __init__(self, *args, board: Mapping[str, Any] | None = None, **kwargs):
        self.board_data = board
        super().__init__(*args, **kwargs)
        self.bonus_board = BoardView(load_board(board, self.players))
        if not self.is_bound:
            # A new entry starts from the board: the table only checks the bonus cards.
            for seat in self.bonus_board.seats:
                self.fields[f"bonus_{seat.index}"].initial = seat.bonus

    def add_fields(self) -> None:
        self.fields["went_out"] = forms.TypedChoiceField(
            label=_("Went out"),
            choices=[(index, name) for index, name in enumerate(self.players)],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect(attrs={"class": "form-check-input went-out"}),
        )
        for index, name in enumerate(self.players):
            self.fields[f"bonus_{index}"] = self._count_field(
                _("%(name)s's bonus cards") % {"name": name}, "bonus"
            )
            self.fields[f"jokers_{index}"] = self._count_field(
                _("%(name)s's jokers") % {"name": name}, "jokers"
            )
            self.fields[f"cards_{index}"] = forms.CharField(
                label=_("Cards left in %(name)s's hand") % {"name": name},
                required=False,
                max_length=200,
                widget=forms.TextInput(
                    attrs={
                        "class": "form-control cards-in-hand",
                        # The decimal pad: digits and a separator key, where the plain numeric
                        # keypad of a phone has no way to type a space or a comma.
                        "inputmode": "decimal",
                        "autocomplete": "off",
                        "spellcheck": "false",
                        "placeholder": _("none"),
                    }
                ),
            )

    @staticmethod
    def _count_field(label: str, kind: str) -> forms.IntegerField:
        return forms.IntegerField(
            label=label,
            min_value=0,
            required=False,
            initial=0,
            error_messages={"invalid": COUNT_INVALID, "min_value": COUNT_NEGATIVE},
            widget=forms.NumberInput(
                attrs={
                    "class": f"form-control count-input count-{kind}",
                    "min": 0,
                    "step": 1,
                    "inputmode": "numeric",
                }
            ),
        )

    # -- parsing --

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for index in range(len(self.players)):
            text = data.get(f"cards_{index}")
            if text is None:  # already refused (too long)
                continue
            try:
                data[f"cards_{index}"] = parse_cards(text)
            except ValueError:
                self.add_error(f"cards_{index}", _("Enter the card values as numbers, e.g. 3,17,21"))
        hands = [
            data.get(f"cards_{index}") or data.get(f"jokers_{index}") for index in range(len(self.players))
        ]
        if not self.errors and not any(hands):
            # Nothing typed at all: say what a game's entry is rather than the engine's "all have an empty hand".
            raise forms.ValidationError(
                _("Enter the cards each player still holds; only the player who went out has none.")
            )
        went_out = data.get("went_out")
        if went_out is not None and (data.get(f"cards_{went_out}") or data.get(f"jokers_{went_out}")):
            # Without JavaScript the mark and the hand can disagree; the engine
            # would take whoever else has an empty hand, so say it here.
            self.add_error(
                f"cards_{went_out}",
                _("%(name)s is marked as the one who went out, but still holds cards.")
                % {"name": self.players[went_out]},
            )
        return data

    # -- the round object --

    def to_entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        bonus, cards, jokers = {}, {}, {}
        for index, name in enumerate(self.players):
            if data.get(f"bonus_{index}"):
                bonus[name] = data[f"bonus_{index}"]
            if data.get(f"cards_{index}"):
                cards[name] = list(data[f"cards_{index}"])
            if data.get(f"jokers_{index}"):
                jokers[name] = data[f"jokers_{index}"]
        # Only what somebody holds or took: a player left out of a map has 0 / no cards.
        sections = {"bonus": bonus, "cards": cards, "jokers": jokers}
        return {key: section for key, section in sections.items() if section}

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
        bonus = entry.get("bonus") or {}
        cards = entry.get("cards") or {}
        jokers = entry.get("jokers") or {}
        initial: dict[str, Any] = {}
        empty = []
        for index, name in enumerate(players):
            hand = cards.get(name) or []
            initial[f"bonus_{index}"] = bonus.get(name, 0)
            initial[f"jokers_{index}"] = jokers.get(name, 0)
            initial[f"cards_{index}"] = " ".join(str(value) for value in hand)
            if not hand and not jokers.get(name):
                empty.append(index)
        if len(empty) == 1:
            initial["went_out"] = empty[0]
        return initial

    # -- for the template --

    def bonus_or_jokers_errors(self) -> bool:
        """The bonus and jokers part opens by itself when one of its fields was refused."""
        return any(
            self[f"{kind}_{index}"].errors
            for kind in ("bonus", "jokers")
            for index in range(len(self.players))
        )

    def live(self) -> dict[str, Any]:
        """The live scores and sums as the form opens, as the preview says them once it is typed in."""
        kinds = ("bonus", "jokers", "cards")
        values = {
            f"{kind}_{index}": self[f"{kind}_{index}"].value()
            for kind in kinds
            for index in range(len(self.players))
        }
        return live_scores(self.players, {name: value for name, value in values.items() if value is not None})

    def player_fields(self) -> list[PlayerFields]:
        radios = list(self["went_out"])
        scores = self.live()["scores"]
        return [
            PlayerFields(
                index,
                name,
                radios[index],
                self[f"bonus_{index}"],
                self[f"jokers_{index}"],
                self[f"cards_{index}"],
                scores[index],
            )
            for index, name in enumerate(self.players)
        ]


FORM = ElferEntryForm
