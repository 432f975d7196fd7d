"""A player's rating after one finished game, as the rating library left it."""

from django.db import models
from django.utils.translation import gettext_lazy

from games.models import Game
from players.models import Player

RATING_WORDS = gettext_lazy(
    "Rating is a cautious estimate of skill: the skill the games show, less three times "
    "how unsure they leave us. Beating more players, and stronger ones, raises it more; "
    "every game played makes it surer, so it also rises with regular play."
)


class RatingQuerySet(models.QuerySet):
    def among(self, games: models.QuerySet[Game]) -> "RatingQuerySet":
        """Ratings after the given games only, in the order the games ended."""
        return self.filter(game__in=games.values("pk")).order_by("at", "game_id")


def latest_shown(player: models.Expression, games: models.QuerySet[Game]) -> models.Subquery:
    """A player's rating after their last game among `games`, as a subquery (None if none)."""
    ratings = Rating.objects.among(games).filter(player=player).order_by("-at", "-game_id")
    return models.Subquery(ratings.values("shown")[:1], output_field=models.FloatField())


class Rating(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="ratings")
    at = models.DateTimeField(help_text="When the game ended: ratings follow this order.")
    mu = models.FloatField(help_text="The skill the games so far point to.")
    sigma = models.FloatField(help_text="How unsure that skill still is.")
    shown = models.FloatField(help_text="The rating people see: mu - 3 sigma.")
    change = models.FloatField(help_text="How much this game moved the rating people see.")

    objects = RatingQuerySet.as_manager()

    class Meta:
        ordering = ["at", "game_id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_one_per_game"),
        ]
        indexes = [models.Index(fields=["player", "at", "game"], name="rating_player_order")]

    def __str__(self) -> str:
        return f"{self.player} {self.shown:.1f} after game {self.game_id}"
