"""factory-boy factories for the models; defaults make a valid object with no arguments."""

import datetime

import factory
from django.contrib.auth import get_user_model

from companion.models import GameNight, Match, Player, Round, Seat

PASSWORD = "a-long-test-password-42"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password(PASSWORD)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class GameNightFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = GameNight

    owner = factory.SubFactory(UserFactory)
    title = factory.Sequence(lambda n: f"Game night {n}")
    date = factory.LazyFunction(lambda: datetime.date(2026, 11, 27))


class MatchFactory(factory.django.DjangoModelFactory):
    """A match with seats: pass ``names`` to seat players of the night's owner."""

    class Meta:
        model = Match
        skip_postgeneration_save = True

    night = factory.SubFactory(GameNightFactory)
    game = "molotow"

    @factory.post_generation
    def names(self, create, extracted, **kwargs):
        names = extracted or ["Anna", "Beat", "Cla", "Dora"]
        for position, name in enumerate(names):
            player, _ = Player.objects.get_or_create(owner=self.night.owner, name=name)
            Seat.objects.create(match=self, player=player, position=position)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    match = factory.SubFactory(MatchFactory)
    number = factory.Sequence(lambda n: n + 1)
    entry = factory.LazyFunction(lambda: {"points": {"Anna": 90, "Beat": 9, "Cla": 34, "Dora": 24}})
