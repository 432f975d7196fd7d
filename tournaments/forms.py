"""The forms staff fill in for a tournament: starting one, a late entrant, a withdrawal."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.collation import by_name
from core.rejections import Rejected
from games.forms import PlayersAndGameForm, date_field
from players.models import NAME_MAX_LENGTH as PLAYER_NAME_MAX_LENGTH
from players.models import Player
from tournaments.constraint_words import read_apart, read_fixed
from tournaments.entrants import BandUnread, read_bands
from tournaments.models import Tournament
from tournaments.settings_check import NAME_MAX_LENGTH, Settings


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
        max_length=NAME_MAX_LENGTH,
        error_messages={
            "required": gettext_lazy("Give the tournament a name, such as “Spring open”."),
            "max_length": gettext_lazy("Keep the name to %(limit_value)s characters or fewer."),
        },
    )
    date = date_field(required=gettext_lazy("Enter the tournament's date."))
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        choices=Tournament.Format.choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": gettext_lazy(
                "Choose a format: heats then a final, a rotation, or progressive tables."
            )
        },
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
    apart = forms.CharField(
        label=gettext_lazy("Keep apart"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy(
            "Rotation and progressive, optional: players never seated at one table (a "
            "household, a club), a group per line or comma, names joined by +, such as "
            "“Ann+Bob, Cy+Di+Ed”."
        ),
    )
    fixed = forms.CharField(
        label=gettext_lazy("Fixed table"),
        required=False,
        help_text=gettext_lazy(
            "Rotation and progressive, optional: players who stay at one table every game "
            "(the accessible table), such as “Ed = 1, Fay = 2”."
        ),
    )

    field_order = ["name", "date", "game", "format", "players", "bands"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].error_messages["required"] = _("Tick the players who enter.")

    def clean_bands(self) -> dict[int, str]:
        """ "Ann = 60–69" lines → {player id: band}; each name a ticked player's."""
        picked = {p.name.lower(): p for p in self.cleaned_data.get("players") or []}
        try:
            bands = read_bands(self.cleaned_data["bands"].splitlines(), picked)
        except BandUnread as exc:
            if exc.unknown:
                sentence = _("%(name)s has a band but is not ticked; tick them or remove the line.")
                raise forms.ValidationError(sentence % {"name": repr(exc.text)}) from None
            sentence = _("Write each band as name = band, such as “Ann = 60–69”; %(line)s is not.")
            raise forms.ValidationError(sentence % {"line": repr(exc.text)}) from None
        return {picked[name].pk: band for name, band in bands.items()}

    def clean_apart(self) -> tuple[tuple[str, ...], ...]:
        return read_apart(self.cleaned_data["apart"])

    def clean_fixed(self) -> tuple[tuple[str, int], ...]:
        try:
            return read_fixed(self.cleaned_data["fixed"])
        except Rejected as exc:
            raise forms.ValidationError(exc.errors["fixed"]) from None

    def settings(self) -> Settings:
        """The tournament's settings as the form was filled in (once it is valid)."""
        data = self.cleaned_data
        low, high = data.get("table_min"), data.get("table_max")
        return Settings(
            name=data["name"],
            date=data["date"],
            ruleset=data["game"].ruleset.slug,
            variant=data["game"].variant,
            format=data["format"],
            table_size=None if low is None and high is None else (low or high, high or low),
            rounds=data["rounds"],
            minutes=data["minutes"],
            advance=data["advance"],
            games=data["games"],
            move=data["move"],
            apart=data["apart"],
            fixed=data["fixed"],
        )


class LateEntrantForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=PLAYER_NAME_MAX_LENGTH,
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
    player = forms.TypedChoiceField(
        label=gettext_lazy("Player"),
        coerce=int,
        error_messages={"required": gettext_lazy("Pick the player who withdraws.")},
    )

    def __init__(self, *args, players: list[Player], **kwargs):
        super().__init__(*args, **kwargs)
        # Starts on no one: a withdrawal is never one tap on whoever is listed first.
        self.fields["player"].choices = [("", _("Pick a player"))] + [
            (p.pk, p.name) for p in by_name(players)
        ]
        self.fields["player"].error_messages["invalid_choice"] = _(
            "That player is not playing in this tournament; pick one from the list."
        )
