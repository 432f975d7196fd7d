from collections.abc import Iterable

from django.db import models
from django.db.models.functions import Lower

NAME_MAX_LENGTH = 40


class PlayerQuerySet(models.QuerySet):
    def active(self) -> "PlayerQuerySet":
        return self.filter(active=True)

    def named(self, name: str) -> "PlayerQuerySet":
        return self.filter(name__iexact=name.strip())

    def find_or_register(self, names: Iterable[str]) -> tuple[dict[str, "Player"], list[str]]:
        """The players with these names, found regardless of case, registering the unknown.

        Answers the players by lower-cased name, and the names that were registered. Used
        by the score-sheet import and by `manage.py newgame`, so both match names alike.
        """
        wanted = {name.lower(): name for name in names}
        known = self.alias(lower=Lower("name")).filter(lower__in=list(wanted))
        found = {p.name.lower(): p for p in known}
        registered = []
        for key, name in wanted.items():
            if key not in found:  # the database may fold case differently: ask it once more
                found[key], created = self.named(name).get_or_create(defaults={"name": name})
                if created:
                    registered.append(name)
        return found, registered


class Player(models.Model):
    name = models.CharField(max_length=NAME_MAX_LENGTH, unique=False)
    joined = models.DateField(auto_now_add=True)
    active = models.BooleanField(
        default=True, help_text="Inactive players keep their history but leave the pickers."
    )

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(Lower("name"), name="player_name_unique_any_case"),
        ]

    def __str__(self) -> str:
        return self.name
