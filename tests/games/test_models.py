"""Database constraints are the last guard: they hold even when a view forgets."""

import pytest
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError

from companion.models import Match, Player, Round, Seat
from tests.factories import GameNightFactory, MatchFactory, PlayerFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_player_names_are_unique_per_owner_whatever_the_case():
    owner = UserFactory()
    PlayerFactory(owner=owner, name="Anna")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(owner=owner, name="anna")


def test_two_owners_may_each_have_an_anna():
    PlayerFactory(name="Anna")
    PlayerFactory(name="Anna")
    assert Player.objects.filter(name="Anna").count() == 2


def test_a_player_needs_a_name():
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(owner=UserFactory(), name="")


def test_a_round_number_is_unique_within_its_match():
    match = MatchFactory()
    RoundFactory(match=match, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(match=match, number=1, entry={})


def test_two_matches_may_each_have_a_round_one():
    RoundFactory(number=1)
    RoundFactory(number=1)
    assert Round.objects.filter(number=1).count() == 2


def test_round_numbers_start_at_one():
    match = MatchFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(match=match, number=0, entry={})


def test_a_match_must_be_one_of_the_four_games():
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(night=GameNightFactory(), game="poker")


def test_a_seat_is_taken_once_and_a_player_sits_once():
    match = MatchFactory(names=["Anna", "Beat", "Cla", "Dora"])
    anna = Player.objects.get(name="Anna")
    other = PlayerFactory(owner=match.night.owner, name="Elsa")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(match=match, player=other, position=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(match=match, player=anna, position=7)


def test_a_player_with_matches_cannot_be_deleted_by_accident():
    match = MatchFactory()
    anna = match.seats.get(position=0).player
    with pytest.raises(ProtectedError), transaction.atomic():
        anna.delete()
