"""The forms staff fill in for a night: starting one (with its seating shown first),
moving a player to another table, and adding a table late."""

from django import forms
from django.utils import timezone

from core.dates import DateInput
from games.forms import PlayersAndGameForm
from nights.snapshot import TableBoard
from players.models import Player

MOST_TABLES = 20
"""The most tables the new-night form offers; more than any club room holds."""


class NewNightForm(PlayersAndGameForm):
    """Name, date, game and who is here; the tables are drawn from these (see `seating`)."""

    name = forms.CharField(
        label="Name of the night",
        max_length=80,
        error_messages={
            "required": "Give the night a name, such as “Club night”.",
            "max_length": "Keep the name to 80 characters or fewer.",
        },
    )
    date = forms.DateField(
        label="Date",
        widget=DateInput,
        error_messages={
            "required": "Enter the night's date.",
            "invalid": "Enter the date as a date, such as 2026-11-23.",
        },
    )
    tables = forms.TypedChoiceField(
        label="Tables",
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", "Seat them for me")]
        + [(n, f"{n} table{'s' if n > 1 else ''}") for n in range(1, MOST_TABLES + 1)],
        help_text="“Seat them for me” uses the fewest tables that keep every table within the "
        "game's player range, with table sizes at most one apart.",
        error_messages={"invalid_choice": "Pick a number of tables from the list."},
    )

    field_order = ["name", "date", "game", "players", "tables"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["date"].initial = timezone.localdate
        self.fields["players"].error_messages["required"] = "Tick the players who are here."


class SeatingError(ValueError):
    """A seating carried back from the preview that does not fit the form's players."""


def seating_fields(tables: list[list[Player]]) -> list[tuple[str, str]]:
    """The preview's hidden fields: ("table-1", "7,3,12"), … player ids in seat order."""
    return [
        (f"table-{number}", ",".join(str(p.pk) for p in players))
        for number, players in enumerate(tables, start=1)
    ]


def carried_seating(data, players: list[Player]) -> list[list[Player]]:
    """The seating the preview showed, read back from its hidden fields.

    Every ticked player must be seated exactly once; anything else means the page was
    edited or is stale, and SeatingError says to draw again."""
    by_id = {str(p.pk): p for p in players}
    tables, seen = [], set()
    number = 1
    while f"table-{number}" in data:
        ids = [i for i in data[f"table-{number}"].split(",") if i]
        if not ids or any(i not in by_id or i in seen for i in ids):
            raise SeatingError
        seen.update(ids)
        tables.append([by_id[i] for i in ids])
        number += 1
    if seen != set(by_id):
        raise SeatingError
    return tables


class MoveForm(forms.Form):
    """Move one player to another table (to its last seat) before either table's first save."""

    player = forms.TypedChoiceField(label="Player", coerce=int)
    table = forms.TypedChoiceField(label="To table", coerce=int)

    def __init__(self, *args, tables: list[TableBoard], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [
            (s.player.pk, f"{s.player.name} ({t.label})") for t in tables for s in t.board.standings
        ]
        self.fields["table"].choices = [(t.table.position, t.label) for t in tables]
        self.fields["player"].error_messages["invalid_choice"] = (
            "That player is not seated tonight; pick one from the list."
        )
        self.fields["table"].error_messages["invalid_choice"] = (
            "That table is not part of this night; pick one from the list."
        )


class AddTableForm(forms.Form):
    label = forms.CharField(
        label="Table label",
        required=False,
        max_length=40,
        help_text="Leave empty for the next number, such as “Table 3”.",
        error_messages={"max_length": "Keep the table label to 40 characters or fewer."},
    )
    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(),
        label="Players",
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": "Tick the players at the new table.",
            "invalid_choice": "One of the players picked has left the club; pick again.",
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = Player.objects.active()
