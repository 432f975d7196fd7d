"""A season: a name and the first and last day of its games."""

from datetime import date

from django.db import models
from django.utils import timezone


class SeasonQuerySet(models.QuerySet):
    def on(self, day: date) -> "SeasonQuerySet":
        return self.filter(start__lte=day, end__gte=day)

    def current(self) -> "Season | None":
        """The season today falls in (the latest-starting one if seasons overlap)."""
        return self.on(timezone.localdate()).order_by("-start", "-pk").first()


class Season(models.Model):
    name = models.CharField(max_length=60, unique=True)
    start = models.DateField(help_text="The first day whose games count for this season.")
    end = models.DateField(help_text="The last day whose games count for this season.")

    objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["-start", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end__gte=models.F("start")),
                name="season_ends_after_start",
                violation_error_message="The last day comes before the first; swap the dates.",
            ),
        ]

    def __str__(self) -> str:
        return self.name
