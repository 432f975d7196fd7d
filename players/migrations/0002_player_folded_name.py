"""Each player's name as compared (players/names.py), one player per folded name.

Players already registered twice under names that look alike ("Ngozi Adeyemi" and
"Ngozi  Adeyemi") are not merged: their games stay theirs. The first registered keeps the
folded name; the others keep none (still found as that person when a name is typed), and
the migration prints them so staff can rename or merge them in the admin."""

from django.db import migrations, models

from players.names import same_person_key


def look_alikes(players) -> list[list]:
    """Groups of players (in the order registered) whose names are the same person's."""
    groups: dict[str, list] = {}
    for player in players.order_by("pk"):
        groups.setdefault(same_person_key(player.name), []).append(player)
    return [group for group in groups.values() if len(group) > 1]


def fold_names(apps, schema_editor) -> None:
    Player = apps.get_model("players", "Player")
    kept_apart = {p.pk for group in look_alikes(Player.objects) for p in group[1:]}
    for player in Player.objects.exclude(pk__in=kept_apart):
        player.folded_name = same_person_key(player.name)
        player.save(update_fields=["folded_name"])
    for group in look_alikes(Player.objects):
        names = ", ".join(f"“{p.name}” (#{p.pk})" for p in group)
        print(
            f"\n  Players whose names look alike, kept apart: {names}. If they are one "
            "person, rename or merge them in the admin (/admin/players/player/)."
        )


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="folded_name",
            field=models.CharField(
                editable=False,
                help_text="The name as compared (players/names.py): one player per folded name.",
                max_length=120,
                null=True,
            ),
        ),
        migrations.RunPython(fold_names, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("folded_name",), name="one_player_per_folded_name"
            ),
        ),
    ]
