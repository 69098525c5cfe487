"""Anrufen: token payouts for a bidder (and his called partner) against the table.

Every player starts with ``chips`` tokens. A round is one deal::

    {"bidder": "Anna", "bid": "normal", "partner": "Cla", "raised_to": "hundred",
     "contra": true, "points": 60, "tricks": 5,
     "marriages": {"bidder": ["trump"], "opponents": ["plain"]}}

or ``{"redeal": true}`` when everybody passed twice. The played contract is
``raised_to`` if the partner raised, else ``bid``; its stake (1, 2, 2, 2, 3 from
``normal`` up to ``all_tricks_hundred``) goes up by 1 on contra, or doubles with
option ``contra: "double"``. With stake S the bidder's side wins (or, lost, pays):

* 4 players with a partner: bidder and partner +S each, each opponent -S;
* 4 players, ``no_tricks`` alone: bidder +3S, each opponent -S;
* 3 players (always alone): bidder +2S, each opponent -S.

Tokens only move, so the balances always add up to ``chips`` times players. The
match ends after ``rounds`` recorded rounds if that option is set; with
``stop_at_zero`` after the first round that leaves somebody at zero or below;
or when the table closes it. The highest balance wins.

:func:`settle` is the same arithmetic for one entry on its own, for the preview
of a round before it is saved.

``Standings.table`` (for the scoreboard, not in the JSON):

* ``contracts``: per round, ``{"redeal": True, "dealer": name}`` for a redeal,
  else ``{"redeal": False, "dealer", "bidder", "partner" (None when alone),
  "bid", "contract" (the one played), "raised" (bool), "contra" (bool),
  "stake", "made", "needed" (points the side needed: (T + 10) / 2 for
  ``normal``, 100 for the hundred contracts, None for the trick contracts),
  "side_points" (card points + own marriages, None when no points were entered),
  "tricks" (as entered, or None)}``;
* ``round_limit``: the ``rounds`` option (``None`` for an open match).

Decisions:

* A redeal is a recorded round: nobody pays, the deal moves on, and it counts
  toward the ``rounds`` option (the table agreed to play that many deals).
  ``{"redeal": false}`` or a redeal with other fields is an error: a played
  deal simply leaves ``redeal`` out.
* An optional field given as ``null`` is an error like any other wrong value:
  leaving it out says "none" just as well.
* ``points`` and ``tricks`` are optional where the contract does not need them
  (e.g. ``tricks`` for ``normal``); when both are given they must agree: no
  trick means no points; every trick means all 90 points with 4 players, and
  60 to 90 with 3 (the bidder's discarded aces and tens count for the
  opponents), so a 3-player All tricks and hundred is made only when those
  points and the bidder's marriages reach 100.
* Marriages are counted against the deck (one trump, three plain) and, when
  ``tricks`` is given, against the leads: a marriage is declared by leading
  one of its cards, the bidder leads the first trick and the winner of each
  trick the next, so the opponents declare at most one per trick they took and
  the bidder's side at most one more than its tricks. Without ``tricks`` the
  leads are unknown and only the deck limits apply.
* Balances may go below zero (docs/rules.md); ``stop_at_zero`` ends the match
  after the first round that leaves somebody at zero or below.
* An open match closed with no round played finishes with everybody on
  ``chips``, so everybody shares the win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scoring.base import (
    CLOCKWISE,
    Engine,
    Option,
    Phrase,
    RoundResult,
    Standings,
    WholeNumber,
    describe,
    first_placed,
    gettext_noop,
    quote,
    require_int,
    require_known_keys,
    require_mapping,
    require_player,
    round_error,
)

# Contracts from lowest to highest: the level decides what a raise may reach.
LEVELS = {"normal": 1, "hundred": 2, "no_tricks": 3, "all_tricks": 4, "all_tricks_hundred": 5}
STAKES = {"normal": 1, "hundred": 2, "no_tricks": 2, "all_tricks": 2, "all_tricks_hundred": 3}
CARD_POINTS = 90  # four aces and four tens at 10, and 10 for the last trick
HUNDRED = 100
MARRIAGE_VALUES = {"trump": 40, "plain": 20}
MARRIAGES_IN_DECK = {"trump": 1, "plain": 3}  # one trump suit, three plain suits
TRICKS = {4: 6, 3: 7}  # 24 cards: six each with 4 players; 3 players hold seven (3 in the middle)

NEEDS_POINTS = frozenset({"normal", "hundred", "all_tricks_hundred"})
NEEDS_TRICKS = frozenset({"no_tricks", "all_tricks", "all_tricks_hundred"})
ROUND_KEYS = frozenset({"bidder", "bid", "partner", "raised_to", "contra", "points", "tricks", "marriages"})
SIDES = ("bidder", "opponents")
# The contracts as the table calls them, for messages (the keys are the file's spelling).
CONTRACTS = {
    "normal": "Normal",
    "hundred": "Hundred",
    "no_tricks": "No tricks",
    "all_tricks": "All tricks",
    "all_tricks_hundred": "All tricks and hundred",
}
_CONTRACT_LIST = ", ".join(CONTRACTS.values())
LOWEST_ALL_TRICKS = {4: 90, 3: 60}
POINTS = WholeNumber(
    "anrufen.points",
    gettext_noop("points must be a whole number, not %(value)s"),
    gettext_noop("points must be at least %(low)d, not %(value)s"),
    gettext_noop("points must be at most %(high)d, not %(value)s"),
)
TRICKS_TAKEN = WholeNumber(
    "anrufen.tricks",
    gettext_noop("tricks must be a whole number, not %(value)s"),
    gettext_noop("tricks must be at least %(low)d, not %(value)s"),
    gettext_noop("tricks must be at most %(high)d, not %(value)s"),
)  # card points when the bidder's side takes every trick


class Settlement(NamedTuple):
    """One entry settled: ``made`` (None for a redeal), ``stake`` (0 for a redeal), token moves."""

    made: bool | None
    stake: int
    deltas: dict[str, int]


@dataclass(frozen=True)
class Deal:
    """A played deal as entered, checked."""

    bidder: str
    partner: str | None
    bid: str
    contract: str
    contra: bool
    points: int | None
    tricks: int | None
    own_marriages: int
    all_marriages: int


class Anrufen(Engine):
    key = "anrufen"
    title = Phrase(gettext_noop("Anrufen"))  # a Phrase: error messages name the game in the reader's words
    min_players = 3
    max_players = 4
    name_values = ("bidder", "partner")
    deal_direction = CLOCKWISE
    options = (
        Option("chips", 10, int, "Tokens each", "How many tokens every player starts with.", 1, 1000),
        Option(
            "contra",
            "add",
            str,
            "Contra",
            "What a contra does to the stake: add 1 token, or double it.",
            choices=("add", "double"),
        ),
        Option(
            "rounds",
            None,
            int,
            "Rounds",
            "How many deals the match lasts (redeals count); empty: the table ends the match.",
            1,
            1000,
            nullable=True,
        ),
        Option(
            "stop_at_zero",
            False,
            bool,
            "Stop at zero",
            "End the match after the first round that leaves somebody with no tokens.",
        ),
    )

    def start_total(self, options: Mapping[str, Any]) -> int:
        """Totals are token balances: everybody starts with the chips."""
        return options["chips"]

    def money_units(self, totals: Mapping[str, int], options: Mapping[str, Any]) -> dict[str, int]:
        """The tokens won or lost are the payments themselves: total - starting chips (scoring.md §6)."""
        return {name: total - options["chips"] for name, total in totals.items()}

    def fold(
        self, players: tuple[str, ...], options: dict[str, Any], rounds: list[Mapping], *, closed: bool
    ) -> Standings:
        balances = {name: options["chips"] for name in players}
        results: list[RoundResult] = []
        contracts: list[dict[str, Any]] = []
        finished = False
        for number, entry in enumerate(rounds, start=1):
            if finished:
                raise self.after_match_over(number)
            dealer = self.dealer_after(players, options, number - 1)
            settlement, summary = _settle(players, options, entry, number)
            for name, delta in settlement.deltas.items():
                balances[name] += delta
            extras: dict[str, Any] = {} if settlement.made is None else {"made": settlement.made}
            extras["stake"] = settlement.stake
            results.append(RoundResult(number, settlement.deltas, extras))
            contracts.append({"redeal": summary.pop("redeal"), "dealer": dealer, **summary})
            limit_reached = options["rounds"] is not None and number >= options["rounds"]
            broke = options["stop_at_zero"] and min(balances.values()) <= 0
            finished = limit_reached or broke
        finished = finished or closed
        places = self.places(balances, players, options)
        return Standings(
            game=self.key,
            players=players,
            options=options,
            rounds=tuple(results),
            totals=dict(balances),
            finished=finished,
            winners=first_placed(places, players) if finished else (),
            dealer=None if finished else self.dealer_after(players, options, len(rounds)),
            places=places,
            extras={},
            table={"contracts": contracts, "round_limit": options["rounds"]},
        )


def settle(players: Sequence[str], options: Any, entry: Any, *, number: int = 1) -> Settlement:
    """Settle one round entry on its own (the preview before a round is saved).

    ``players`` and ``options`` are the match's seats and house rules (raw, as
    stored: they are checked and defaults filled in); ``number`` is the round the
    entry would be, for the error text. Returns ``Settlement(made, stake, deltas)``
    with deltas for every player in seating order; raises :class:`ScoringError`
    exactly as :meth:`Anrufen.score` would for that entry.
    """
    engine = Anrufen()
    seats = engine.clean_players(players)
    cleaned = engine.clean_options(seats, options)
    if not isinstance(entry, Mapping):
        raise round_error(
            number,
            "round.not_object",
            gettext_noop("a round must be an object, not %(value)s"),
            value=describe(entry),
        )
    return _settle(seats, cleaned, entry, number)[0]


def _settle(
    players: tuple[str, ...], options: Mapping[str, Any], entry: Mapping, number: int
) -> tuple[Settlement, dict[str, Any]]:
    deal = read_deal(players, entry, number)
    if deal is None:
        return Settlement(None, 0, dict.fromkeys(players, 0)), {"redeal": True}
    made, needed, side_points = _outcome(deal, len(players))
    stake = STAKES[deal.contract]
    if deal.contra:
        stake = stake * 2 if options["contra"] == "double" else stake + 1
    won = stake if made else -stake
    # Every opponent pays (or gets) the stake; the bidder's side takes what they pay in.
    deltas = {name: -won for name in players}
    if deal.partner is not None:
        deltas[deal.bidder] = deltas[deal.partner] = won
    else:
        deltas[deal.bidder] = won * (len(players) - 1)
    summary = {
        "redeal": False,
        "bidder": deal.bidder,
        "partner": deal.partner,
        "bid": deal.bid,
        "contract": deal.contract,
        "raised": deal.contract != deal.bid,
        "contra": deal.contra,
        "stake": stake,
        "made": made,
        "needed": needed,
        "side_points": side_points,
        "tricks": deal.tricks,
    }
    return Settlement(made, stake, deltas), summary


def _outcome(deal: Deal, seats: int) -> tuple[bool, int | None, int | None]:
    """Whether the contract is made, the points it needed (if any) and the side's points."""
    side = None if deal.points is None else deal.points + deal.own_marriages
    all_tricks = deal.tricks == TRICKS[seats]
    if deal.contract == "normal":
        # "More than half" of T = 90 + every marriage; T/2 always ends in 5, so no tie.
        total = CARD_POINTS + deal.all_marriages
        return 2 * side > total, (total + 10) // 2, side
    if deal.contract == "hundred":
        return side >= HUNDRED, HUNDRED, side
    if deal.contract == "no_tricks":
        return deal.tricks == 0, None, side
    if deal.contract == "all_tricks":
        return all_tricks, None, side
    return all_tricks and side >= HUNDRED, HUNDRED, side


