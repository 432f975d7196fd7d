"""Which games a page counts: one filter (season, ruleset and night) for the roster, the
games history and a player's page, plus the roster's own dates and sort."""

from dataclasses import dataclass
from datetime import date
from functools import cached_property

from django import forms
from django.db.models import QuerySet
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from core.dates import DateInput
from games.models import Game
from records import stats
from rules import rulesets
from seasons.models import Season

ALL_TIME = "all"


def ruleset_choices() -> list[tuple[str, str]]:
    """Every game by name, in the language of the page (read each time the form is drawn)."""
    return [("", _("All games")), *((r.slug, r.name) for r in rulesets.ALL)]


def ruleset_field() -> forms.ChoiceField:
    """Narrow a list to one game (ruleset)."""
    return forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=ruleset_choices,
        required=False,
        error_messages={"invalid_choice": gettext_lazy("Pick one of the games in the list.")},
    )


class GameFilter(forms.Form):
    """A GET form: every field is optional and a bad value is named, not fatal.

    Without a season in the query the current season is shown (all time when today is
    in none); "All time" is always one of the choices. A night counts its own games,
    whatever the season.
    """

    season = forms.ChoiceField(
        label=gettext_lazy("Season"),
        required=False,
        error_messages={
            "invalid_choice": gettext_lazy("That season is not on the list; pick one from it.")
        },
    )
    ruleset = ruleset_field()
    night = forms.ChoiceField(
        label=gettext_lazy("Night"),
        required=False,
        error_messages={
            "invalid_choice": gettext_lazy("That night is not on the list; pick one from it.")
        },
    )

    def __init__(self, data=None, **kwargs):
        self.seasons = list(Season.objects.all())
        self.nights = played_nights()
        data = data.copy() if data is not None else {}
        if "season" not in data:
            current = _current(self.seasons)
            data["season"] = str(current.pk) if current else ALL_TIME
        super().__init__(data, **kwargs)
        self.fields["season"].choices = [
            (ALL_TIME, _("All time")),
            *(
                (
                    str(s.pk),
                    _("%(season)s (%(first)s to %(last)s)")
                    % {"season": s.name, "first": _day(s.start), "last": _day(s.end)},
                )
                for s in self.seasons
            ),
        ]
        self.fields["night"].choices = [
            ("", _("Any night")),
            *((str(n.pk), n.title) for n in self.nights),
        ]

    def value(self, name: str):
        """The cleaned value, or None when the field is empty or was not valid."""
        self.is_valid()
        return self.cleaned_data.get(name) or None

    @cached_property
    def chosen_season(self) -> Season | None:
        choice = self.value("season")
        return next((s for s in self.seasons if str(s.pk) == choice), None)

    @cached_property
    def chosen_night(self) -> "NightChoice | None":
        choice = self.value("night")
        return next((n for n in self.nights if str(n.pk) == choice), None)

    def narrow(self, games: QuerySet[Game]) -> QuerySet[Game]:
        """Only the games of the chosen ruleset, and of the chosen night or season."""
        if slug := self.value("ruleset"):
            games = games.filter(ruleset=slug)
        if night := self.chosen_night:
            games = games.filter(night_table__night=night.pk)
        elif season := self.chosen_season:
            games = games.played_between(season.start, season.end)
        return games

    def games(self) -> QuerySet[Game]:
        """The finished games that count for the record, narrowed by this filter."""
        return self.narrow(Game.objects.counted())

    def describe(self) -> str:
        """The games counted, in words, for a table's caption ("Counting …")."""
        slug = self.value("ruleset")
        game = rulesets.get(slug).name if slug else None
        if night := self.chosen_night:
            if game:
                return _("%(game)s games of %(night)s") % {"game": game, "night": night.title}
            return _("every game of %(night)s") % {"night": night.title}
        if season := self.chosen_season:
            if game:
                return _("%(game)s games of %(season)s") % {"game": game, "season": season.name}
            return _("every game of %(season)s") % {"season": season.name}
        if game:
            return _("%(game)s games, all time") % {"game": game}
        return _("every game, all time")


@dataclass(frozen=True)
class NightChoice:
    pk: int
    name: str
    date: date

    @property
    def title(self) -> str:
        return f"{self.name} ({_day(self.date)})"


def played_nights() -> list[NightChoice]:
    """The nights that have games, newest first, read through the games' side of the
    relation: the record pages know games, and a night is a group of them."""
    night = "night_table__night"
    rows = (
        Game.objects.filter(night_table__isnull=False)
        .values_list(night, f"{night}__name", f"{night}__date")
        .order_by(f"-{night}__date", f"-{night}")
        .distinct()
    )
    return [NightChoice(pk, name, day) for pk, name, day in rows]


def _current(seasons: list[Season]) -> Season | None:
    """The season today falls in (the latest-starting one, as seasons are ordered)."""
    today = timezone.localdate()
    return next((s for s in seasons if s.start <= today <= s.end), None)


class RecordFilter(GameFilter):
    """The roster's filter: season and ruleset, optional dates within them, and the sort."""

    since = forms.DateField(
        label=gettext_lazy("From"),
        required=False,
        widget=DateInput,
        error_messages={
            "invalid": gettext_lazy("Enter the first day as a date, such as 2025-01-31.")
        },
    )
    until = forms.DateField(
        label=gettext_lazy("To"),
        required=False,
        widget=DateInput,
        error_messages={
            "invalid": gettext_lazy("Enter the last day as a date, such as 2025-12-31.")
        },
    )
    inactive = forms.BooleanField(
        label=gettext_lazy("Include players who have left"), required=False
    )
    sort = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", _("The last day comes before the first; swap the two dates."))
        return data

    @property
    def sort_key(self) -> str:
        sort = self.data.get("sort") or stats.DEFAULT_SORT
        return sort if sort in stats.SORTS else stats.DEFAULT_SORT

    def games(self) -> QuerySet[Game]:
        return self.narrow(
            Game.objects.counted().played_between(self.value("since"), self.value("until"))
        )

    @property
    def show_inactive(self) -> bool:
        return self.data.get("inactive") in ("1", "on", "true")

    def describe(self) -> str:
        what = super().describe()
        since, until = self.value("since"), self.value("until")
        if since and until:
            # Translators: %(games)s is a phrase such as "every game of Spring 2026".
            return _("%(games)s, from %(first)s to %(last)s") % {
                "games": what,
                "first": _day(since),
                "last": _day(until),
            }
        if since:
            return _("%(games)s, since %(first)s") % {"games": what, "first": _day(since)}
        if until:
            return _("%(games)s, up to %(last)s") % {"games": what, "last": _day(until)}
        return what


def _day(day) -> str:
    """A day as the record pages write it: "Jan 31, 2025" in English."""
    # Translators: a Django date format (see the "date" template filter), such as "j M Y".
    return dateformat.format(day, pgettext("date format", "M j, Y"))
