"""A tournament: who plays, the format and its settings, and its stages (each a night)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games.models import Game, new_code
from nights.models import Night
from players.models import Player
from rules import rulesets
from tournaments import formats


class Tournament(models.Model):
    class Format(models.TextChoices):
        HEATS_FINAL = formats.Format.HEATS_FINAL, gettext_lazy("Heats, then a final")
        ROTATION = formats.Format.ROTATION, gettext_lazy("Rotation: seats drawn anew each game")
        PROGRESSIVE = formats.Format.PROGRESSIVE, gettext_lazy("Progressive tables")

    code = models.CharField(max_length=24, unique=True, default=new_code, editable=False)
    name = models.CharField(max_length=60)
    date = models.DateField(default=timezone.localdate)
    ruleset = models.CharField(max_length=20, choices=[(r.slug, r.name) for r in rulesets.ALL])
    variant = models.CharField(max_length=20, blank=True, default="")
    format = models.CharField(max_length=12, choices=Format.choices)
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Rounds per game (empty: the ruleset's schedule)."
    )
    minutes = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Time limit per game (empty: none)."
    )
    table_min = models.PositiveSmallIntegerField()
    table_max = models.PositiveSmallIntegerField()
    advance = models.PositiveSmallIntegerField(default=1, help_text="heats-final: per table.")
    games = models.PositiveSmallIntegerField(null=True, blank=True)
    move = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="progressive: per table."
    )
    bands = models.JSONField(default=list, blank=True, help_text="The bands, in order.")
    plan = models.JSONField(
        default=list,
        blank=True,
        help_text="rotation: the seats planned for the games not yet seated, next first "
        "(each game its tables, each table its players' ids).",
    )
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    players = models.ManyToManyField(Player, through="Entrant", related_name="tournaments")

    class Meta:
        ordering = ["-date", "-created"]

    def __str__(self) -> str:
        return f"{self.name} {self.date:%Y-%m-%d} ({self.code})"

    @property
    def rules(self) -> rulesets.Ruleset:
        return rulesets.get(self.ruleset)

    @property
    def sizes(self) -> range:
        """The table sizes the organiser asked for."""
        return range(self.table_min, self.table_max + 1)


class Entrant(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    band = models.CharField(max_length=40, blank=True)
    joins = models.PositiveSmallIntegerField(
        default=1, help_text="The first stage they are seated in (later for a late entrant)."
    )
    withdrawn = models.DateTimeField(null=True, blank=True)
    apart = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Their keep-apart group (1, 2 …): never at one table."
    )
    table = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The table (1, 2 …) they stay at, every stage."
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="entrant_once_per_tournament"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.band or '-'})"


class Stage(models.Model):
    """One stage: an ordinary night. Its clock starts when staff start it."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    night = models.OneToOneField(Night, on_delete=models.PROTECT, related_name="stage")
    final = models.BooleanField(default=False)
    started = models.DateTimeField(null=True, blank=True)
    ends = models.DateTimeField(null=True, blank=True)
    time_called = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="stage_one_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament.name} stage {self.number}"


class TableKey(models.Model):
    """A seated table's scorekeeper key, kept readable so any staff device prints the same
    table cards and the printed ones keep working (docs/tournaments.md says what that
    trades). Only the cards page, for staff, shows it; the game itself checks the hash."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="tournament_key")
    key = models.CharField(max_length=40)

    def __str__(self) -> str:
        return f"Key of {self.game}"
