"""Elfer raus! Master: each game scores bonus cards against the cards left in hand.

A round is one complete game, entered when somebody has played his last card::

    {"bonus": {"Anna": 2, "Dora": 3},
     "cards": {"Beat": [3, 17], "Cla": [21, 1], "Dora": [12]},
     "jokers": {"Beat": 1}}

Every key is optional and a player left out of a map has no bonus card, no
number card or no joker. A player scores +11 per bonus card, minus the face
value of each number card he still holds, minus 11 per joker he still holds
(connection cards count nothing). The match adds the games up; it ends after
option ``rounds`` games, or when the table closes an open match.

``Standings.table`` (for the scoreboard, not in the JSON):

* ``went_out``: per game, the player who emptied his hand;
* ``scores``: per game, ``{player: score}`` in seating order;
* ``round_limit``: the ``rounds`` option (``None`` for an open match).

Decisions:

* A key present with ``null`` (``"jokers": null``) is an error like any other
  value that is not an object: an empty map says "nobody" just as well.
* A hand that is listed but empty (``"Anna": []``) is an empty hand.
* The bonus cards are checked only as a whole (at most 7): who took how many
  depends on the play and the board (``scoring.elfer_board``) keeps track of it.
* Cards in hand are checked per value (at most four of each, one per colour);
  the colours themselves are not entered.
* An open match closed with no game played finishes with everybody on 0,
  so everybody shares the win.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.base import (
    CLOCKWISE,
    Engine,
    Option,
    Phrase,
    RoundResult,
    Standings,
    WholeNumber,
    and_list,
    best,
    describe,
    first_placed,
    gettext_noop,
    is_int,
    require_int,
    require_known_keys,
    require_mapping,
    require_player_keys,
    round_error,
)
from scoring.elfer_board import BONUS_CARDS, MAX_PLAYERS, MIN_PLAYERS

BONUS_VALUE = 11
JOKER_VALUE = 11
JOKERS = 4
LOWEST_CARD = 1
HIGHEST_CARD = 21
TABLE_CARD = 11  # the four 11s start on the table, so nobody holds one
COPIES_PER_VALUE = 4  # one per colour

ROUND_KEYS = frozenset({"bonus", "cards", "jokers"})
# How an error names each part of a game's entry (the English is the key itself).
SECTIONS = {
    "bonus": Phrase(gettext_noop("bonus")),
    "cards": Phrase(gettext_noop("cards")),
    "jokers": Phrase(gettext_noop("jokers")),
}
BONUS_COUNT = WholeNumber(
    "elfer.bonus",
    gettext_noop("%(name)s's bonus cards must be a whole number, not %(value)s"),
    gettext_noop("%(name)s's bonus cards must be at least %(low)d, not %(value)s"),
    gettext_noop("%(name)s's bonus cards must be at most %(high)d, not %(value)s"),
)
JOKER_COUNT = WholeNumber(
    "elfer.jokers",
    gettext_noop("%(name)s's jokers must be a whole number, not %(value)s"),
    gettext_noop("%(name)s's jokers must be at least %(low)d, not %(value)s"),
    gettext_noop("%(name)s's jokers must be at most %(high)d, not %(value)s"),
)


def game_score(bonus: int, cards: Sequence[int], jokers: int) -> int:
    """One player's score for a game: 11 per bonus card taken, minus the cards and 11 per joker held.

    The fold counts with it, and so does the entry form's live score beside each hand
    (``companion.games.elfer.live``), so the phone never has a formula of its own.
    """
    return BONUS_VALUE * bonus - sum(cards) - JOKER_VALUE * jokers


class Elfer(Engine):
    key = "elfer"
    title = Phrase(
        gettext_noop("Elfer raus! Master")
    )  # a Phrase: error messages name the game in the reader's words
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    name_maps = ("bonus", "cards", "jokers")
    deal_direction = CLOCKWISE
    options = (
        Option(
            "rounds",
            None,
            int,
            "Games",
            "How many games the match lasts; empty: the table ends the match.",
            minimum=1,
            maximum=1000,
            nullable=True,
        ),
    )

    def fold(
        self, players: tuple[str, ...], options: dict[str, Any], rounds: list[Mapping], *, closed: bool
    ) -> Standings:
        limit = options["rounds"]
        totals = dict.fromkeys(players, 0)
        results: list[RoundResult] = []
        went_out: list[str] = []
        scores: list[dict[str, int]] = []
        for number, entry in enumerate(rounds, start=1):
            if limit is not None and number > limit:
                raise self.after_match_over(number)
            bonus, cards, jokers = self._check_entry(players, number, entry)
            game = {name: game_score(bonus[name], cards[name], jokers[name]) for name in players}
            for name in players:
                totals[name] += game[name]
            went_out.append(next(name for name in players if not cards[name] and not jokers[name]))
            scores.append(dict(game))  # its own copy, so the UI can reshape it safely
            results.append(RoundResult(number, game, {"winners": list(best(game, players))}))

        finished = closed or (limit is not None and len(rounds) >= limit)
        places = self.places(totals, players, options)
        return Standings(
            game=self.key,
            players=players,
            options=options,
            rounds=tuple(results),
            totals=totals,
            finished=finished,
            winners=first_placed(places, players) if finished else (),
            dealer=None if finished else self.dealer_after(players, options, len(rounds)),
            places=places,
            extras={},
            table={"went_out": went_out, "scores": scores, "round_limit": limit},
        )

    # -- checking one game --

    def _check_entry(
        self, players: tuple[str, ...], number: int, entry: Mapping
    ) -> tuple[dict[str, int], dict[str, list[int]], dict[str, int]]:
        """Every player's bonus cards, number cards and jokers, or a ScoringError."""
        require_known_keys(entry, number, ROUND_KEYS)
        bonus = self._counts(players, number, entry, "bonus", BONUS_COUNT)
        jokers = self._counts(players, number, entry, "jokers", JOKER_COUNT)
        cards = self._hands(players, number, entry)

        given = sum(bonus.values())
        if given > BONUS_CARDS:
            raise round_error(
                number,
                "elfer.too_many_bonus",
                gettext_noop("%(count)d bonus cards are given out, but there are only %(most)d"),
                count=given,
                most=BONUS_CARDS,
            )
        held = sum(jokers.values())
        if held > JOKERS:
            raise round_error(
                number,
                "elfer.too_many_jokers",
                gettext_noop("%(count)d jokers are held, but there are only %(most)d"),
                count=held,
                most=JOKERS,
            )
        copies = Counter(value for hand in cards.values() for value in hand)
        for value in sorted(copies):
            if copies[value] > COPIES_PER_VALUE:
                raise round_error(
                    number,
                    "elfer.too_many_copies",
                    gettext_noop(
                        "the %(value)d is held %(count)d times, but there are only four of each card"
                    ),
                    value=value,
                    count=copies[value],
                )

        empty = [name for name in players if not cards[name] and not jokers[name]]
        if not empty:
            raise round_error(
                number, "elfer.nobody_out", gettext_noop("nobody went out: every player still holds cards")
            )
        if len(empty) > 1:
            template = (
                gettext_noop("%(names)s both have an empty hand, but only one player can go out")
                if len(empty) == 2
                else gettext_noop("%(names)s all have an empty hand, but only one player can go out")
            )
            raise round_error(number, "elfer.several_out", template, names=and_list(empty))
        return bonus, cards, jokers

    @staticmethod
    def _section(number: int, entry: Mapping, key: str) -> Mapping:
        # An absent key means nobody; a present one must be a real object.
        if key not in entry:
            return {}
        return require_mapping(entry[key], number, SECTIONS[key])

    def _counts(
        self, players: tuple[str, ...], number: int, entry: Mapping, key: str, what: WholeNumber
    ) -> dict[str, int]:
        section = self._section(number, entry, key)
        require_player_keys(section, players, number, SECTIONS[key])
        counts = dict.fromkeys(players, 0)
        for name, value in section.items():
            counts[name] = require_int(value, number, what, low=0, name=name)
        return counts

    def _hands(self, players: tuple[str, ...], number: int, entry: Mapping) -> dict[str, list[int]]:
        section = self._section(number, entry, "cards")
        require_player_keys(section, players, number, SECTIONS["cards"])
        hands: dict[str, list[int]] = {name: [] for name in players}
        for name, hand in section.items():
            if not isinstance(hand, (list, tuple)):
                raise round_error(
                    number,
                    "elfer.hand_not_list",
                    gettext_noop("%(name)s's cards must be a list, not %(value)s"),
                    name=name,
                    value=describe(hand),
                )
            for value in hand:
                hands[name].append(self._card(number, name, value))
        return hands

    @staticmethod
    def _card(number: int, name: str, value: Any) -> int:
        if not is_int(value):
            raise round_error(
                number,
                "elfer.card_not_int",
                gettext_noop("%(name)s's cards must be whole numbers, not %(value)s"),
                name=name,
                value=describe(value),
            )
        if value == TABLE_CARD:
            raise round_error(
                number,
                "elfer.holds_eleven",
                gettext_noop("%(name)s cannot hold an 11: the four 11s start on the table"),
                name=name,
            )
        if not LOWEST_CARD <= value <= HIGHEST_CARD:
            raise round_error(
                number,
                "elfer.card_out_of_range",
                gettext_noop("%(name)s holds %(value)s, but the cards run from %(low)d to %(high)d"),
                name=name,
                value=describe(value),
                low=LOWEST_CARD,
                high=HIGHEST_CARD,
            )
        return value