def read_deal(players: Sequence[str], entry: Mapping, number: int) -> Deal | None:
    """Check one round entry completely; ``None`` for a redeal."""
    if "redeal" in entry:
        if entry["redeal"] is not True:
            raise round_error(
                number,
                "anrufen.redeal_not_true",
                gettext_noop("redeal can only be true, not %(value)s"),
                value=describe(entry["redeal"]),
            )
        others = sorted(str(key) for key in entry if key != "redeal")
        if others:
            raise round_error(
                number,
                "anrufen.redeal_with_fields",
                gettext_noop("a redeal has no other fields, but %(fields)s is given"),
                fields=", ".join(quote(key) for key in others),
            )
        return None
    require_known_keys(entry, number, ROUND_KEYS)
    seats = len(players)
    if "bidder" not in entry:
        raise round_error(number, "anrufen.no_bidder", gettext_noop("the bidder is missing"))
    bidder = require_player(entry["bidder"], players, number, Phrase(gettext_noop("bidder")))
    if "bid" not in entry:
        raise round_error(number, "anrufen.no_bid", gettext_noop("the bid is missing"))
    bid = _contract(entry["bid"], number, raise_=False)
    contract = bid
    if "raised_to" in entry:
        raised = _contract(entry["raised_to"], number, raise_=True)
        if seats == 3:
            raise round_error(
                number,
                "anrufen.raise_alone",
                gettext_noop("with 3 players the bidder plays alone, so nobody can raise"),
            )
        if bid == "no_tricks":
            raise round_error(
                number,
                "anrufen.raise_no_tricks_bid",
                gettext_noop("a No tricks bid is played alone, so nobody can raise it"),
            )
        if raised == "no_tricks":
            raise round_error(
                number, "anrufen.raise_to_no_tricks", gettext_noop("the partner cannot raise to No tricks")
            )
        if LEVELS[raised] <= LEVELS[bid]:
            raise round_error(
                number,
                "anrufen.raise_not_higher",
                gettext_noop("a raise to %(raised)s is not higher than the bid %(bid)s"),
                raised=CONTRACTS[raised],
                bid=CONTRACTS[bid],
            )
        contract = raised
    partner = _partner(players, entry, number, bidder, contract)
    contra = entry.get("contra", False)
    if not isinstance(contra, bool):
        raise round_error(
            number,
            "anrufen.contra_not_bool",
            gettext_noop("contra must be true or false, not %(value)s"),
            value=describe(contra),
        )
    own, opposing = _marriages(entry, number)
    points = _points(entry, number, contract)
    tricks = _tricks(entry, number, contract, TRICKS[seats])
    if points is not None and tricks is not None:
        # Card points come only from tricks (and the last trick is worth 10). With 3 players the
        # bidder's discarded aces and tens count for the opponents, so all 7 tricks bring 60 to 90.
        if tricks == 0 and points != 0:
            raise round_error(
                number,
                "anrufen.no_trick_but_points",
                gettext_noop("the bidder's side took no trick but has %(points)d points"),
                points=points,
            )
        if tricks == TRICKS[seats] and points < LOWEST_ALL_TRICKS[seats]:
            if seats == 4:
                template = gettext_noop(
                    "the bidder's side took all %(tricks)d tricks but has %(points)d points, not 90"
                )
            else:
                template = gettext_noop(
                    "the bidder took all %(tricks)d tricks but has %(points)d points: with 3 players every "
                    "trick brings 60 to 90 (the discarded aces and tens count for the opponents)"
                )
            raise round_error(number, "anrufen.all_tricks_few_points", template, tricks=tricks, points=points)
    if tricks is not None:
        _check_leads(entry, number, tricks, TRICKS[seats])
    return Deal(bidder, partner, bid, contract, contra, points, tricks, own, own + opposing)


