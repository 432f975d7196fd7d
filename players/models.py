from django.db import models
from django.db.models.functions import Lower

NAME_MAX_LENGTH = 40


class PlayerQuerySet(models.QuerySet):
    def active(self) -> "PlayerQuerySet":
        return self.filter(active=True)

    def named(self, name: str) -> "PlayerQuerySet":
        return self.filter(name__iexact=name.strip())


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
