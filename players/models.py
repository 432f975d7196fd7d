from collections.abc import Iterable

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from players.names import same_person_key, tidy

NAME_MAX_LENGTH = 40


class PlayerQuerySet(models.QuerySet):
    def active(self) -> "PlayerQuerySet":
        return self.filter(active=True)

    def same_person(self, name: str) -> "Player | None":
        """The player this name is the same person as (players/names.py), if any.

        Players registered before names were compared so may share a folded name
        (players/migrations/0002_player_folded_name.py lists them and keeps them apart,
        their folded name empty); they are found by their name all the same."""
        key = same_person_key(name)
        return self._same_people({key}).get(key)

    def _same_people(self, keys: set[str]) -> dict[str, "Player"]:
        """The player each folded name is, in one query: the one holding it, else the
        first registered look-alike kept apart."""
        candidates = self.filter(Q(folded_name__in=keys) | Q(folded_name__isnull=True))
        found: dict[str, Player] = {}
        for player in sorted(candidates, key=lambda p: (p.folded_name is None, p.pk)):
            key = same_person_key(player.name)
            if key in keys:
                found.setdefault(key, player)
        return found

    def find_or_register(self, names: Iterable[str]) -> tuple[dict[str, "Player"], list[str]]:
        """The players with these names, found as the same person (players/names.py),
        registering the unknown (their spaces tidied).

        Answers the players by each name given, lower-cased, and the names that were
        registered. Used by the score-sheet import and the `new…` commands, so all match
        names alike."""
        names = list(names)
        by_key = self._same_people({same_person_key(name) for name in names})
        found: dict[str, Player] = {}
        registered = []
        for name in names:
            key = same_person_key(name)
            if key not in by_key:
                by_key[key] = self.create(name=tidy(name))
                registered.append(by_key[key].name)
            found[name.lower()] = by_key[key]
        return found, registered


class Player(models.Model):
    name = models.CharField(max_length=NAME_MAX_LENGTH, unique=False)
    # Empty (NULL, which a unique constraint lets repeat) for a look-alike kept from before
    # names were compared so (players/migrations/0002_player_folded_name.py).
    folded_name = models.CharField(  # noqa: DJ001
        max_length=NAME_MAX_LENGTH * 3,
        null=True,
        editable=False,
        help_text="The name as compared (players/names.py): one player per folded name.",
    )
    joined = models.DateField(auto_now_add=True)
    active = models.BooleanField(
        default=True, help_text="Inactive players keep their history but leave the pickers."
    )

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(Lower("name"), name="player_name_unique_any_case"),
            models.UniqueConstraint(fields=["folded_name"], name="one_player_per_folded_name"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Saved with its spaces tidied and its folded name, except a look-alike kept from
        before names were compared so (its folded name stays empty: players/names.py)."""
        if self._state.adding or self.folded_name is not None:
            self.name = tidy(self.name)
            self.folded_name = same_person_key(self.name)
        super().save(*args, **kwargs)
