"""Starting a match: the setup form and the ``create_match`` service.

The page (``companion.views.match_setup``) asks for three things: the game,
the seats in clockwise order with who deals first, and the house rules.

Decisions:

* **One service, one set of checks.** :func:`check_setup` is pure (no
  database): it tidies the names, refuses the same player twice and lets the
  engine check the player count (``clean_players``) and the house rules
  (``clean_options``). The form calls it in ``clean()`` so every problem shows
  at once; :func:`create_match` calls it again inside its transaction, so other
  callers (the rematch) get the same checks. A problem the user can cause is a
  :class:`SetupError`; nothing is stored then.
* **Players by name.** A seat holds a name: an existing player of the night
  *owner's* roster when the name matches case-insensitively ("anna" seats
  "Anna"), else a new player of the owner (also when a member starts the
  match), with whitespace tidied ("  Anna   Maria " is "Anna Maria"). Two
  phones creating the same new name at once meet the database's unique
  constraint; the loser simply takes the player the winner created.
* **Empty seat rows are unused.** The page shows as many rows as the game's
  most players; the filled rows, in order, are the seats (position 0, 1, …,
  clockwise). "Deals first" is chosen per row and becomes the index of that
  row among the filled ones (``Match.first_dealer``); a dealer on an empty row
  is refused.
* **House rules.** Generated from the engine's ``options``: whole numbers as
  number inputs (the browser gets ``min``/``max``, but the engine's checks are
  the ones that count), a nullable number may stay empty ("open": the table
  ends the match), booleans as checkboxes, text choices as radios. They are
  stored cleaned, with every default filled in and without ``first_dealer``
  (the seat index is on the match). An engine error about an option is shown
  at that option, its text with the option's label instead of its key
  ("Deals must be at most 100, not 500").
* **Texts.** The engines are plain Python and English; their option labels,
  help texts and choices are translated at display time with ``gettext`` and
  listed in :data:`ENGINE_TEXTS` so ``makemessages`` finds them (a test keeps
  that list complete).
* **Changing the game** keeps the typed names (and the dealer) but resets the
  house rules to the new game's defaults: the rules differ per game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django import forms
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from companion import standings
from companion.access import players_for_night
from companion.models import Game, GameNight, Match, Player, Seat
from scoring.base import FIRST_DEALER, Engine, Option, ScoringError
from scoring.registry import ENGINES, get_engine

DEFAULT_GAME = Game.MOLOTOW.value
NAME_MAX_LENGTH = Player._meta.get_field("name").max_length
OPTION_PREFIX = "opt_"
SEAT_PREFIX = "seat_"

# The engines' English option texts, marked for makemessages (shown through gettext()).
ENGINE_TEXTS = (
    # Molotow Jass
    gettext_noop("Deals"),
    gettext_noop("How many deals the match lasts."),
    gettext_noop("Sticks for the others on 100"),
    gettext_noop("Sticks every other player gets when one player takes 100 to 156 points."),
    gettext_noop("Potatoes for the others on 157"),
    gettext_noop("Potatoes every other player gets when one player takes all 157 points."),
    # Anrufen
    gettext_noop("Tokens each"),
    gettext_noop("How many tokens every player starts with."),
    gettext_noop("Contra"),
    gettext_noop("What a contra does to the stake: add 1 token, or double it."),
    gettext_noop("add"),
    gettext_noop("double"),
    gettext_noop("Rounds"),
    gettext_noop("How many deals the match lasts (redeals count); empty: the table ends the match."),
    gettext_noop("Stop at zero"),
    gettext_noop("End the match after the first round that leaves somebody with no tokens."),
    # Elfer raus! Master
    gettext_noop("Games"),
    gettext_noop("How many games the match lasts; empty: the table ends the match."),
    # Murlan
    gettext_noop("Target"),
    gettext_noop("Points a player must reach to win."),
    gettext_noop("Step"),
    gettext_noop("How much the target rises when two or more players reach it in the same hand."),
    gettext_noop("Highest target"),
    gettext_noop("The target never rises above this; reaching it together ends the match."),
)

_OPTION_ERROR = re.compile(r"^option '(?P<name>[^']+)'\s*:?\s*")


class SetupError(ValueError):
    """A match the user asked for that cannot be started; ``str()`` is for the user.

    ``option`` names the house rule at fault, if any.
    """

    def __init__(self, message: str, *, option: str | None = None):
        super().__init__(message)
        self.message = message
        self.option = option


@dataclass(frozen=True)
class Setup:
    """A checked setup: tidy names in clockwise order, the dealer's seat, the rules to store."""

    names: tuple[str, ...]
    first_dealer: int
    options: dict[str, Any]


def tidy_name(name: str) -> str:
    return " ".join(str(name).split())


def players_text(engine: Engine) -> str:
    """The player count of a game as a sentence part: "4 players", "2 to 6 players" (with an en dash)."""
    if engine.min_players == engine.max_players:
        count = engine.max_players
        return ngettext("%(count)d player", "%(count)d players", count) % {"count": count}
    return gettext("%(min)d\u2013%(max)d players") % {"min": engine.min_players, "max": engine.max_players}


def option_label(option: Option) -> str:
    return gettext(option.label)


def option_error(engine: Engine, error: ScoringError) -> SetupError:
    """An engine error about a house rule, with the rule's label instead of its key."""
    text = str(error)
    found = _OPTION_ERROR.match(text)
    known = {option.name: option for option in engine.options}
    if found and found["name"] in known:
        rest = text[found.end() :]
        return SetupError(f"{option_label(known[found['name']])} {rest}", option=found["name"])
    return SetupError(text)


