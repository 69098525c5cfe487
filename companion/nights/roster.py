"""Changes to a player that reach into matches already played, and new players' default colours."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from companion import live
from companion.models import Match, Player, Round, new_version
from scoring.matchfile import renamed

# Told apart at a glance, dark enough for a dot on white and light enough on dark; a new player
# gets the first one nobody of the owner's players has (then the least used).
PLAYER_COLOURS = (
    "#0b5fa5",  # blue
    "#c2410c",  # vermilion
    "#047857",  # green
    "#6d28d9",  # violet
    "#a16207",  # ochre
    "#be185d",  # magenta
    "#0e7490",  # teal
    "#4d7c0f",  # olive
    "#b91c1c",  # red
    "#475569",  # slate
)


def next_colour(owner_id: int) -> str:
    """The default colour of the owner's next new player: one the fewest of his players have."""
    return least_used_colour(Player.objects.filter(owner_id=owner_id).values_list("colour", flat=True))


def least_used_colour(colours: Iterable[str]) -> str:
    """The palette's colour the fewest of ``colours`` (the owner's players' colours) are, the first of a tie.

    The players page has the owner's players in hand already: it asks this, not the database again.
    """
    used = [colour.lower() for colour in colours]
    return min(PLAYER_COLOURS, key=lambda colour: (used.count(colour), PLAYER_COLOURS.index(colour)))


@transaction.atomic
def rename_player(player: Player, new_name: str) -> None:
    """Rename ``player`` everywhere: the rounds name players, so they follow the new name.

    Without this, every match the player sat in would stop folding (its rounds
    would name somebody who is no longer seated). The history keeps the names
    as they were when the change was made.
    """
    old_name = Player.objects.select_for_update().get(pk=player.pk).name
    player.name = new_name
    player.save(update_fields=["name"])
    if old_name == new_name:
        return
    rounds = list(Round.objects.filter(match__seats__player=player).select_related("match"))
    for round_ in rounds:
        round_.entry = renamed(round_.match.game, round_.entry, {old_name: new_name})
    Round.objects.bulk_update(rounds, ["entry"], batch_size=500)


def player_changed(player: Player) -> None:
    """The matches ``player`` sits in show the new name, emoji or colour: they get new versions,
    so no cached scoreboard shows the old ones (``Match.version``), and their open pages hear of it."""
    seated = list(Match.objects.filter(seats__player=player).values_list("pk", "night_id"))
    Match.objects.filter(pk__in=[pk for pk, _night in seated]).update(version=new_version())
    for pk, night in seated:
        live.announce(live.match_topic(pk), live.night_topic(night))
