"""``manage.py seed_demo``: random game nights that the engines accept, stored with the engines' totals."""

import datetime
import io
import random
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from companion import standings
from companion.demo import generate as demo
from companion.demo.store import seed
from companion.games.molotow import demo as molotow_demo
from companion.models import GameNight, Match, Player, Seat
from companion.transfer import exporting
from scoring.registry import ENGINES

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 11, 27)


def run(*args, **options):
    out = io.StringIO()
    call_command("seed_demo", *args, stdout=out, **options)
    return out.getvalue()


def documents(owner):
    return [
        exporting.night_document(night)
        for night in GameNight.objects.filter(owner=owner).order_by("date", "pk")
    ]


def test_five_nights_hold_valid_matches_whose_stored_totals_are_the_engines(owner):
    output = run("--nights", "5", "--owner", "owner", "--seed", "7")
    assert output.startswith("Added 5 game nights with ")
    assert GameNight.objects.filter(owner=owner).count() == 5
    matches = Match.objects.prefetch_related("seats__player", "rounds").order_by("pk")
    assert {match.game for match in matches} == set(ENGINES)
    for match in matches:
        result = standings.standings(match)  # folds the stored rounds again; raises if one is invalid
        seats = sorted(match.seats.all(), key=lambda seat: seat.position)
        assert {seat.player.name: seat.total for seat in seats} == result.totals
        assert {seat.player.name for seat in seats if seat.won} == set(result.winners)
        assert match.is_finished == result.finished
        assert match.round_count == len(result.rounds) == match.rounds.count()
        if match.is_finished and match.round_count:
            assert match.finished_at == max(r.entered_at for r in match.rounds.all())


def test_the_same_seed_gives_the_same_nights_and_another_seed_others(owner, member, outsider):
    run("--nights", "4", "--owner", "owner", "--seed", "42")
    run("--nights", "4", "--owner", "member", "--seed", "42")
    run("--nights", "4", "--owner", "outsider", "--seed", "43")
    assert len(documents(owner)) == 4
    assert documents(owner) == documents(member)
    assert documents(owner) != documents(outsider)


def test_nights_are_spread_over_the_past_with_several_players_and_the_group_in_the_roster(owner):
    seed(owner, 30, random.Random(1), today=TODAY)
    nights = GameNight.objects.filter(owner=owner)
    dates = sorted(nights.values_list("date", flat=True))
    assert dates[-1] <= TODAY and (dates[-1] - dates[0]).days > 60
    assert sorted(Player.objects.filter(owner=owner).values_list("name", flat=True)) == sorted(
        name for name, _, _ in demo.GROUP
    )
    per_night = Counter(Match.objects.filter(night__in=nights).values_list("night", flat=True))
    assert set(per_night.values()) <= {1, 2, 3, 4} and len(per_night) == 30
    assert Match.objects.filter(finished_at__isnull=True).exists()  # a few are still in play


def test_an_existing_player_in_another_spelling_is_reused_and_the_rounds_use_that_spelling(owner):
    anna = Player.objects.create(owner=owner, name="ANNA")
    seed(owner, 8, random.Random(3), today=TODAY)
    assert Player.objects.filter(owner=owner, name__iexact="anna").get() == anna
    for match in Match.objects.filter(seats__player=anna).prefetch_related("seats__player", "rounds"):
        standings.standings(match)  # raises if a round names "Anna"


def test_seeding_inserts_rows_in_bulk_not_one_query_per_row(owner, django_assert_max_num_queries):
    # Transaction, roster, new players, then per batch: nights, matches, seats, rounds.
    with django_assert_max_num_queries(8):
        seed(owner, 3, random.Random(5), today=TODAY)
    # SQLite takes at most 999 parameters per statement, so big batches need a few inserts each.
    with CaptureQueriesContext(connection) as queries:
        seeded = seed(owner, 120, random.Random(6), today=TODAY)
    assert seeded.nights == 120 and seeded.rounds > 1000
    assert len(queries) < seeded.matches / 4


def test_without_an_owner_the_first_superuser_gets_the_nights(owner):
    host = get_user_model().objects.create_superuser("host", password="a-long-test-password-42")
    run("--nights", "2", "--seed", "1")
    assert set(GameNight.objects.values_list("owner", flat=True)) == {host.pk}


