"""A night's own history: who changed its title, date, place, notes, currency or prices, who proposed,
accepted or declined what it plays for, and who added which player.

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
MONEY_FIELDS = ("currency", "prices")
# The changes whose detail is fields' [before, after]: said as lines "Prices: “…” → “…”".
FIELD_ACTIONS = (
    NightChange.Action.EDITED,
    NightChange.Action.PROPOSED,
    NightChange.Action.ACCEPTED,
    NightChange.Action.DECLINED,
)


def snapshot(night: GameNight) -> dict[str, str]:
    """The recorded fields as text (dates in ISO form, prices as "anrufen 50, molotow 20"), to compare
    before and after an edit."""
    values = {name: str(getattr(night, name)) for name in RECORDED_FIELDS}
    values["prices"] = prices_snapshot(night.prices)
    return values


def prices_snapshot(prices: dict | None) -> str:
    return ", ".join(f"{key} {price}" for key, price in sorted((prices or {}).items()))


def money_snapshot(currency: str, prices: dict | None) -> dict[str, str]:
    """What a night would play for, as :func:`snapshot` writes it (a proposal's side of the comparison)."""
    return {"currency": currency, "prices": prices_snapshot(prices)}


def differences(before: dict[str, str], after: dict[str, str]) -> dict[str, list[str]]:
    return {
        name: [before[name], after[name]]
        for name in RECORDED_FIELDS
        if name in after and before[name] != after[name]
    }


def record_edit(
    night: GameNight, before: dict[str, str], user, *, action=NightChange.Action.EDITED, proposer: str = ""
) -> NightChange | None:
    """Record what an edit (or an accepted proposal: ``action``, ``proposer``) changed; nothing when nothing changed."""
    changed = differences(before, snapshot(night))
    if not changed:
        return None
    detail = {**changed, "by": proposer} if action != NightChange.Action.EDITED else changed
    return NightChange.objects.create(night=night, action=action, detail=detail, user=user)


def record_money(night: GameNight, action, proposal, user) -> NightChange:
    """Record a proposal made or declined: what the night plays for now → what was proposed."""
    proposed = money_snapshot(proposal.currency, proposal.prices)
    detail = {**differences(snapshot(night), proposed), "by": proposer_name(proposal)}
    return NightChange.objects.create(night=night, action=action, detail=detail, user=user)


def proposer_name(proposal) -> str:
    return proposal.proposed_by.username if proposal.proposed_by_id else ""


def proposal_lines(night: GameNight, proposal) -> list[tuple[str, str, str]]:
    """A waiting proposal as (field label, what the night plays for now, what is proposed), in words."""
    proposed = money_snapshot(proposal.currency, proposal.prices)
    return detail_lines(differences(snapshot(night), proposed), night.currency)


def record_player_added(night: GameNight, player: Player, user) -> NightChange:
    return NightChange.objects.create(
        night=night, action=NightChange.Action.PLAYER_ADDED, detail={"name": player.name}, user=user
    )


def changes(night: GameNight) -> QuerySet[NightChange]:
    return night.changes.select_related("user").order_by("-at", "-pk")


def field_lines(change: NightChange, currency: str = DEFAULT_CURRENCY) -> list[tuple[str, str, str]]:
    """An edit's (or a money proposal's, acceptance's, decline's) changes as (field label, before, after),
    in the form's order.

    Prices are kept as the snapshot wrote them ("anrufen 50, counter 5"); they are said in words
    here, with the games' names and the money in the currency the night had before and after
    the edit ("Anrufen: CHF 0.50 per token").
    """
    if change.action not in FIELD_ACTIONS:
        return []
    return detail_lines(change.detail, currency)


def detail_lines(detail: dict, currency: str = DEFAULT_CURRENCY) -> list[tuple[str, str, str]]:
    """Fields' ``{"name": [before, after]}`` as (field label, before, after), prices in words."""
    currencies = detail.get("currency", [currency, currency])
    lines = []
    for name in RECORDED_FIELDS:
        if name not in detail:
            continue
        before, after = detail[name]
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
