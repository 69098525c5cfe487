"""Every change of a match goes through one locked unit; its review work runs after the answer, as a task.

The save that ends a match folds it once, runs at most 15 statements in one savepoint, and only
writes the review task's row (the database backend, as in production): ratings, records and
partnerships are the worker's, handed the standings the save computed. An edit of an old match
answers as fast as any save. The statement figures here are pinned (issue 35).
"""

import re
from unittest import mock

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from companion.models import Match
from companion.play.setup import create_match
from companion.review.models import Feat, Rating
from scoring.base import Engine
from tests.factories import enter_round

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
WORKER = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}  # tasks wait for the worker
SHORT = {"target": 2, "max_target": 2}  # Murlan for two: two hands end it


def folds():
    score = mock.patch.object(Engine, "score", autospec=True, side_effect=Engine.score)
    replay = mock.patch.object(Engine, "replay", autospec=True, side_effect=Engine.replay)
    return score, replay


def measured(call):
    """The response, the folds, the statements (savepoints apart) and the savepoints of ``call``."""
    score, replay = folds()
    with score as scored, replay as replayed, CaptureQueriesContext(connection) as captured:
        response = call()
    sql = [re.sub(r"^\d+ times: ", "", q["sql"]) for q in captured.captured_queries]
    savepoints = [q for q in sql if q.startswith("SAVEPOINT")]
    statements = [q for q in sql if not q.startswith(("SAVEPOINT", "RELEASE"))]
    return response, scored.call_count + replayed.call_count, statements, savepoints


def waiting_tasks():
    from django_tasks_db.models import DBTaskResult

    return list(DBTaskResult.objects.all())


def run_waiting_tasks():
    """What the worker does after the commit (``manage.py db_worker``)."""
    for waiting in waiting_tasks():
        waiting.task.call(*waiting.task_result.args, **waiting.task_result.kwargs)
        waiting.delete()


@pytest.fixture
def murlan(night, owner):
    match = create_match(night, "murlan", ["Anna", "Beat"], 0, SHORT, owner)
    enter_round(match, {"order": ["Anna", "Beat"]})
    return match


def test_the_save_that_ends_a_match_folds_once_in_fifteen_statements_and_one_savepoint(
    persona_client, murlan
):
    client = persona_client("owner")
    client.get(murlan.get_absolute_url())  # the page keeps the standings the save starts from
    seen = Match.objects.get(pk=murlan.pk).version
    data = {"number": 2, "seen": seen, "place_0": "0", "place_1": "1"}
    with override_settings(TASKS=WORKER):
        response, fold_count, statements, savepoints = measured(
            lambda: client.post(reverse("round_add", args=[murlan.pk]), data, **HTMX)
        )
        assert response["Companion-Round"] == "saved"
        assert Match.objects.get(pk=murlan.pk).is_finished
        assert fold_count == 1
        assert len(statements) <= 15, statements
        assert len(savepoints) == 1
        # Nothing of the review ran in the request: one task waits, with what the save computed.
        assert not Rating.objects.exists() and not Feat.objects.exists()
        (task,) = waiting_tasks()
        assert task.task_path == "companion.review.tasks.review_match"
        assert {kind for _seat, kind, _value, _rank in task.task_result.kwargs["feats"]} >= {"total"}
        score, replay = folds()
        with score as scored, replay as replayed:
            run_waiting_tasks()
        assert scored.call_count + replayed.call_count == 0  # the worker does not fold the match again
    assert Rating.objects.filter(match=murlan).count() == 4  # two players, their game and overall
    assert Feat.objects.filter(seat__match=murlan).exists()


def test_an_ordinary_save_hands_no_review_work_to_the_worker(persona_client, night, owner):
    match = create_match(night, "murlan", ["Anna", "Beat"], 0, {"target": 4, "max_target": 4}, owner)
    client = persona_client("owner")
    client.get(match.get_absolute_url())
    with override_settings(TASKS=WORKER):
        response, fold_count, statements, savepoints = measured(
            lambda: client.post(
                reverse("round_add", args=[match.pk]), {"number": 1, "place_0": "0", "place_1": "1"}, **HTMX
            )
        )
        assert response["Companion-Round"] == "saved"
        assert (fold_count, len(savepoints)) == (1, 1)
        assert len(statements) <= 13, statements
        assert waiting_tasks() == []


def test_an_edit_of_an_old_finished_match_answers_without_rating(persona_client, night, owner, murlan):
    enter_round(murlan, {"order": ["Anna", "Beat"]})  # Anna wins
    for _ in range(5):  # later matches the edit's ratings depend on
        later = create_match(night, "murlan", ["Anna", "Beat"], 0, SHORT, owner)
        enter_round(later, {"order": ["Beat", "Anna"]})
        enter_round(later, {"order": ["Beat", "Anna"]})
    later_ratings = set(Rating.objects.exclude(match=murlan).values_list("match", "player", "game", "value"))
    rated = Rating.objects.count()
    client = persona_client("owner")
    url = reverse("round_edit", args=[murlan.pk, 1])
    data = {"number": 1, "place_0": "1", "place_1": "0", "confirmed": "yes"}
    with override_settings(TASKS=WORKER):
        response, fold_count, statements, savepoints = measured(lambda: client.post(url, data))
        assert response.status_code == 302
        # The edit's one fold (the confirmation page before it showed the preview): no rating here.
        assert (fold_count, len(savepoints)) == (1, 1)
        assert len(statements) <= 15, statements
        assert Rating.objects.count() == rated
        assert [task.task_path for task in waiting_tasks()] == ["companion.review.tasks.review_match"]
        run_waiting_tasks()
    # The edit split the old match's hands: it is in play again, unrated, and every later match is
    # rated again without Anna's win (by the task, from the old match on).
    assert not Match.objects.get(pk=murlan.pk).is_finished
    assert not Rating.objects.filter(match=murlan).exists()
    after = set(Rating.objects.values_list("match", "player", "game", "value"))
    assert len(after) == len(later_ratings) and after != later_ratings
