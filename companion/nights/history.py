"""A night's own history: who changed its title, date, place, notes, currency or prices, and who added which player.

Rounds keep theirs in ``RoundChange`` (``companion.play.rounds``); these are the
other things members may do, recorded in the same transaction as the change.
"""

from __future__ import annotations

from django.db.models import QuerySet

from companion.models import GameNight, NightChange, Player

RECORDED_FIELDS = ("title", "date", "place", "notes", "currency", "prices")


def snapshot(night: GameNight) -> dict[str, str]:
    """The recorded fields as text (dates in ISO form, prices as "anrufen 50, molotow 20"), to compare
    before and after an edit."""
    values = {name: str(getattr(night, name)) for name in RECORDED_FIELDS}
    values["prices"] = ", ".join(f"{key} {price}" for key, price in sorted((night.prices or {}).items()))
    return values


def record_edit(night: GameNight, before: dict[str, str], user) -> NightChange | None:
    """Record what an edit changed (nothing recorded when nothing changed)."""
    after = snapshot(night)
    changed = {name: [before[name], after[name]] for name in RECORDED_FIELDS if before[name] != after[name]}
    if not changed:
        return None
    return NightChange.objects.create(
        night=night, action=NightChange.Action.EDITED, detail=changed, user=user
    )


def record_player_added(night: GameNight, player: Player, user) -> NightChange:
    return NightChange.objects.create(
        night=night, action=NightChange.Action.PLAYER_ADDED, detail={"name": player.name}, user=user
    )


def changes(night: GameNight) -> QuerySet[NightChange]:
    return night.changes.select_related("user").order_by("-at", "-pk")


def field_lines(change: NightChange) -> list[tuple[str, str, str]]:
    """An edit's changes as (field label, before, after), in the form's order."""
    if change.action != NightChange.Action.EDITED:
        return []
    return [
        (str(GameNight._meta.get_field(name).verbose_name), *change.detail[name])
        for name in RECORDED_FIELDS
        if name in change.detail
    ]
