"""Starting a match: the checks, the ``create_match`` and ``rematch`` services (the form is in ``forms``).

The page (``companion.play.setup_views``) asks for three things: the game,
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
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, ngettext

from companion import live, standings
from companion.access import players_for_night
from companion.games import registry
from companion.i18n.errors import error_text, name_error_text, option_error_text
from companion.models import GameNight, Match, Player, Seat
from companion.nights.history import record_player_added
from companion.nights.roster import next_colour
from scoring.base import FIRST_DEALER, Engine, Option, ScoringError, quote
from scoring.names import name_key, name_problem
from scoring.registry import get_engine

DEFAULT_GAME = registry.DEFAULT
OPTION_PREFIX = "opt_"
SEAT_PREFIX = "seat_"

# The engines' English option texts (labels, help texts, choices), marked for makemessages in each
# game's folder and shown through gettext(); a test keeps every game's list complete.
ENGINE_TEXTS = tuple(text for game in registry.GAMES.values() for text in game.option_texts)

_OPTION_ERROR = re.compile(r"^option '(?P<name>[^']+)'\s*:?\s*")


class SetupError(ValueError):
    """A match the user asked for that cannot be started; ``str()`` is for the user.

    ``option`` names the house rule at fault, if any; ``seat`` the name at fault, by its
    place in the names checked (so the form can say it at that seat).
    """

    def __init__(self, message: str, *, option: str | None = None, seat: int | None = None):
        super().__init__(message)
        self.message = message
        self.option = option
        self.seat = seat


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
    # A literal en dash: xgettext does not read "\u2013", so the catalogue would never match.
    range_text = gettext("%(min)d–%(max)d players")  # noqa: RUF001
    return range_text % {"min": engine.min_players, "max": engine.max_players}


def option_label(option: Option) -> str:
    return gettext(option.label)


def option_display(option: Option, value: Any) -> str:
    """A house rule's value as the summary shows it."""
    if value is None or value == "":
        return gettext("open") if option.nullable else "\u2013"
    if option.kind is bool:
        return gettext("yes") if value in (True, "on", "true", "True") else gettext("no")
    return gettext(str(value)) if option.choices else str(value)


def option_error(engine: Engine, error: ScoringError) -> SetupError:
    """An engine error about a house rule, with the rule's label instead of its key."""
    by_key = {quote(option.name): option for option in engine.options}
    option = by_key.get(error.params.get("option"))
    labelled = option_error_text(error, option_label(option)) if option is not None else None
    if labelled is not None:
        return SetupError(labelled, option=option.name)
    text = error_text(error)
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
    for seat, name in enumerate(names):
        # The name rule's key: "anna" and "An\u200bna" are Anna (scoring/names.py).
        if name and name_key(name) in seen:
            raise SetupError(
                gettext("“%(name)s” is seated twice: every seat needs a different player.") % {"name": name},
                seat=seat,
            )
        seen.add(name_key(name))
    for seat, name in enumerate(names):
        # The name rule (scoring/names.py), said at the seat: a name too long is refused, never cut.
        problem = name_problem(name)
        if problem is not None:
            raise SetupError(name_error_text(problem), seat=seat)
    try:
        players = engine.clean_players(list(names))
    except ScoringError as error:
        raise SetupError(name_error_text(error)) from None
    if not 0 <= first_dealer < len(players):
        raise SetupError(gettext("The first dealer must be one of the seated players."))
    options = {key: value for key, value in (options or {}).items() if key != FIRST_DEALER}
    try:
        cleaned = engine.clean_options(players, {**options, FIRST_DEALER: players[first_dealer]})
    except ScoringError as error:
        raise option_error(engine, error) from None
    cleaned.pop(FIRST_DEALER)
    return Setup(players, first_dealer, cleaned)


def _player_for(night: GameNight, roster: dict[str, Player], name: str, user) -> Player:
    player = roster.get(name_key(name))
    if player is not None:
        return player
    try:
        with transaction.atomic():  # a savepoint: the outer transaction survives a clash
            player = Player.objects.create(
                owner_id=night.owner_id, name=name, colour=next_colour(night.owner_id)
            )
            # A member adds to the owner's roster: the night's history says who did.
            record_player_added(night, player, user)
    except IntegrityError:
        # Another phone created the same name a moment ago.
        player = Player.objects.get(owner_id=night.owner_id, name__iexact=name)
    roster[name_key(name)] = player
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

    Players come from the night owner's roster (matched by the name rule's key) or
    are created there. Raises :class:`SetupError` and stores nothing when the
    setup is not allowed.
    """
    try:
        engine = get_engine(game)
    except ScoringError as error:
        raise SetupError(error_text(error)) from None
    setup = check_setup(engine, names, first_dealer_seat, options)
    roster = {name_key(player.name): player for player in players_for_night(night)}
    players = [_player_for(night, roster, name, user) for name in setup.names]
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
    match = Match.objects.with_standings().get(pk=match.pk)
    standings.refresh(match)
    live.changed(match)  # the night's pages show the new match
    return match


def busy_elsewhere(night: GameNight, names: Sequence[str]) -> list[str]:
    """One sentence for each of ``names`` who is seated at a running match of ``night`` right now.

    Starting a match with somebody who plays at another table of the night is allowed (they may
    have left that table), but the page asks first (``setup_views``); a club night's draw never
    seats anybody twice (``companion.clubs.services``).
    """
    keys = {name_key(name) for name in names if name}
    seats = (
        Seat.objects.filter(match__night=night, match__finished_at__isnull=True, match__closed=False)
        .select_related("player", "match", "match__club_table__sitting")
        .order_by("match__started_at", "position")
    )
    sentences = []
    for seat in seats:
        if name_key(seat.player.name) not in keys:
            continue
        table = getattr(seat.match, "club_table", None)
        if table is not None:
            sentences.append(
                gettext("%(name)s is playing at table %(table)d of sitting %(sitting)d right now.")
                % {"name": seat.player.name, "table": table.number, "sitting": table.sitting.number}
            )
        else:
            sentences.append(
                gettext("%(name)s is playing another match of %(game)s right now.")
                % {"name": seat.player.name, "game": registry.label(seat.match.game)}
            )
        keys.discard(name_key(seat.player.name))
    return sentences


def rematch(match: Match, user) -> Match:
    """The same game with the same seats and house rules; the first deal moves on one seat
    in the game's direction of play. Raises :class:`SetupError` while the match is still played."""
    if not match.is_finished:
        raise SetupError(gettext("The match is still being played: finish it before a rematch."))
    seats = [seat.player.name for seat in standings.seats_of(match)]
    first_dealer = (match.first_dealer + get_engine(match.game).deal_direction) % len(seats)
    return create_match(match.night, match.game, seats, first_dealer, match.options, user)
