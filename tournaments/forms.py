"""The forms staff fill in for a tournament: starting one, a late entrant, a withdrawal."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.collation import by_name
from core.dates import DateInput
from games.forms import PlayersAndGameForm
from players.models import Player
from tournaments.models import Tournament


def _number(label, help_text="", required=False, **extra) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        required=required,
        min_value=1,
        error_messages={
            "invalid": gettext_lazy("Enter a whole number."),
            "min_value": gettext_lazy("Enter a number from 1."),
        },
        **extra,
    )


class NewTournamentForm(PlayersAndGameForm):
    name = forms.CharField(
        label=gettext_lazy("Name of the tournament"),
        max_length=60,
        error_messages={
            "required": gettext_lazy("Give the tournament a name, such as “Spring open”."),
            "max_length": gettext_lazy("Keep the name to %(limit_value)s characters or fewer."),
        },
    )
    date = forms.DateField(
        label=gettext_lazy("Date"),
        widget=DateInput,
        error_messages={
            "required": gettext_lazy("Enter the tournament's date."),
            "invalid": gettext_lazy("Enter the date as a date, such as 2026-11-23."),
        },
    )
    format = forms.ChoiceField(
        label=gettext_lazy("Format"), choices=Tournament.Format.choices, widget=forms.RadioSelect
    )
    bands = forms.CharField(
        label=gettext_lazy("Bands"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy(
            "Optional: one line per player in a band, such as “Ann = 60–69”. Medals are "
            "given within each band too."
        ),
    )
    table_min = _number(gettext_lazy("Smallest table"))
    table_max = _number(gettext_lazy("Largest table"))
    rounds = _number(
        gettext_lazy("Rounds per game"), gettext_lazy("Empty: the game's whole schedule.")
    )
    minutes = _number(
        gettext_lazy("Time limit per game, in minutes"), gettext_lazy("Empty: no time limit.")
    )
    advance = _number(gettext_lazy("Heats: how many go on from each table"), initial=1)
    games = _number(gettext_lazy("Rotation and progressive: how many games"), initial=3)
    move = _number(gettext_lazy("Progressive: how many move from each table"), initial=1)

    field_order = ["name", "date", "game", "format", "players", "bands"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["date"].initial = timezone.localdate
        self.fields["players"].error_messages["required"] = _("Tick the players who enter.")

    def clean_bands(self) -> dict[int, str]:
        """ "Ann = 60–69" lines → {player id: band}; each name a ticked player's."""
        picked = {p.name.lower(): p for p in self.cleaned_data.get("players") or []}
        bands = {}
        for line in filter(None, (ln.strip() for ln in self.cleaned_data["bands"].splitlines())):
            name, equals, band = line.partition("=")
            player = picked.get(name.strip().lower())
            if not equals or not band.strip():
                raise forms.ValidationError(
                    _("Write each band as name = band, such as “Ann = 60–69”; %(line)s is not.")
                    % {"line": repr(line)}
                )
            if player is None:
                raise forms.ValidationError(
                    _("%(name)s has a band but is not ticked; tick them or remove the line.")
                    % {"name": repr(name.strip())}
                )
            bands[player.pk] = band.strip()
        return bands

    def table_size(self) -> tuple[int, int] | None:
        low, high = self.cleaned_data.get("table_min"), self.cleaned_data.get("table_max")
        if low is None and high is None:
            return None
        return (low or high, high or low)


class LateEntrantForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=40,
        error_messages={"required": gettext_lazy("Enter the late entrant's name.")},
    )
    band = forms.ChoiceField(label=gettext_lazy("Band"), required=False)

    def __init__(self, *args, bands: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["band"].choices = [("", _("No band"))] + [(b, b) for b in bands]
        self.fields["band"].error_messages["invalid_choice"] = _(
            "Pick one of the tournament's bands from the list."
        )
        if not bands:
            del self.fields["band"]


class WithdrawForm(forms.Form):
    player = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)

    def __init__(self, *args, players: list[Player], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(p.pk, p.name) for p in by_name(players)]
        self.fields["player"].error_messages["invalid_choice"] = _(
            "That player is not playing in this tournament; pick one from the list."
        )
