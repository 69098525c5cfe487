"""Migration 0012 replaces every invite and share token by its hash: the old links keep working."""

from __future__ import annotations

import datetime
import hashlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from django.utils import timezone

BEFORE = [("companion", "0011_round_key")]
AFTER = [("companion", "0012_security")]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_old_tokens_become_hashes_old_links_still_work_and_past_members_are_remembered(client):
    old = migrate(BEFORE)
    User = old.get_model("auth", "User")
    owner = User.objects.create(username="host")
    gone = User.objects.create(username="gone")
    night = old.get_model("companion", "GameNight").objects.create(owner=owner, title="Old night")
    invite = old.get_model("companion", "Invite").objects.create(
        night=night,
        token="an-old-invite-token-of-32-chars-x",
        expires_at=timezone.now() + datetime.timedelta(days=1),
    )
    old.get_model("companion", "Membership").objects.create(
        night=night, user=gone, via="invite", invite=invite
    )
    old.get_model("companion", "ShareLink").objects.create(
        night=night, token="an-old-share-token-of-32-chars-xx"
    )

    new = migrate(AFTER)
    Invite = new.get_model("companion", "Invite")
    assert Invite.objects.get().token_hash == hashlib.sha256(b"an-old-invite-token-of-32-chars-x").hexdigest()
    assert "an-old-share-token-of-32-chars-xx" not in str(
        list(new.get_model("companion", "ShareLink").objects.values())
    )
    uses = new.get_model("companion", "InviteUse").objects.values_list("invite_id", "user_id")
    assert list(uses) == [(invite.pk, gone.pk)]

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert client.get(reverse("invite", args=["an-old-invite-token-of-32-chars-x"])).status_code == 200
    assert client.get(reverse("shared", args=["an-old-share-token-of-32-chars-xx"])).status_code == 200
