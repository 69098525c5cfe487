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


# --- rounds, as the match page saves them -----------------------------------------


class EntryRefused(Exception):
    """The entry form (or the engine behind it) refused a round a test typed; ``save`` says why."""

    def __init__(self, save):
        super().__init__(save.error or save.notice or dict(save.form.errors if save.form else {}))
        self.save = save


def enter_round(match, entry, *, number=None, user=None, key=None):
    """Type ``entry`` into ``match``'s entry form and save it as the page does (``rounds.save_entry``).

    ``number``: the round the form is for (the next one by default); ``user``: who saves it (the
    night's owner by default). Returns the standings after the save. A refused round raises
    :class:`EntryRefused`, a round another phone stored first ``rounds.RoundConflict``; a form
    that cannot say ``entry`` fails the test (the round stored must be the one typed).
    """
    from companion import standings
    from companion.access import Viewer
    from companion.games import registry
    from companion.play import rounds

    match = Match.objects.with_standings().select_related("night").get(pk=match.pk)
    players = [seat.player.name for seat in standings.seats_of(match)]
    data = registry.get(match.game).entry_form.initial_from_entry(entry, players)
    data["number"] = number or len(match.rounds.all()) + 1
    if key is not None:
        data["key"] = str(key)
    save = rounds.save_entry(Viewer(user or match.night.owner), match.pk, data)
    if save.outcome == "conflict":
        raise rounds.RoundConflict(save.notice)
    if save.outcome != "saved":
        raise EntryRefused(save)
    stored = Round.objects.get(match=match, number=save.number).entry
    assert _said(stored) == _said(entry), f"the form stored {stored!r} for {entry!r}"
    return save.result


def _said(value):
    """An entry without its empty parts (the forms leave out an empty list the entry may name)."""
    if isinstance(value, dict):
        return {key: _said(item) for key, item in value.items() if item not in ([], {}, None)}
    return value


# --- review pages: matches played to the end, their derived columns refreshed ---


def play_match(night, game, names, rounds, *, options=None, closed=False, started_at=None):
    """A match of ``night`` with ``rounds`` entered as the match page enters them, ended by the table
    when ``closed``: the derived columns and the review work are what the app leaves.

    The engine checks the rounds, so a test's hand-computed expectation meets the real rules.
    """
    from django.utils import timezone

    from companion.access import Viewer
    from companion.play.rounds import end_match

    match = MatchFactory(
        night=night,
        game=game,
        names=names,
        options=options or {},
        started_at=started_at or timezone.now(),
    )
    for entry in rounds:
        enter_round(match, entry)
    if closed:
        end_match(Viewer(night.owner), match.pk)
    return Match.objects.prefetch_related("seats__player", "rounds").get(pk=match.pk)


def quick_murlan(night, names=("Anna", "Beat"), *, finished=True):
    """A short Murlan the first name wins: two hands in the seating order to the target 2 * (n - 1).

    After one hand (``finished=False``) the match is still in play.
    """
    target = 2 * (len(names) - 1)
    hands = [{"order": list(names)}] * (2 if finished else 1)
    return play_match(night, "murlan", list(names), hands, options={"target": target, "max_target": target})
