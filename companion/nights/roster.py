"""Changes to a player that reach into matches already played."""

from __future__ import annotations

from django.db import transaction

from companion.models import Player, Round
from scoring.matchfile import renamed


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
