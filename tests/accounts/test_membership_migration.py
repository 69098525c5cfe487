"""Migration 0008 moves existing members into Membership rows: nobody loses access on upgrade."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("companion", "0007_round_change_ended_resumed")]
AFTER = [("companion", "0008_invites_memberships")]


@pytest.mark.django_db(transaction=True)
def test_existing_members_are_kept_as_added_by_the_owner():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    User = old.get_model("auth", "User")
    GameNight = old.get_model("companion", "GameNight")
    owner = User.objects.create(username="host")
    friend = User.objects.create(username="friend")
    night = GameNight.objects.create(owner=owner, title="Old night")
    night.members.add(friend)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    Membership = new.get_model("companion", "Membership")
    membership = Membership.objects.get(night_id=night.pk)
    assert (membership.user_id, membership.via) == (friend.pk, "added")
    assert membership.joined_at == GameNight.objects.get(pk=night.pk).created_at

    # And back: the members return to the plain table.
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    assert list(
        old.get_model("companion", "GameNight")
        .objects.get(pk=night.pk)
        .members.all()
        .values_list("username", flat=True)
    ) == ["friend"]

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