def _check_leads(entry: Mapping, number: int, tricks: int, all_tricks: int) -> None:
    """A marriage is declared by leading one of its cards: no side declares more than it led.

    The bidder leads the first trick and the winner of each trick leads the next,
    so the bidder's side has at most one lead more than its tricks, the opponents
    at most one per trick they took.
    """
    marriages = entry.get("marriages", {})
    declared = {side: len(marriages.get(side, [])) for side in SIDES}
    theirs = all_tricks - tricks
    if declared["opponents"] > theirs:
        if theirs == 0:
            raise round_error(
                number,
                "anrufen.opponents_never_led",
                gettext_noop(
                    "the bidder's side took every trick, so the opponents never led "
                    "and cannot have declared a marriage"
                ),
            )
        raise round_error(
            number,
            "anrufen.opponents_too_many_marriages",
            gettext_noop(
                "the opponents declared %(count)d marriages, but a marriage is declared by leading "
                "and they took only %(tricks)d of the tricks"
            ),
            count=declared["opponents"],
            tricks=theirs,
        )
    if declared["bidder"] > tricks + 1:
        raise round_error(
            number,
            "anrufen.bidder_too_many_marriages",
            gettext_noop(
                "the bidder's side declared %(count)d marriages, but a marriage is declared by leading: "
                "the bidder leads the first trick, and the side took only %(tricks)d of the tricks"
            ),
            count=declared["bidder"],
            tricks=tricks,
        )


