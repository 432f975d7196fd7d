"""Players registered twice under look-alike names before names were compared as a
person would: the migration that adds the folded name lists them and keeps them apart
(never merged: each keeps their games), and the one without a folded name is still found
when the name is typed again."""

import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from players.models import Player

BEFORE = [("players", "0001_initial")]


@pytest.fixture
def before_folding(transactional_db):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    executor.loader.build_graph()
    yield executor.loader.project_state(BEFORE).apps
    call_command("migrate", verbosity=0)


def test_the_migration_lists_look_alikes_and_keeps_them_apart(before_folding, capsys):
    old = before_folding.get_model("players", "Player")
    for name in ("Ngozi Adeyemi", "Ann Lee", "Ngozi  Adeyemi", "NGOZI ADÉYEMI"):
        old.objects.create(name=name)
    capsys.readouterr()
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes("players"))
    said = capsys.readouterr().out
    assert "Players whose names look alike, kept apart:" in said
    listed = re.findall(r"“([^”]+)” \(#\d+\)", said)
    assert listed == ["Ngozi Adeyemi", "Ngozi  Adeyemi", "NGOZI ADÉYEMI"]
    assert "Ann Lee" not in said
    assert Player.objects.count() == 4
    first = Player.objects.get(name="Ngozi Adeyemi")
    assert Player.objects.same_person("ngozi adeyemi") == first
    assert Player.objects.filter(folded_name__isnull=True).count() == 2
    kept = Player.objects.get(name="Ngozi  Adeyemi")
    kept.active = False
    kept.save()  # a look-alike kept apart can still be changed
    assert Player.objects.filter(folded_name__isnull=True).count() == 2
