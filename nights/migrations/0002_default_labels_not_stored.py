"""A night's tables were stored with their default label in the language of whoever
started the night ("Table 2", "Mesa 2"); they become numbered tables, whose name each
reader reads in their own language. A label staff typed is kept as typed."""

from django.db import migrations

# What the site called a numbered table when this was written, in English, Spanish and
# French (French says "Table" too): "<word> <position>" was the default, nothing else.
DEFAULT_WORDS = ("Table", "Mesa")


def number_the_default_labels(apps, schema_editor):
    Table = apps.get_model("nights", "Table")
    Game = apps.get_model("games", "Game")
    for table in Table.objects.select_related("game"):
        label = table.game.table_label
        defaults = {"", *(f"{word} {table.position}" for word in DEFAULT_WORDS)}
        if label in defaults:
            Game.objects.filter(pk=table.game_id).update(
                table_label="", table_number=table.position
            )


def label_the_numbered_tables(apps, schema_editor):
    """Back: the numbered tables get the label the old code stored, in English."""
    Table = apps.get_model("nights", "Table")
    Game = apps.get_model("games", "Game")
    for table in Table.objects.filter(game__table_number__isnull=False):
        Game.objects.filter(pk=table.game_id).update(
            table_label=f"Table {table.position}", table_number=None
        )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_game_table_number"),
        ("nights", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(number_the_default_labels, label_the_numbered_tables),
    ]
