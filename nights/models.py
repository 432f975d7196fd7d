"""A game night: a name, a date, a code to follow it, and its tables (ordinary games)."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models import Game, new_code
from rules import rulesets


class NightQuerySet(models.QuerySet):
    def with_tables(self) -> "NightQuerySet":
        return self.prefetch_related("tables__game")

    def being_played(self) -> "NightQuerySet":
        """Nights with a table still playing (a night is finished when all its games are)."""
        return self.filter(tables__game__status=Game.Status.IN_PROGRESS).distinct()


class Night(models.Model):
    code = models.CharField(max_length=24, unique=True, default=new_code, editable=False)
    name = models.CharField(max_length=80)
    date = models.DateField(default=timezone.localdate)
    ruleset = models.CharField(max_length=20, choices=[(r.slug, r.name) for r in rulesets.ALL])
    variant = models.CharField(max_length=20, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    games = models.ManyToManyField(Game, through="Table", related_name="nights")

    objects = NightQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-created"]

    def __str__(self) -> str:
        return f"{self.name} {self.date:%Y-%m-%d} ({self.code})"

    @property
    def rules(self) -> rulesets.Ruleset:
        return rulesets.get(self.ruleset)


class Table(models.Model):
    """One table of a night: an ordinary game, shown in the night in `position` order.

    The table's label is the game's own name for its table (`Game.table_name`), so the
    game's page and the history show it too: the label staff typed ("Back room"), or,
    unless they typed one, its number, said "Table 2" in each reader's language."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="tables")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="night_table")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["night", "position"], name="table_one_per_position"),
        ]

    def __str__(self) -> str:
        return self.game.table_name

    @property
    def label(self) -> str:
        return str(self)
