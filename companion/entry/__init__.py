"""Round entry forms, one module per game (``companion.entry.<game>``, exporting ``FORM``).

A form turns what a person typed or tapped into a round object of the match
file (``to_entry``) and back (``initial_from_entry``, for editing). It checks
only what the browser could get wrong (a number that is not a number); the
game's rules are checked by its engine, so a message reads the same in the
form, the CLI and an import.
"""

from __future__ import annotations

from importlib import import_module

from companion.entry.base import EntryForm
from companion.models import Game


def entry_form_for(game: str) -> type[EntryForm]:
    if game not in Game.values:
        raise LookupError(f"no entry form for game {game!r}")
    return import_module(f"companion.entry.{game}").FORM
