"""Migration 0014 renames the match's bonus board to the game's own state: a board kept before stays."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("companion", "0013_merge")]
AFTER = [("companion", "0014_match_game_state")]
BOARD = {"completed": [{"colour": "red", "side": "low", "player": "Beat"}], "open": None}


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_the_bonus_board_of_a_game_in_play_is_still_there_after_the_update():
    old = migrate(BEFORE)
    owner = old.get_model("auth", "User").objects.create(username="host")
    night = old.get_model("companion", "GameNight").objects.create(owner=owner, title="Old night")
    match = old.get_model("companion", "Match").objects.create(night=night, game="elfer", board=BOARD)

    new = migrate(AFTER)
    assert new.get_model("companion", "Match").objects.get(pk=match.pk).game_state == BOARD

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
