"""Club nights built straight from rows (ClubNight, Entrant, Sitting, ClubTable, matches from tests.factories),
so that the screens' and prints' tests do not depend on the organiser's services."""

from __future__ import annotations

import random

from django.utils import timezone

from companion import standings
from companion.clubs.models import ClubNight, ClubTable, Entrant, Sitting
from companion.lib import tokens
from companion.models import Match, Player, Round, RoundChange
from tests.factories import MatchFactory

NAMES = [
    "Anna", "Beat", "Cla", "Dora", "Eva", "Fritz", "Gian", "Hanna", "Ines", "Jon", "Kurt", "Lena",
    "Mia", "Nino", "Olga", "Paul", "Reto", "Sara", "Tim", "Urs", "Vera", "Walter", "Xenia", "Yves",
    "Zora", "Adrian", "Bea", "Corsin", "Dario", "Elsa", "Flurin", "Gret", "Hugo", "Ida", "Jonas",
    "Karin", "Luca", "Mona", "Nils", "Oskar", "Petra", "Rita", "Simon", "Tina", "Ueli", "Vreni",
    "Wanda", "Xaver", "Yara", "Zeno", "Alma", "Bruno", "Chiara", "Dino", "Erika", "Fabio", "Gina",
    "Heidi", "Ivo", "Jana",
]  # fmt: skip


def molotow_round(names, shift=0):
    """A Molotow deal (157 card points); ``shift`` turns who scores most."""
    points = [90, 34, 24, 9]
    return {"points": {name: points[(index + shift) % 4] for index, name in enumerate(names)}}


def make_club(night, count=24, *, game="molotow", table_size=4, planned=3, ranking="table_points"):
    """A club night on ``night`` with ``count`` entrants checked in (names from NAMES)."""
    club = ClubNight.objects.create(
        night=night, game=game, table_size=table_size, planned_sittings=planned, ranking=ranking
    )
    for name in NAMES[:count]:
        player, _ = Player.objects.get_or_create(owner=night.owner, name=name)
        Entrant.objects.create(club=club, player=player)
    return club


def seat_sitting(club, number, tables, *, byes=(), seed=None):
    """Sitting ``number`` with ``tables`` (lists of names in seating order), each with its match and link."""
    sitting = Sitting.objects.create(
        club=club, number=number, seed=seed if seed is not None else 1000 + number
    )
    if byes:
        sitting.byes.set(Player.objects.filter(owner=club.night.owner, name__in=byes))
    for table_number, names in enumerate(tables, start=1):
        match = MatchFactory(night=club.night, game=club.game, names=list(names), options=club.options)
        _token, seed_value, digest = tokens.new_token(ClubTable.PURPOSE)
        ClubTable.objects.create(
            sitting=sitting, number=table_number, match=match, token_hash=digest, token_seed=seed_value
        )
    return sitting


def rotation(names, number, size=4):
    """Tables for sitting ``number``: a fixed shuffle per sitting, so that sittings seat people differently."""
    shuffled = random.Random(number).sample(list(names), len(names))
    return [shuffled[start : start + size] for start in range(0, len(shuffled) - size + 1, size)]


def play(match, deals, *, end=False):
    """``deals`` Molotow rounds at ``match`` (its seat order), its standings refreshed; ``end``: ended by hand."""
    names = [seat.player.name for seat in match.seats.order_by("position").select_related("player")]
    start = match.rounds.count()
    rounds = Round.objects.bulk_create(
        Round(
            match=match, number=start + index + 1, entry=molotow_round(names, shift=start + index + match.pk)
        )
        for index in range(deals)
    )
    # What the round service writes beside each round: the history the live versions are made of.
    RoundChange.objects.bulk_create(
        RoundChange(match=match, number=row.number, action=RoundChange.Action.ADDED, after=row.entry)
        for row in rounds
    )
    if end:
        match.closed = True
        match.save(update_fields=["closed"])
    match = Match.objects.prefetch_related("seats__player", "rounds").get(pk=match.pk)
    standings.refresh(match)
    return match


def play_sitting(sitting, deals=2, *, end=True):
    for table in sitting.tables.select_related("match"):
        play(table.match, deals, end=end)
    if end:
        sitting.closed_at = timezone.now()
        sitting.save(update_fields=["closed_at"])


def club_24(night, *, sittings_played=2, drawn_next=True):
    """24 players at 6 tables: ``sittings_played`` complete sittings, then (``drawn_next``) one more drawn."""
    club = make_club(night, 24)
    names = NAMES[:24]
    for number in range(1, sittings_played + 1):
        play_sitting(seat_sitting(club, number, rotation(names, number)))
    if drawn_next:
        seat_sitting(club, sittings_played + 1, rotation(names, sittings_played + 1))
    return club
