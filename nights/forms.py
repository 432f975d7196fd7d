"""The forms staff fill in for a night: starting one (with its seating shown first),
moving a player to another table, and adding a table late."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.collation import by_name
from games.forms import PlayersAndGameForm, date_field
from nights.snapshot import TableBoard
from players.models import Player

MOST_TABLES = 20
"""The most tables the new-night form offers; more than any club room holds."""


def table_choices() -> list[tuple[int | str, str]]:
    """How many tables, in the language of the page (read each time the form is drawn)."""
    return [("", _("Seat them for me"))] + [
        (n, ngettext("%(count)s table", "%(count)s tables", n) % {"count": n})
        for n in range(1, MOST_TABLES + 1)
    ]


class NewNightForm(PlayersAndGameForm):
    """Name, date, game and who is here; the tables are drawn from these (see `seating`)."""

    name = forms.CharField(
        label=gettext_lazy("Name of the night"),
        max_length=80,
        error_messages={
            "required": gettext_lazy("Give the night a name, such as “Club night”."),
            "max_length": gettext_lazy("Keep the name to %(limit_value)s characters or fewer."),
        },
    )
    date = date_field(required=gettext_lazy("Enter the night's date."))
    tables = forms.TypedChoiceField(
        label=gettext_lazy("Tables"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=table_choices,
        help_text=gettext_lazy(
            "“Seat them for me” uses the fewest tables that keep every table within the "
            "game's player range, with table sizes at most one apart."
        ),
        error_messages={"invalid_choice": gettext_lazy("Pick a number of tables from the list.")},
    )

    field_order = ["name", "date", "game", "players", "tables"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].error_messages["required"] = _("Tick the players who are here.")


class SeatingError(ValueError):
    """A seating carried back from the preview that does not fit the form's players."""


def seating_fields(tables: list[list[Player]]) -> list[tuple[str, str]]:
    """The preview's hidden fields: ("table-1", "7,3,12"), … player ids in seat order."""
    return [
        (f"table-{number}", ",".join(str(p.pk) for p in players))
        for number, players in enumerate(tables, start=1)
    ]


def carried_seats(data) -> list[list[int]]:
    """The player ids of each table the preview showed, read back from its hidden fields.

    A table with nobody, an id that is no number or a player seated twice means the page
    was edited or is stale: SeatingError says to draw again."""
    tables, seen = [], set()
    number = 1
    while f"table-{number}" in data:
        ids = [i for i in data[f"table-{number}"].split(",") if i]
        if not ids:
            raise SeatingError
        for i in ids:
            if not i.isdigit() or i in seen:
                raise SeatingError
            seen.add(i)
        tables.append([int(i) for i in ids])
        number += 1
    if not tables:
        raise SeatingError
    return tables


def carried_seating(data, players: list[Player]) -> list[list[Player]]:
    """The seating the preview showed, each of the ticked `players` seated exactly once;
    anything else means the page was edited or is stale, and SeatingError says to draw
    again."""
    by_id = {p.pk: p for p in players}
    seats = carried_seats(data)
    if sorted(p for table in seats for p in table) != sorted(by_id):
        raise SeatingError
    return [[by_id[p] for p in table] for table in seats]


class MoveForm(forms.Form):
    """Move one player to another table (to its last seat) before either table's first save."""

    player = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)
    table = forms.TypedChoiceField(label=gettext_lazy("To table"), coerce=int)

    def __init__(self, *args, tables: list[TableBoard], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [
            (s.player.pk, f"{s.player.name} ({t.label})") for t in tables for s in t.board.standings
        ]
        self.fields["table"].choices = [(t.table.position, t.label) for t in tables]
        self.fields["player"].error_messages["invalid_choice"] = _(
            "That player is not seated tonight; pick one from the list."
        )
        self.fields["table"].error_messages["invalid_choice"] = _(
            "That table is not part of this night; pick one from the list."
        )


class AddTableForm(forms.Form):
    label = forms.CharField(
        label=gettext_lazy("Table label"),
        required=False,
        max_length=40,
        help_text=gettext_lazy("Leave empty for the next number, such as “Table 3”."),
        error_messages={
            "max_length": gettext_lazy(
                "Keep the table label to %(limit_value)s characters or fewer."
            )
        },
    )
    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(),
        label=gettext_lazy("Players"),
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": gettext_lazy("Tick the players at the new table."),
            "invalid_choice": gettext_lazy(
                "One of the players picked has left the club; pick again."
            ),
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = Player.objects.active()
        self.fields["players"].choices = [(p.pk, p.name) for p in by_name(Player.objects.active())]
