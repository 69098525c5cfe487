"""Molotow Jass: sticks and potatoes, twelve deals, the deal passing to the right.

A round is one deal, entered with every player's card points::

    {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}, "draw_loser": "Cla"}

The four values add up to exactly 157. The award (docs/rules.md, Molotow Jass):

* one player took all 157: he gets 3 sticks, every other player
  ``others_on_157`` potatoes (default 3);
* one player took 100 to 156: he gets 3 potatoes, every other player
  ``others_on_100`` sticks (default 3);
* otherwise a unique highest and a unique lowest get 1 stick each and the
  players in between 1 potato each; a highest or lowest shared by two gets
  nothing; when three players share a value the fourth gets 1 stick and the
  tied player who drew the highest card (``draw_loser``) gets 1 potato.

A potato cancels a stick: a player's score is sticks - potatoes, but both
counts are kept, as on paper. The match ends after option ``rounds`` deals
(default 12); the highest score wins and equal highest scores share.

``Standings.table`` (for the scoreboard, not in the JSON):

* ``leader``: who leads the next deal, the player to the next dealer's right
  (``None`` once the match is over);
* ``round_limit``: the ``rounds`` option;
* ``next_round``: the number of the next deal (``None`` once the match is over).

Decisions:

* The house rules change only what the *other* players get: the 157 player
  always gets 3 sticks and the 100-156 player always 3 potatoes.
* 100 / 19 / 19 / 19 is the 100-156 case and 157 / 0 / 0 / 0 the 157 case:
  the tied players there are not "under 100 players", so no draw is needed.
* ``draw_loser`` present with ``null`` counts as given (like any other value
  that is not the name of a tied player), the same as a ``null`` map in Elfer.
* A match the table closes by hand (``closed=True``) finishes after the deals
  played so far, the highest score winning; the fixed number of deals is what
  the rules ask, but a table that stops early still wants to see who led.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.base import (
    COUNTER_CLOCKWISE,
    Engine,
    Option,
    Phrase,
    RoundResult,
    Standings,
    WholeNumber,
    and_list,
    describe,
    first_placed,
    gettext_noop,
    next_in_seating,
    require_int,
    require_known_keys,
    require_mapping,
    require_player_keys,
    round_error,
)

ALL_POINTS = 157  # 4 x 38 + 5 without trump, 62 + 3 x 30 + 5 with trump
HEAVY = 100  # from here up a player has taken too much and is punished
OWN_AWARD = 3  # sticks for 157, potatoes for 100-156: fixed, not a house rule
DRAW_LOSER = "draw_loser"
ROUND_KEYS = frozenset({"points", DRAW_LOSER})
POINTS = WholeNumber(
    "molotow.points",
    gettext_noop("%(name)s's points must be a whole number, not %(value)s"),
    gettext_noop("%(name)s's points must be at least %(low)d, not %(value)s"),
    gettext_noop("%(name)s's points must be at most %(high)d, not %(value)s"),
)


def three_tied(points: Mapping[str, int], players: Sequence[str]) -> list[str]:
    """The three players on one value when nobody reached 100, in seating order; else none.

    Only then is a card drawn. The entry form offers the draw to these three
    (``companion.games.molotow.live``), so the phone never decides it.
    """
    if max(points.values()) >= HEAVY:
        return []
    counts = Counter(points.values())
    value = next((value for value, count in counts.items() if count == 3), None)
    return [name for name in players if points[name] == value] if value is not None else []


class Molotow(Engine):
    key = "molotow"
    title = Phrase(
        gettext_noop("Molotow Jass")
    )  # a Phrase: error messages name the game in the reader's words
    min_players = 4
    max_players = 4
    name_maps = ("points",)
    name_values = ("draw_loser",)
    deal_direction = COUNTER_CLOCKWISE
    options = (
        Option("rounds", 12, int, "Deals", "How many deals the match lasts.", minimum=1, maximum=100),
        Option(
            "others_on_100",
            3,
            int,
            "Sticks for the others on 100",
            "Sticks every other player gets when one player takes 100 to 156 points.",
            minimum=0,
            maximum=12,
        ),
        Option(
            "others_on_157",
            3,
            int,
            "Potatoes for the others on 157",
            "Potatoes every other player gets when one player takes all 157 points.",
            minimum=0,
            maximum=12,
        ),
    )

    def fold(
        self, players: tuple[str, ...], options: dict[str, Any], rounds: list[Mapping], *, closed: bool
    ) -> Standings:
        limit = options["rounds"]
        sticks = dict.fromkeys(players, 0)
        potatoes = dict.fromkeys(players, 0)
        results = []
        for number, entry in enumerate(rounds, start=1):
            if number > limit:
                raise self.after_match_over(number)
            points = self._points(entry, players, number)
            got_sticks, got_potatoes = self._award(entry, points, players, options, number)
            for name in players:
                sticks[name] += got_sticks[name]
                potatoes[name] += got_potatoes[name]
            results.append(
                RoundResult(
                    number,
                    {name: got_sticks[name] - got_potatoes[name] for name in players},
                    {"sticks": got_sticks, "potatoes": got_potatoes},
                )
            )

        played = len(results)
        finished = closed or played >= limit
        totals = {name: sticks[name] - potatoes[name] for name in players}
        dealer = None if finished else self.dealer_after(players, options, played)
        places = self.places(totals, players, options)
        return Standings(
            game=self.key,
            players=players,
            options=options,
            rounds=tuple(results),
            totals=totals,
            finished=finished,
            winners=first_placed(places, players) if finished else (),
            dealer=dealer,
            places=places,
            extras={"sticks": dict(sticks), "potatoes": dict(potatoes)},
            table={
                "leader": None,
                "next_round": None,
                **({} if finished else self.deal_table(players, options, played)),
                "round_limit": limit,
            },
        )

    def deal_table(
        self, players: Sequence[str], options: Mapping[str, Any], rounds_played: int
    ) -> dict[str, Any]:
        # The player to the dealer's right leads: the previous one in the clockwise seating.
        dealer = self.dealer_after(players, options, rounds_played)
        return {
            "leader": next_in_seating(players, dealer, COUNTER_CLOCKWISE),
            "next_round": rounds_played + 1,
        }

    @staticmethod
    def _points(entry: Mapping, players: Sequence[str], number: int) -> dict[str, int]:
        """Every player's card points, checked: whole numbers 0-157, never 1 or 156, adding up to 157."""
        require_known_keys(entry, number, ROUND_KEYS)
        if "points" not in entry:
            raise round_error(number, "molotow.no_points", gettext_noop("the points are missing"))
        given = require_mapping(entry["points"], number, Phrase(gettext_noop("points")))
        require_player_keys(given, players, number, Phrase(gettext_noop("points")))
        points = {}
        for name in players:
            if name not in given:
                raise round_error(
                    number,
                    "molotow.player_missing",
                    gettext_noop("%(name)s is missing from the points"),
                    name=name,
                )
            points[name] = require_int(given[name], number, POINTS, 0, ALL_POINTS, name=name)
            if points[name] in (1, ALL_POINTS - 1):
                # The smallest card count is an Under's 2, so 1 point (or 156, leaving 1) is a typo.
                template = (
                    gettext_noop("%(name)s has 1 point, but no card is worth 1 point")
                    if points[name] == 1
                    else gettext_noop(
                        "%(name)s has 156 points, which leaves 1 for the others, but no card is worth 1 point"
                    )
                )
                raise round_error(number, "molotow.one_point", template, name=name, points=points[name])
        total = sum(points.values())
        if total != ALL_POINTS:
            raise round_error(
                number,
                "molotow.sum",
                gettext_noop("points add up to %(total)d, not %(all)d"),
                total=total,
                all=ALL_POINTS,
            )
        return points

    @staticmethod
    def _award(
        entry: Mapping,
        points: dict[str, int],
        players: Sequence[str],
        options: Mapping[str, Any],
        number: int,
    ) -> tuple[dict[str, int], dict[str, int]]:
        """This deal's sticks and potatoes per player, in seating order."""
        sticks = dict.fromkeys(players, 0)
        potatoes = dict.fromkeys(players, 0)
        top = max(points.values())
        leader = next(name for name in players if points[name] == top)
        others = [name for name in players if name != leader]

        tied = three_tied(points, players)
        tied_value = points[tied[0]] if tied else None
        if not tied and DRAW_LOSER in entry:
            raise round_error(
                number,
                "molotow.draw_not_needed",
                gettext_noop("nobody draws a card in this deal: only three players tied under 100 points do"),
            )
        if tied and DRAW_LOSER not in entry:
            raise round_error(
                number,
                "molotow.draw_needed",
                gettext_noop("%(tied)s tied on %(points)d points: say who drew the highest card"),
                tied=and_list(tied),
                points=tied_value,
            )

        if top == ALL_POINTS:
            sticks[leader] = OWN_AWARD
            for name in others:
                potatoes[name] = options["others_on_157"]
        elif top >= HEAVY:
            potatoes[leader] = OWN_AWARD
            for name in others:
                sticks[name] = options["others_on_100"]
        elif tied:
            loser = entry[DRAW_LOSER]
            if not isinstance(loser, str) or loser not in players:
                raise round_error(
                    number,
                    "molotow.draw_not_a_player",
                    gettext_noop("who drew the highest card: %(value)s is not a player of this match"),
                    value=describe(loser),
                )
            if loser not in tied:
                raise round_error(
                    number,
                    "molotow.draw_not_tied",
                    gettext_noop("only the tied players %(tied)s draw a card, not %(value)s"),
                    tied=and_list(tied),
                    value=loser,
                )
            fourth = next(name for name in players if name not in tied)
            sticks[fourth] = 1
            potatoes[loser] = 1
        else:
            # No three-way tie, and 157 is odd, so at most one pair shares a value.
            ranked = sorted(players, key=lambda name: points[name], reverse=True)
            high, middle, low = ranked[0], ranked[1:3], ranked[3]
            if points[high] == points[middle[0]]:  # highest shared: those two get nothing
                sticks[low] = 1
                potatoes[middle[1]] = 1
            elif points[low] == points[middle[1]]:  # lowest shared: those two get nothing
                sticks[high] = 1
                potatoes[middle[0]] = 1
            else:  # the middle two get a potato each, whether their points are equal or not
                sticks[high] = sticks[low] = 1
                for name in middle:
                    potatoes[name] = 1
        return sticks, potatoes
