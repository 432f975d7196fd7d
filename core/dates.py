"""The browser's own date picker, for every form that asks for a day."""

from django import forms


class DateInput(forms.DateInput):
    """A date picker holds an ISO date whatever the page's language (a Spanish page's own
    format, 25/11/2026, would leave it empty)."""

    input_type = "date"

    def __init__(self, attrs: dict | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")
