"""Nights started before table labels were numbered kept the default label in the
language of whoever started them ("Table 1", "Mesa 2"): the migration makes those
tables numbered, so every reader reads them in their own language, and keeps the
labels staff typed."""

from importlib import import_module

from django.apps import apps
from django.utils import translation

from games.models import Game
from nights.starting import add_table
from tests.factories import make_night, numbered

migration = import_module("nights.migrations.0002_default_labels_not_stored")


def test_stored_defaults_become_numbers_and_typed_labels_stay(db):
    night = make_night(9, tables=3).night
    late = add_table(night=night, players=numbered(2, prefix="Late"), label="Back room")
    first, second, third = (t.game for t in night.tables.order_by("position")[:3])
    # As the code before stored them: the default in the language of whoever started it,
    # and a label typed that looks like a default but names another number.
    stored = {first: "Table 1", second: "Mesa 2", third: "Table 7"}
    for game, label in stored.items():
        Game.objects.filter(pk=game.pk).update(table_label=label, table_number=None)

    migration.number_the_default_labels(apps, schema_editor=None)

    games = Game.objects.filter(night_table__night=night).order_by("night_table__position")
    assert [(g.table_label, g.table_number) for g in games] == [
        ("", 1),
        ("", 2),
        ("Table 7", None),
        ("Back room", None),
    ]
    with translation.override("es"):
        assert [t.label for t in night.tables.all()] == ["Mesa 1", "Mesa 2", "Table 7", "Back room"]
    assert late.game.pk == games[3].pk
