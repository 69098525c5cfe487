"""The start-a-match form: the game, the seats and the house rules the engine offers.

The rules about seats and options live in :mod:`companion.play.setup`
(``check_setup``); this module turns them into fields and back.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from companion.games import registry
from companion.i18n.errors import name_error_text, sentence
from companion.models import GameNight, Match
from companion.play.setup import (
    OPTION_PREFIX,
    SEAT_PREFIX,
    Setup,
    SetupError,
    check_setup,
    create_match,
    option_display,
    option_label,
    tidy_name,
)
from scoring.base import Option
from scoring.names import name_problem
from scoring.registry import ENGINES


def game_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) and value in ENGINES else None


def carried_initial(data: Mapping[str, Any], game: str) -> dict[str, Any]:
    """Names and dealer typed for one game, as the initial data of another game's form.

    The filled rows move up (empty rows are unused anyway); names beyond the
    new game's seats are dropped; the dealer follows its name.
    """
    engine = ENGINES[game]
    rows = []
    for index in range(max(engine.max_players for engine in ENGINES.values())):
        name = tidy_name(data.get(f"{SEAT_PREFIX}{index}", ""))
        if name:
            rows.append((index, name))
    rows = rows[: engine.max_players]
    initial: dict[str, Any] = {"game": game, "setup_game": game, "first_dealer": 0}
    dealer_row = data.get("first_dealer")
    for position, (index, name) in enumerate(rows):
        initial[f"{SEAT_PREFIX}{position}"] = name
        if str(index) == str(dealer_row):
            initial["first_dealer"] = position
    return initial


def option_field(option: Option) -> forms.Field:
    label = option_label(option)
    help_text = gettext(option.help) if option.help else ""
    if option.kind is bool:
        return forms.BooleanField(
            label=label, help_text=help_text, required=False, initial=bool(option.default)
        )
    if option.kind is int:
        attrs: dict[str, Any] = {"inputmode": "numeric", "step": 1}
        if option.minimum is not None:
            attrs["min"] = option.minimum
        if option.maximum is not None:
            attrs["max"] = option.maximum
        if option.nullable:
            attrs["placeholder"] = gettext("open")
            # The rule's own help says what empty means ("empty: no target"); else this does.
            help_text = help_text or gettext("Leave it empty for an open match.")
        # No min_value/max_value here: the engine checks the range and says so in its words.
        example = option.default if option.default is not None else (option.minimum or 1)
        whole = gettext("Enter a whole number, like %(number)s.") % {"number": example}
        return forms.IntegerField(
            label=label,
            help_text=help_text,
            required=not option.nullable,
            initial=option.default,
            widget=forms.NumberInput(attrs=attrs),
            error_messages={"required": whole, "invalid": whole},
        )
    return forms.ChoiceField(
        label=label,
        help_text=help_text,
        choices=[(choice, gettext(choice)) for choice in option.choices],
        initial=option.default,
        widget=forms.RadioSelect,
    )


def _as_text(value: Any) -> str:
    return "" if value is None else str(value)


class MatchSetupForm(forms.Form):
    """The setup of one game: the fields depend on ``game`` (seat rows, house rules).

    ``game`` is the radio the user picked; ``setup_game`` the game whose seats
    and rules the page showed. The view treats a difference as "show me that
    game" rather than starting a match with rules nobody saw.
    """

    game = forms.ChoiceField(label=_("Game"), choices=registry.choices, widget=forms.RadioSelect)
    setup_game = forms.ChoiceField(choices=registry.choices, widget=forms.HiddenInput)

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.engine = ENGINES[game]
        self.game_key = game
        # The seat rows of the names checked, in order: filled in by clean() (add_setup_error).
        self.seated: list[int] = []
        self.fields["game"].initial = game
        self.fields["setup_game"].initial = game
        rows = self.engine.max_players
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label=_("Deals first"),
            choices=[(index, str(index + 1)) for index in range(rows)],
            coerce=int,
            required=False,
            empty_value=0,
            initial=0,
            widget=forms.RadioSelect,
        )
        for index in range(rows):
            self.fields[f"{SEAT_PREFIX}{index}"] = forms.CharField(
                label=gettext("Seat %(number)d") % {"number": index + 1},
                required=False,
                strip=True,
                # No max_length and no maxlength: the browser would cut a pasted name without a
                # word. clean() refuses a name too long at its seat with the name rule's sentence,
                # on the tidied name (untidy spaces do not count against the limit).
                widget=forms.TextInput(
                    attrs={
                        "list": "roster-names",
                        "class": "form-control seat-input",
                        "autocomplete": "off",
                        "autocapitalize": "words",
                        "spellcheck": "false",
                        "enterkeyhint": "next",
                        "data-seat": index,
                    }
                ),
            )
        for option in self.engine.options:
            self.fields[f"{OPTION_PREFIX}{option.name}"] = option_field(option)
        self.setup: Setup | None = None

    # -- for the template --

    def seat_rows(self) -> list[dict[str, Any]]:
        dealer = str(self["first_dealer"].value() if self["first_dealer"].value() is not None else 0)
        count = self.engine.max_players
        return [
            {
                "index": index,
                "number": index + 1,
                "field": self[f"{SEAT_PREFIX}{index}"],
                "is_dealer": str(index) == dealer,
                "first": index == 0,
                "last": index == count - 1,
            }
            for index in range(count)
        ]

    @cached_property
    def rule_fields(self) -> list[dict[str, Any]]:
        rows = []
        for option in self.engine.options:
            field = self[f"{OPTION_PREFIX}{option.name}"]
            value = field.value()
            if self.is_bound and option.kind is bool:
                value = field.field.to_python(value)
            rows.append(
                {
                    "option": option,
                    "field": field,
                    "label": option_label(option),
                    "kind": "choice" if option.choices else option.kind.__name__,
                    "display": option_display(option, value),
                    "changed": _as_text(value) != _as_text(option.default),
                }
            )
        return rows

    def rules_changed(self) -> bool:
        return any(row["changed"] for row in self.rule_fields)

    def rule_errors(self) -> bool:
        return any(self.has_error(f"{OPTION_PREFIX}{option.name}") for option in self.engine.options)

    # -- checking --

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            # Field errors first (a missing number, a name too long): the engine needs clean values.
            return data
        rows = [
            (index, tidy_name(data.get(f"{SEAT_PREFIX}{index}", "")))
            for index in range(self.engine.max_players)
        ]
        rows = [(index, name) for index, name in rows if name]
        for index, name in rows:
            # Said at the seat, in words: the engine's sentence would quote the name as '\u200b'.
            problem = name_problem(name)
            if problem is not None:
                self.add_error(f"{SEAT_PREFIX}{index}", sentence(name_error_text(problem)))
        if self.errors:
            return data
        dealer_row = data.get("first_dealer") or 0
        filled = [index for index, _ in rows]
        if rows and dealer_row not in filled:
            raise forms.ValidationError(
                gettext("Seat %(number)d deals first but is empty: choose a dealer among the seated players.")
                % {"number": dealer_row + 1}
            )
        options = {option.name: data.get(f"{OPTION_PREFIX}{option.name}") for option in self.engine.options}
        self.seated = filled
        try:
            self.setup = check_setup(
                self.engine,
                [name for _, name in rows],
                filled.index(dealer_row) if rows else 0,
                options,
            )
        except SetupError as error:
            self.add_setup_error(error)
        return data

    def add_setup_error(self, error: SetupError) -> None:
        field = f"{OPTION_PREFIX}{error.option}" if error.option else None
        if error.seat is not None and error.seat < len(self.seated):
            field = f"{SEAT_PREFIX}{self.seated[error.seat]}"  # said at the seat, beside the name
        self.add_error(field if field in self.fields else None, error.message)

    def save(self, night: GameNight, user) -> Match | None:
        """Start the match (after ``is_valid()``); a :class:`SetupError` becomes a form error (``None``)."""
        assert self.setup is not None
        try:
            return create_match(
                night, self.game_key, self.setup.names, self.setup.first_dealer, self.setup.options, user
            )
        except SetupError as error:
            self.add_setup_error(error)
            return None
