"""Looking back at game nights: the list's filters and rows, a night's standings and summary.

Everything here works on a bounded set of rows the view already loaded (one
page of nights, one night's matches, with their seats and players
prefetched): no rounds, no per-row queries. Winners and places are the
derived seat columns kept by ``companion.standings.refresh``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.access import nights_for
from companion.models import Game, GameNight, Match, Player, Seat

NIGHTS_PER_PAGE = 20


class PlayerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Player) -> str:
        return str(obj)


class NightFilterForm(forms.Form):
    """The list's filters, read from the query string; an unusable value is shown as an error."""

    player = PlayerChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("Player"),
        empty_label=gettext_lazy("Anyone"),
    )
    game = forms.ChoiceField(
        choices=[("", gettext_lazy("Any game")), *Game.choices], required=False, label=gettext_lazy("Game")
    )
    date_from = forms.DateField(
        required=False, label=gettext_lazy("From"), widget=forms.DateInput(attrs={"type": "date"})
    )
    date_to = forms.DateField(
        required=False, label=gettext_lazy("To"), widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, data, *, user: AbstractBaseUser):
        super().__init__(data)
        self.fields["player"].queryset = players_to_filter_by(user)

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("date_from"), cleaned.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", _("The end date is before the start date."))
        return cleaned

    def filters(self) -> dict:
        """The valid filters only: a wrong date does not hide the nights the other filters find."""
        self.is_valid()
        return {name: value for name, value in self.cleaned_data.items() if value not in (None, "")}


def players_to_filter_by(user: AbstractBaseUser) -> QuerySet[Player]:
    """The user's own roster and everybody who played in a night the user may see."""
    seated = Seat.objects.filter(player=OuterRef("pk"), match__night__in=nights_for(user))
    return Player.objects.filter(Q(owner=user) | Exists(seated))


def filter_nights(nights: QuerySet[GameNight], filters: dict) -> QuerySet[GameNight]:
    if "player" in filters:
        nights = nights.filter(
            Exists(Seat.objects.filter(match__night=OuterRef("pk"), player=filters["player"]))
        )
    if "game" in filters:
        nights = nights.filter(Exists(Match.objects.filter(night=OuterRef("pk"), game=filters["game"])))
    if "date_from" in filters:
        nights = nights.filter(date__gte=filters["date_from"])
    if "date_to" in filters:
        nights = nights.filter(date__lte=filters["date_to"])
    return nights


def with_matches(nights: QuerySet[GameNight]) -> QuerySet[GameNight]:
    """Nights with their matches, seats and players: two more queries, however many rows."""
    seats = Seat.objects.select_related("player").order_by("position")
    matches = Match.objects.order_by("started_at", "pk").prefetch_related(Prefetch("seats", queryset=seats))
    return nights.prefetch_related(Prefetch("matches", queryset=matches))


# --- a row of the list ------------------------------------------------------


@dataclass(frozen=True)
class NightRow:
    night: GameNight
    players: list[str]
    games: list[tuple[str, int]]  # game label, matches of it
    winners: list[tuple[str, int]]  # name, matches won
    in_play: int


def night_row(night: GameNight) -> NightRow:
    matches = list(night.matches.all())
    players: dict[str, None] = {}
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for match in matches:
        games[match.get_game_display()] += 1
        for seat in match.seats.all():
            players.setdefault(seat.player.name)
            if match.is_finished and seat.won:
                wins[seat.player.name] += 1
    return NightRow(
        night=night,
        players=list(players),
        games=list(games.items()),
        winners=wins.most_common(),
        in_play=sum(not match.is_finished for match in matches),
    )


# --- a night's page ---------------------------------------------------------


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
    parts = []
    if matches and not finished:
        parts.append(_("No match has finished yet."))
    elif wins:
        top = max(wins.values())
        names = [name for name, count in wins.most_common() if count == top]
        values = {"names": get_text_list(names, _("and")), "won": top, "count": len(finished)}
        if len(names) == 1:
            text = ngettext(
                "%(names)s won %(won)s of %(count)s match.",
                "%(names)s won %(won)s of %(count)s matches.",
                len(finished),
            )
        else:
            text = ngettext(
                "%(names)s each won %(won)s of %(count)s match.",
                "%(names)s each won %(won)s of %(count)s matches.",
                len(finished),
            )
        parts.append(text % values)
    if in_play and finished:
        parts.append(
            ngettext("%(count)s match is still in play.", "%(count)s matches are still in play.", in_play)
            % {"count": in_play}
        )
    return NightSummary(" ".join(parts), wins.most_common(), len(finished), in_play)