def _contract(value: Any, number: int, *, raise_: bool) -> str:
    if not isinstance(value, str) or value not in LEVELS:
        template = (
            gettext_noop("the raise must be one of the contracts %(contracts)s, not %(value)s")
            if raise_
            else gettext_noop("the bid must be one of the contracts %(contracts)s, not %(value)s")
        )
        raise round_error(
            number, "anrufen.not_a_contract", template, contracts=_CONTRACT_LIST, value=describe(value)
        )
    return value


def _partner(players: Sequence[str], entry: Mapping, number: int, bidder: str, contract: str) -> str | None:
    if len(players) == 3:
        if "partner" in entry:
            raise round_error(
                number,
                "anrufen.partner_with_three",
                gettext_noop("with 3 players the bidder plays alone: leave out the partner"),
            )
        return None
    if contract == "no_tricks":
        if "partner" in entry:
            raise round_error(
                number,
                "anrufen.partner_in_no_tricks",
                gettext_noop("No tricks is played alone: leave out the partner"),
            )
        return None
    if "partner" not in entry:
        raise round_error(
            number,
            "anrufen.no_partner",
            gettext_noop("the partner is missing: with 4 players %(contract)s is played with a partner"),
            contract=CONTRACTS[contract],
        )
    partner = require_player(entry["partner"], players, number, Phrase(gettext_noop("partner")))
    if partner == bidder:
        raise round_error(
            number,
            "anrufen.own_partner",
            gettext_noop("%(name)s cannot be his own partner"),
            name=quote(bidder),
        )
    return partner


