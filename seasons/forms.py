"""Adding a season: a name and two days, not overlapping another season."""

from django import forms

from core.dates import DateInput
from seasons.models import Season


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "start", "end"]
        labels = {"name": "Name", "start": "First day", "end": "Last day"}
        widgets = {"start": DateInput, "end": DateInput}
        help_texts = {"start": "", "end": ""}
        error_messages = {
            "name": {
                "required": "Give the season a name, such as 2026 or Spring 2026.",
                "unique": "There is already a season with that name; pick another name.",
                "max_length": "Keep the name to 60 characters or fewer.",
            },
            "start": {
                "required": "Enter the season's first day.",
                "invalid": "Enter the first day as a date, such as 2026-01-01.",
            },
            "end": {
                "required": "Enter the season's last day.",
                "invalid": "Enter the last day as a date, such as 2026-12-31.",
            },
        }

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and end >= start:
            clash = Season.objects.filter(start__lte=end, end__gte=start).first()
            if clash:
                self.add_error(
                    "start",
                    f"{clash.name} already covers some of these days ({clash.start} to "
                    f"{clash.end}); seasons may not overlap, so change the dates.",
                )
        return data