def check_setup(
    engine: Engine, names: Sequence[str], first_dealer: int, options: Mapping[str, Any] | None
) -> Setup:
    """Check a setup without touching the database; raises :class:`SetupError`."""
    names = tuple(tidy_name(name) for name in names)
    seen: set[str] = set()
    for name in names:
        if name and name.lower() in seen:
            raise SetupError(
                gettext("“%(name)s” is seated twice: every seat needs a different player.") % {"name": name}
            )
        seen.add(name.lower())
    for name in names:
        if len(name) > NAME_MAX_LENGTH:
            raise SetupError(
                gettext("“%(name)s” is too long: a name has at most %(max)d characters.")
                % {"name": name, "max": NAME_MAX_LENGTH}
            )
    try:
        players = engine.clean_players(list(names))
    except ScoringError as error:
        raise SetupError(str(error)) from None
    if not 0 <= first_dealer < len(players):
        raise SetupError(gettext("The first dealer must be one of the seated players."))
    options = {key: value for key, value in (options or {}).items() if key != FIRST_DEALER}
    try:
        cleaned = engine.clean_options(players, {**options, FIRST_DEALER: players[first_dealer]})
    except ScoringError as error:
        raise option_error(engine, error) from None
    cleaned.pop(FIRST_DEALER)
    return Setup(players, first_dealer, cleaned)


def _player_for(night: GameNight, roster: dict[str, Player], name: str) -> Player:
    player = roster.get(name.lower())
    if player is not None:
        return player
    try:
        with transaction.atomic():  # a savepoint: the outer transaction survives a clash
            player = Player.objects.create(owner_id=night.owner_id, name=name)
    except IntegrityError:
        # Another phone created the same name a moment ago.
        player = Player.objects.get(owner_id=night.owner_id, name__iexact=name)
    roster[name.lower()] = player
    return player


@transaction.atomic
def create_match(
    night: GameNight,
    game: str,
    names: Sequence[str],
    first_dealer_seat: int,
    options: Mapping[str, Any] | None,
    user,
) -> Match:
    """Start a match of ``game`` in ``night``: seats in clockwise order, checked house rules.

    Players come from the night owner's roster (matched case-insensitively) or
    are created there. Raises :class:`SetupError` and stores nothing when the
    setup is not allowed.
    """
    try:
        engine = get_engine(game)
    except ScoringError as error:
        raise SetupError(str(error)) from None
    setup = check_setup(engine, names, first_dealer_seat, options)
    roster = {player.name.lower(): player for player in players_for_night(night)}
    players = [_player_for(night, roster, name) for name in setup.names]
    match = Match.objects.create(
        night=night,
        game=engine.key,
        first_dealer=setup.first_dealer,
        options=setup.options,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    Seat.objects.bulk_create(
        Seat(match=match, player=player, position=position) for position, player in enumerate(players)
    )
    match = Match.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")), "rounds"
    ).get(pk=match.pk)
    standings.refresh(match)
    return match


# --- the form ---------------------------------------------------------------


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
        name = tidy_name(data.get(f"{SEAT_PREFIX}{index}", ""))[:NAME_MAX_LENGTH]
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
            help_text = " ".join(filter(None, [help_text, gettext("Leave it empty for an open match.")]))
        # No min_value/max_value here: the engine checks the range and says so in its words.
        return forms.IntegerField(
            label=label,
            help_text=help_text,
            required=not option.nullable,
            initial=option.default,
            widget=forms.NumberInput(attrs=attrs),
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


def option_display(option: Option, value: Any) -> str:
    """A house rule's value as the summary shows it."""
    if value is None or value == "":
        return gettext("open") if option.nullable else "\u2013"
    if option.kind is bool:
        return gettext("yes") if value in (True, "on", "true", "True") else gettext("no")
    return gettext(str(value)) if option.choices else str(value)


class MatchSetupForm(forms.Form):
    """The setup of one game: the fields depend on ``game`` (seat rows, house rules).

    ``game`` is the radio the user picked; ``setup_game`` the game whose seats
    and rules the page showed. The view treats a difference as "show me that
    game" rather than starting a match with rules nobody saw.
    """

    game = forms.ChoiceField(label=_("Game"), choices=Game.choices, widget=forms.RadioSelect)
    setup_game = forms.ChoiceField(choices=Game.choices, widget=forms.HiddenInput)

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.engine = ENGINES[game]
        self.game_key = game
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
                # No max_length here: the browser gets maxlength, and check_setup() checks the
                # tidied name (untidy spaces should not count against the limit).
                widget=forms.TextInput(
                    attrs={
                        "list": "roster-names",
                        "class": "form-control seat-input",
                        "autocomplete": "off",
                        "autocapitalize": "words",
                        "spellcheck": "false",
                        "enterkeyhint": "next",
                        "maxlength": NAME_MAX_LENGTH,
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
        dealer_row = data.get("first_dealer") or 0
        filled = [index for index, _ in rows]
        if rows and dealer_row not in filled:
            raise forms.ValidationError(
                gettext("Seat %(number)d deals first but is empty: choose a dealer among the seated players.")
                % {"number": dealer_row + 1}
            )
        options = {option.name: data.get(f"{OPTION_PREFIX}{option.name}") for option in self.engine.options}
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
