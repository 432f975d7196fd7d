import secrets
from datetime import date

from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _

from players.models import Player
from rules import rulesets


def new_code() -> str:
    """12 URL-safe characters, 72 random bits: unguessable. Never one that begins with "-",
    which a command line would read as an option (`trainscore nextstage CODE`)."""
    while (code := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return code


def numbered_table(number: int) -> str:
    """What a numbered table is called: "Table 1", "Table 2"… in the reader's language."""
    return _("Table %(number)s") % {"number": number}


class GameQuerySet(models.QuerySet):
    def live(self) -> "GameQuerySet":
        return self.filter(status=Game.Status.IN_PROGRESS)

    def finished(self) -> "GameQuerySet":
        return self.filter(status=Game.Status.FINISHED)

    def counted(self) -> "GameQuerySet":
        """The games a record counts: finished, with at least one round saved."""
        return self.finished().filter(
            models.Exists(Round.objects.filter(game=models.OuterRef("pk")))
        )

    def played_between(self, since: date | None, until: date | None) -> "GameQuerySet":
        """The games played from `since` to `until` (either may be open), by the club's calendar."""
        games = self
        if since:
            games = games.filter(created__date__gte=since)
        if until:
            games = games.filter(created__date__lte=until)
        return games


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"

    code = models.CharField(max_length=24, unique=True, default=new_code, editable=False)
    ruleset = models.CharField(max_length=20, choices=[(r.slug, r.name) for r in rulesets.ALL])
    variant = models.CharField(max_length=20, blank=True, default="")
    set_size = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    key_hash = models.CharField(max_length=128, editable=False)
    table_label = models.CharField(max_length=40, blank=True)
    """The table's name as someone typed it ("Back room"); blank for a numbered table."""
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    """The number of a table that was not named (a night's "Table 2"): its name is said in
    each reader's language, never stored in the language of whoever started it."""
    notes = models.TextField(blank=True)
    last_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Play only the schedule's first rounds (empty: the whole schedule).",
    )
    deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the game's time limit runs out: the round then in play is the last.",
    )
    time_called = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When time was called: the round then in play is the last (`last_round`).",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    players = models.ManyToManyField(Player, through="Seat", related_name="games")

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.get_ruleset_display()} {self.created:%Y-%m-%d} ({self.code})"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def rules(self) -> rulesets.Ruleset:
        return rulesets.get(self.ruleset)

    @property
    def table_name(self) -> str:
        """The table's name as the reader reads it: the label typed, else "Table <number>"
        in the active language, else "" (a game at no particular table)."""
        if self.table_label:
            return self.table_label
        return numbered_table(self.table_number) if self.table_number else ""

    def table(self, players: int) -> rulesets.Table:
        table = self.rules.table(self.variant or None, players, set_size=self.set_size)
        if self.last_round is None or (
            table.rounds is not None and self.last_round >= table.rounds
        ):
            return table  # (a player moved to another table can shorten the schedule)
        return table.first_rounds(self.last_round)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    won = models.BooleanField(
        default=False, help_text="Set when the game ends; ties share the win."
    )
    left = models.BooleanField(
        default=False,
        help_text="The player left during the game (withdrew from a tournament): rounds are "
        "saved without them, and they are placed after everyone who stayed.",
    )

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="seat_one_per_player"),
            models.UniqueConstraint(fields=["game", "position"], name="seat_one_per_position"),
        ]

    def __str__(self) -> str:
        return f"Seat {self.position}: {self.player}"


class Round(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    engine = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_number_unique"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Score(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="scores")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="scores")
    points = models.IntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="score_one_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.points}"


class Change(models.Model):
    """One accepted change to a game: what the history shows and what undo reverses."""

    class Kind(models.TextChoices):
        SAVE = "save", "Saved"
        UNDO = "undo", "Undid"
        REDO = "redo", "Redid"
        END = "end", "Ended the game"
        CLOCK = "clock", "Started the clock"
        TIME = "time", "Called time"
        REOPEN = "reopen", "Reopened the game"

    class Source(models.TextChoices):
        PAGE = "page", "page"
        API = "api", "API"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    version = models.PositiveIntegerField(help_text="The game's version this change produced.")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    reverts = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL)
    undone = models.BooleanField(default=False)
    source = models.CharField(max_length=4, choices=Source.choices)
    by = models.CharField(max_length=150, help_text="A staff user's name, or 'scorekeeper key'.")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="change_version_unique"),
        ]

    def __str__(self) -> str:
        return f"v{self.version} {self.get_kind_display()} by {self.by}"


class Edit(models.Model):
    """One value a change touched: a player's score (player set) or the round's engine."""

    change = models.ForeignKey(Change, on_delete=models.CASCADE, related_name="edits")
    round_number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT)
    old = models.IntegerField(null=True, blank=True)
    new = models.IntegerField(null=True, blank=True)

    def __str__(self) -> str:
        what = self.player or "engine"
        return f"Round {self.round_number} {what}: {self.old} → {self.new}"
