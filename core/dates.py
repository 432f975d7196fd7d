"""The browser's own date picker, for every form that asks for a day."""

from django import forms


class DateInput(forms.DateInput):
    input_type = "date"
