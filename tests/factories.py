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


# --- review pages: matches played to the end, their derived columns refreshed ---


def play_match(night, game, names, rounds, *, options=None, closed=False, started_at=None):
    """A match of ``night`` with ``rounds`` stored and ``standings.refresh`` run, as the app leaves one.

    The engine checks the rounds, so a test's hand-computed expectation meets the real rules.
    """
    from django.utils import timezone

    from companion import standings

    match = MatchFactory(
        night=night,
        game=game,
        names=names,
        options=options or {},
        closed=closed,
        started_at=started_at or timezone.now(),
    )
    Round.objects.bulk_create(
        Round(match=match, number=number, entry=entry) for number, entry in enumerate(rounds, start=1)
    )
    match = Match.objects.prefetch_related("seats__player", "rounds").get(pk=match.pk)
    standings.refresh(match)
    return match


def quick_murlan(night, names=("Anna", "Beat"), *, finished=True):
    """A short Murlan the first name wins: two hands in the seating order to the target 2 * (n - 1).

    After one hand (``finished=False``) the match is still in play.
    """
    target = 2 * (len(names) - 1)
    hands = [{"order": list(names)}] * (2 if finished else 1)
    return play_match(night, "murlan", list(names), hands, options={"target": target, "max_target": target})
