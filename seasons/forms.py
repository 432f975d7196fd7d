"""Adding a season: a name and two days, not overlapping another season."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.dates import DateInput
from seasons.models import Season


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "start", "end"]
        labels = {
            "name": gettext_lazy("Name"),
            "start": gettext_lazy("First day"),
            "end": gettext_lazy("Last day"),
        }
        widgets = {"start": DateInput, "end": DateInput}
        help_texts = {"start": "", "end": ""}
        error_messages = {
            "name": {
                "required": gettext_lazy("Give the season a name, such as 2026 or Spring 2026."),
                "unique": gettext_lazy(
                    "There is already a season with that name; pick another name."
                ),
                "max_length": gettext_lazy("Keep the name to %(limit_value)s characters or fewer."),
            },
            "start": {
                "required": gettext_lazy("Enter the season's first day."),
                "invalid": gettext_lazy("Enter the first day as a date, such as 2026-01-01."),
            },
            "end": {
                "required": gettext_lazy("Enter the season's last day."),
                "invalid": gettext_lazy("Enter the last day as a date, such as 2026-12-31."),
            },
        }

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and end < start:
            # The model's constraint says so too, in English only; an error on "end" here
            # keeps the constraint from being checked again.
            self.add_error("end", _("The last day comes before the first; swap the dates."))
        elif start and end:
            clash = Season.objects.filter(start__lte=end, end__gte=start).first()
            if clash:
                self.add_error(
                    "start",
                    _(
                        "%(season)s already covers some of these days (%(first)s to %(last)s); "
                        "seasons may not overlap, so change the dates."
                    )
                    % {"season": clash.name, "first": clash.start, "last": clash.end},
                )
        return data
