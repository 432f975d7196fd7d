"""The roster's filter: which games count (ruleset, season) and how the table is sorted."""

from django import forms

from players import stats
from rules import rulesets

RULESET_CHOICES = [("", "All games"), *((r.slug, r.name) for r in rulesets.ALL)]


def ruleset_field() -> forms.ChoiceField:
    """Narrow a list to one game; the roster and the games history both offer it."""
    return forms.ChoiceField(
        label="Game",
        choices=RULESET_CHOICES,
        required=False,
        error_messages={"invalid_choice": "Pick one of the games in the list."},
    )


class DateInput(forms.DateInput):
    input_type = "date"


class RecordFilter(forms.Form):
    """A GET form: every field is optional and a bad value is named, not fatal."""

    ruleset = ruleset_field()
    since = forms.DateField(
        label="From",
        required=False,
        widget=DateInput,
        error_messages={"invalid": "Enter the first day as a date, such as 2025-01-31."},
    )
    until = forms.DateField(
        label="To",
        required=False,
        widget=DateInput,
        error_messages={"invalid": "Enter the last day as a date, such as 2025-12-31."},
    )
    inactive = forms.BooleanField(label="Include players who have left", required=False)
    sort = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", "The last day comes before the first; swap the two dates.")
        return data

    def value(self, name: str):
        """The cleaned value, or None when the field is empty or was not valid."""
        self.is_valid()
        return self.cleaned_data.get(name) or None

    @property
    def sort_key(self) -> str:
        sort = self.data.get("sort") or stats.DEFAULT_SORT
        return sort if sort in stats.SORTS else stats.DEFAULT_SORT

    def games(self):
        return stats.counted_games(
            ruleset=self.value("ruleset"), since=self.value("since"), until=self.value("until")
        )

    @property
    def show_inactive(self) -> bool:
        return self.data.get("inactive") in ("1", "on", "true")

    def describe(self) -> str:
        """The games counted, in words, for the table's caption."""
        slug = self.value("ruleset")
        what = f"{rulesets.get(slug).name} games" if slug else "every game"
        since, until = self.value("since"), self.value("until")
        if since and until:
            return f"{what} from {_day(since)} to {_day(until)}"
        if since:
            return f"{what} since {_day(since)}"
        if until:
            return f"{what} up to {_day(until)}"
        return what


def _day(day) -> str:
    return f"{day:%b} {day.day}, {day.year}"