def _marriages(entry: Mapping, number: int) -> tuple[int, int]:
    """Values of the bidder's side's and the opponents' marriages."""
    if "marriages" not in entry:
        return 0, 0
    marriages = require_mapping(entry["marriages"], number, Phrase(gettext_noop("marriages")))
    unknown = sorted(str(side) for side in marriages if side not in SIDES)
    if unknown:
        raise round_error(
            number,
            "anrufen.marriage_side",
            gettext_noop(
                "marriages: unknown side %(sides)s: a marriage belongs to the bidder's side or to the opponents"
            ),
            sides=", ".join(quote(side) for side in unknown),
        )
    values = {side: 0 for side in SIDES}
    counts = dict.fromkeys(MARRIAGE_VALUES, 0)
    for side in SIDES:
        kinds = marriages.get(side, [])
        if not isinstance(kinds, (list, tuple)):
            template = (
                gettext_noop("the marriages of the bidder's side must be a list, not %(value)s")
                if side == "bidder"
                else gettext_noop("the marriages of the opponents must be a list, not %(value)s")
            )
            raise round_error(number, "anrufen.marriages_not_list", template, value=describe(kinds))
        for kind in kinds:
            if not isinstance(kind, str) or kind not in MARRIAGE_VALUES:
                raise round_error(
                    number,
                    "anrufen.marriage_kind",
                    gettext_noop("a marriage is in trump or in a plain suit, not %(value)s"),
                    value=describe(kind),
                )
            counts[kind] += 1
            values[side] += MARRIAGE_VALUES[kind]
    for kind, most in MARRIAGES_IN_DECK.items():
        if counts[kind] > most:
            template = (
                gettext_noop("%(count)d trump marriages, but the deck holds only %(most)d")
                if kind == "trump"
                else gettext_noop("%(count)d plain marriages, but the deck holds only %(most)d")
            )
            raise round_error(number, "anrufen.too_many_marriages", template, count=counts[kind], most=most)
    return values["bidder"], values["opponents"]


def _points(entry: Mapping, number: int, contract: str) -> int | None:
    if "points" not in entry:
        if contract in NEEDS_POINTS:
            raise round_error(
                number,
                "anrufen.no_points",
                gettext_noop("points are missing: %(contract)s needs the card points of the bidder's side"),
                contract=CONTRACTS[contract],
            )
        return None
    points = require_int(entry["points"], number, POINTS, 0, CARD_POINTS)
    if points % 10:
        raise round_error(
            number,
            "anrufen.points_not_tens",
            gettext_noop("points must be a multiple of 10, not %(value)d"),
            value=points,
        )
    return points


def _tricks(entry: Mapping, number: int, contract: str, most: int) -> int | None:
    if "tricks" not in entry:
        if contract in NEEDS_TRICKS:
            raise round_error(
                number,
                "anrufen.no_tricks_given",
                gettext_noop("tricks are missing: %(contract)s needs the tricks of the bidder's side"),
                contract=CONTRACTS[contract],
            )
        return None
    return require_int(entry["tricks"], number, TRICKS_TAKEN, 0, most)
