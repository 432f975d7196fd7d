"""Games for the stats tests: played through the real services, or made in bulk."""

from collections.abc import Sequence
from datetime import datetime

from django.utils import timezone

from games.models import Game, Round, Score, Seat
from games.scorekeeping import Actor, end_game, record_round
from games.snapshot import load_boards
from games.starting import start_game
from players.models import Player
from rules import rulesets

ACTOR = Actor(by="test")


def players(*names: str) -> list[Player]:
    return [Player.objects.get_or_create(name=name)[0] for name in names]


def play(
    ruleset: str,
    seated: Sequence[Player],
    rounds: Sequence[Sequence[int]],
    *,
    variant: str | None = None,
    end: bool = True,
    when: datetime | None = None,
    set_size: int | None = None,
    table_label: str = "",
) -> Game:
    """Start a game, save each round's scores (seat order) and, unless told not to, end it."""
    game = start_game(
        ruleset=ruleset,
        variant=variant,
        players=seated,
        set_size=set_size,
        table_label=table_label,
    ).game
    table = game.table(len(seated))
    used: list[int | None] = []
    for number, points in enumerate(rounds, start=1):
        left = table.engines_left(used)
        engine = left[0] if left else None
        game = record_round(
            game=game,
            number=number,
            scores={p.pk: pts for p, pts in zip(seated, points, strict=True)},
            engine=engine,
            version=game.version,
            actor=ACTOR,
        ).game
        used.append(engine)
    if end:
        game = end_game(game=game, version=game.version, actor=ACTOR).game
    if when:
        Game.objects.filter(pk=game.pk).update(created=when, finished=when if end else None)
    game.refresh_from_db()
    return game


def bulk_games(count: int, seated: Sequence[Player], *, ruleset: str = "mexican-train") -> None:
    """`count` finished three-round games written with bulk_create (fast, no checks); who
    won each is decided as End Game decides it (`Board.leaders`), from the scores."""
    rules = rulesets.get(ruleset)
    games = Game.objects.bulk_create(
        Game(ruleset=rules.slug, variant=rules.default_variant or "", set_size=12, key_hash="x")
        for _ in range(count)
    )
    Seat.objects.bulk_create(
        Seat(game=game, player=player, position=i + 1)
        for game in games
        for i, player in enumerate(seated)
    )
    rounds = Round.objects.bulk_create(
        Round(game=game, number=n, engine=12 - n) for game in games for n in (1, 2, 3)
    )
    # Scores differ from game to game, so the wins spread over the players.
    Score.objects.bulk_create(
        Score(round=round_, player=player, points=(round_.number * 7 + i * 3 + g * 5) % 40)
        for g, game in enumerate(games)
        for round_ in rounds[g * 3 : g * 3 + 3]
        for i, player in enumerate(seated)
    )
    winners = [
        s.seat.pk
        for board in load_boards(games)
        for s in board.standings
        if s.player.id in board.leaders
    ]
    Seat.objects.filter(pk__in=winners).update(won=True)
    Game.objects.filter(pk__in=[game.pk for game in games]).update(
        status=Game.Status.FINISHED, finished=timezone.now()
    )
