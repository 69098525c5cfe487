"""A night's results: its matches with seats best first, and who won how many ("Mara won 2 of 3 matches").

Works on the matches a page already loaded with their seats and players
(``Match.objects.with_seats()``): no rounds, no per-row queries. Winners and
places are the derived seat columns kept by ``companion.standings.refresh``.
The night page and the shared night page show them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.models import Match, Seat


@dataclass(frozen=True)
class MatchResult:
    """A match with its seats best first (ties by seat), as the night page lists it."""

    match: Match
    seats: list[Seat]


def match_results(matches: Iterable[Match]) -> list[MatchResult]:
    return [
        MatchResult(match, sorted(match.seats.all(), key=lambda seat: (seat.place, seat.position)))
        for match in matches
    ]


@dataclass(frozen=True)
class NightSummary:
    sentence: str
    wins: list[tuple[str, int]]  # everybody who won a match, most wins first
    finished: int
    in_play: int

    @property
    def more_winners(self) -> bool:
        """Did somebody win besides the best named in the sentence? Then the page lists every win."""
        return len({count for _name, count in self.wins}) > 1


def night_summary(matches: Iterable[Match]) -> NightSummary:
    """The night's best, counted over its finished matches: "Mara won 2 of 3 matches."

    A shared win counts for each winner; matches still in play are mentioned, not counted.
    """
    matches = list(matches)
    finished = [match for match in matches if match.is_finished]
    in_play = len(matches) - len(finished)
    wins: Counter[str] = Counter(
        seat.player.name for match in finished for seat in match.seats.all() if seat.won
    )
    played: Counter[str] = Counter(seat.player.name for match in finished for seat in match.seats.all())
    parts = []
    if matches and not finished:
        parts.append(_("No match has finished yet."))
    elif wins:
        top = max(wins.values())
        names = [name for name, count in wins.most_common() if count == top]
        values = {"names": get_text_list(names, _("and")), "won": top, "count": len(finished)}
        everywhere = all(played[name] == len(finished) for name in names)
        if len(names) == 1 and everywhere:
            text = ngettext(
                "%(names)s won %(won)s of %(count)s match.",
                "%(names)s won %(won)s of %(count)s matches.",
                len(finished),
            )
        elif len(names) == 1:
            # Out of the matches they sat in, not the night's: "won 1 of 3" for one played was wrong.
            values["count"] = played[names[0]]
            text = ngettext(
                "%(names)s won %(won)s of the %(count)s match they played.",
                "%(names)s won %(won)s of the %(count)s matches they played.",
                played[names[0]],
            )
        elif everywhere:
            text = ngettext(
                "%(names)s each won %(won)s of %(count)s match.",
                "%(names)s each won %(won)s of %(count)s matches.",
                len(finished),
            )
        else:
            text = ngettext("%(names)s each won %(won)s match.", "%(names)s each won %(won)s matches.", top)
        parts.append(text % values)
    if in_play and finished:
        parts.append(
            ngettext("%(count)s match is still in play.", "%(count)s matches are still in play.", in_play)
            % {"count": in_play}
        )
    return NightSummary(" ".join(parts), wins.most_common(), len(finished), in_play)
