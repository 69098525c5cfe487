"""A night's own history: who changed its title, date, place, notes, currency or prices, and who added which player.

Rounds keep theirs in ``RoundChange`` (``companion.play.rounds``); these are the
other things members may do, recorded in the same transaction as the change.
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext

from companion.games import registry
from companion.models import GameNight, NightChange, Player
from companion.nights.settlement import money
from scoring.settlement import DEFAULT_CURRENCY

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


def field_lines(change: NightChange, currency: str = DEFAULT_CURRENCY) -> list[tuple[str, str, str]]:
    """An edit's changes as (field label, before, after), in the form's order.

    Prices are kept as the snapshot wrote them ("anrufen 50, counter 5"); they are said in words
    here, with the games' names and the money in the currency the night had before and after
    the edit ("Anrufen: CHF 0.50 per token").
    """
    if change.action != NightChange.Action.EDITED:
        return []
    currencies = change.detail.get("currency", [currency, currency])
    lines = []
    for name in RECORDED_FIELDS:
        if name not in change.detail:
            continue
        before, after = change.detail[name]
        if name == "prices":
            before, after = prices_text(before, currencies[0]), prices_text(after, currencies[1])
        lines.append((str(GameNight._meta.get_field(name).verbose_name), before, after))
    return lines


def prices_text(stored: str, currency: str) -> str:
    """A snapshot's prices ("anrufen 50, counter 5") in words: "Anrufen: CHF 0.50 per token, …"."""
    if not stored:
        return gettext("none")
    words = []
    for part in stored.split(", "):
        key, _space, hundredths = part.rpartition(" ")
        if key in registry.GAMES and hundredths.isdigit():
            game = registry.get(key)
            price = gettext("%(amount)s per %(unit)s") % {
                "amount": money(int(hundredths), currency),
                "unit": game.price_unit,
            }
            words.append(f"{game.label}: {price}")
        else:  # a game no longer installed: as it was kept
            words.append(part)
    return ", ".join(words)