def test_without_any_superuser_a_demo_host_account_is_made_and_its_password_printed(db):
    output = run("--nights", "1", "--seed", "1")
    demo_user = get_user_model().objects.get(username="demo")
    assert demo_user.is_superuser
    password = output.splitlines()[0].removeprefix("Created the account 'demo' with the password ")
    assert demo_user.check_password(password)
    assert GameNight.objects.get().owner == demo_user


def test_an_unknown_owner_is_an_error(db):
    with pytest.raises(CommandError, match="there is no account called 'nobody'"):
        run("--nights", "1", "--owner", "nobody")


# --- the generators, without the database ------------------------------------------------


@pytest.mark.parametrize(
    ("game", "sizes"),
    [("molotow", [4]), ("anrufen", [3, 4]), ("elfer", [2, 3, 4, 5, 6]), ("murlan", [2, 3, 4, 5, 6])],
)
def test_generated_matches_are_played_to_their_end_and_accepted_by_the_engine(game, sizes):
    rng = random.Random(game)
    for size in sizes:
        names = [f"P{index}" for index in range(size)]
        skill = {name: rng.uniform(0.6, 1.6) for name in names}
        for _ in range(25):
            match = demo.demo_match(rng, game, names, skill)
            # Folding the same rounds again from scratch gives the same result, finished.
            engine = ENGINES[game]
            options = {**match.options, "first_dealer": names[match.first_dealer]}
            again = engine.score(names, options, match.rounds, closed=match.closed)
            assert again.totals == match.result.totals
            assert again.finished and match.result.finished


def test_an_unfinished_match_is_still_in_play():
    rng = random.Random(9)
    for game in ENGINES:
        names = ["A", "B", "C", "D"]
        match = demo.demo_match(rng, game, names, dict.fromkeys(names, 1.0), unfinished=True)
        assert not match.result.finished and not match.closed


def test_molotow_rounds_name_a_draw_loser_exactly_when_three_tie_under_100():
    rng = random.Random(11)
    entries = [molotow_demo.deal(rng, ["A", "B", "C", "D"]) for _ in range(3000)]
    engine = ENGINES["molotow"]
    for entry in entries:
        engine.score(
            ["A", "B", "C", "D"], {"rounds": 100}, [entry]
        )  # raises on a missing or stray draw_loser
    assert sum("draw_loser" in entry for entry in entries) > 0
    assert any(max(entry["points"].values()) == 157 for entry in entries)
    assert any(100 <= max(entry["points"].values()) < 157 for entry in entries)


# --- make run's offer ---------------------------------------------------------------------


class Terminal:
    def __init__(self, tty: bool):
        self.tty = tty

    def isatty(self):
        return self.tty


@pytest.mark.parametrize(("tty", "answer", "nights"), [(True, "y", 3), (True, "", 0), (False, "y", 0)])
def test_the_offer_asks_on_a_terminal_and_seeds_only_on_yes(monkeypatch, owner, tty, answer, nights):
    questions = []
    monkeypatch.setattr("sys.stdin", Terminal(tty))
    monkeypatch.setattr("builtins.input", lambda question: questions.append(question) or answer)
    run("--offer", "--nights", "3", "--owner", "owner")
    assert GameNight.objects.count() == nights
    assert questions == (
        ["No game nights yet. Add 3 demo game nights to try Companion? [y/N] "] if tty else []
    )


def test_the_offer_stays_quiet_once_there_are_nights(monkeypatch, night):
    monkeypatch.setattr("sys.stdin", Terminal(True))
    monkeypatch.setattr("builtins.input", lambda question: pytest.fail("asked although nights exist"))
    assert run("--offer") == ""
    assert GameNight.objects.count() == 1


def test_seeded_seats_carry_the_same_place_and_score_as_a_rebuild(owner):
    seed(owner, 6, random.Random(11), today=TODAY)
    seeded = {s.pk: (s.total, s.won, s.place, s.score) for s in Seat.objects.all()}
    call_command("rebuild_standings", stdout=io.StringIO())
    rebuilt = {s.pk: (s.total, s.won, s.place, s.score) for s in Seat.objects.all()}
    assert seeded == rebuilt
    assert {place for _, _, place, _ in seeded.values()} >= {1, 2}
