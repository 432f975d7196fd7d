"""Keep the stored ratings in step with the finished games, replaying them in the order they ended.

Each counted game (`Game.objects.counted()`) is one free-for-all match for the
rating library: players are ranked by their totals in the ruleset's direction, level
totals share a place. A game that ends after every rated one is rated on its own; a game
slotted in earlier (an imported sheet) or taken back (a reopened game) has every later
game rated again from there, so the numbers never depend on the order things were typed in.
"""

import asyncio
import logging
from collections import defaultdict
from datetime import datetime

from django.db import connections, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery, Sum
from openskill.models import BradleyTerryFull

from core import after_response
from core.exclusive import wait_for_turn
from games.models import Game, Score, Seat
from ratings.models import Rating

log = logging.getLogger(__name__)

MODEL = BradleyTerryFull()
SPREAD = 3  # the rating shown is mu - SPREAD * sigma: a skill we are fairly sure of

Key = tuple[datetime, int]
LOCK = 7_341_013  # any number no other part of the project locks on


def shown(mu: float, sigma: float) -> float:
    return mu - SPREAD * sigma


def announced(sender, *, result_changed: bool, **_) -> None:
    """The listener of games.announcements.game_changed: when a game ended or was reopened,
    catch up, after the scorekeeper's answer is out when a request made the change."""
    if result_changed and not after_response.later(_catch_up_in_a_thread):
        catch_up()


async def _catch_up_in_a_thread() -> None:
    await asyncio.to_thread(_catch_up_and_close)


def _catch_up_and_close() -> None:
    try:
        catch_up()
    except Exception:
        # The game's end is saved and answered; the next catch-up rates it.
        log.exception("Ratings could not catch up; the next ended game (or recomputeratings) will")
    finally:
        connections.close_all()  # this thread's own connection, not a request's


def catch_up() -> int:
    """Rate what is new or changed since the last call; the number of games rated."""
    with transaction.atomic():
        wait_for_turn(LOCK)  # two games ending at once on two processes: one, then the other
        start = _first_stale()
        return 0 if start is None else _replay(start)


def recompute() -> int:
    """Forget every rating and rate every counted game again, oldest first."""
    with transaction.atomic():
        wait_for_turn(LOCK)
        Rating.objects.all().delete()
        return _replay(None)


def _first_stale() -> Key | None:
    """The earliest game whose ratings are missing or no longer count, by end time."""
    counted = Game.objects.counted()
    unrated = (
        counted.filter(~Exists(Rating.objects.filter(game=OuterRef("pk"))))
        .order_by("finished", "pk")
        .values_list("finished", "pk")
        .first()
    )
    gone = (
        Rating.objects.exclude(game__in=counted.values("pk"))
        .order_by("at", "game_id")
        .values_list("at", "game_id")
        .first()
    )
    return min(filter(None, [unrated, gone]), default=None)


def _replay(start: Key | None) -> int:
    """Delete the ratings from `start` on and rate every counted game from there."""
    later = Rating.objects.all()
    games = Game.objects.counted()
    if start is not None:
        at, pk = start
        later = later.filter(Q(at__gt=at) | Q(at=at, game_id__gte=pk))
        games = games.filter(Q(finished__gt=at) | Q(finished=at, pk__gte=pk))
    later.delete()
    # The games first: on PostgreSQL each query sees what was committed when it began,
    # so a game ending meanwhile may be in the seats and totals read after this list
    # (it is rated by its own catch-up), never in the list without its seats. A game
    # reopened meanwhile has no seats left to read and is skipped: it no longer counts.
    rated = list(games.order_by("finished", "pk"))
    seats = _seats_by_game(games)
    totals = _totals(games)
    current = _latest_by_player({p for game in rated for p, _ in seats.get(game.pk, ())})
    ratings = []
    for game in rated:
        if game.pk in seats:
            ratings.extend(_rate(game, seats[game.pk], totals, current))
    Rating.objects.bulk_create(ratings, batch_size=500)
    return len(rated)


def _latest_by_player(players: set[int]) -> dict[int, tuple[float, float]]:
    """Each of these players' mu and sigma after their latest rated game."""
    newest = Rating.objects.filter(player=OuterRef("player")).order_by("-at", "-game_id")
    rows = Rating.objects.filter(player__in=players, pk=Subquery(newest.values("pk")[:1]))
    return {player: (mu, sigma) for player, mu, sigma in rows.values_list("player", "mu", "sigma")}


def _seats_by_game(games: QuerySet[Game]) -> dict[int, list[tuple[int, bool]]]:
    """Each game's players in seat order, and whether they won."""
    seats: dict[int, list[tuple[int, bool]]] = defaultdict(list)
    rows = Seat.objects.filter(game__in=games.values("pk")).order_by("game", "position")
    for game_id, player_id, won in rows.values_list("game_id", "player_id", "won"):
        seats[game_id].append((player_id, won))
    return seats


def _totals(games: QuerySet[Game]) -> dict[tuple[int, int], int]:
    rows = (
        Score.objects.filter(round__game__in=games.values("pk"))
        .order_by()
        .values_list("round__game", "player")
        .annotate(total=Sum("points"))
    )
    return {(game, player): total for game, player, total in rows}


def _rate(
    game: Game,
    seats: list[tuple[int, bool]],
    totals: dict[tuple[int, int], int],
    current: dict[int, tuple[float, float]],
) -> list[Rating]:
    """One game: the winners first (as ending the game recorded them, sharing the place),
    then the others by total in the ruleset's direction (ties share a place); and rate."""
    direction = 1 if game.rules.lower_wins else -1
    players = [player for player, _ in seats]
    by_total = [direction * totals.get((game.pk, p), 0) for p in players]
    first = min(by_total) - 1
    ranks = [first if won else rank for (_, won), rank in zip(seats, by_total, strict=True)]
    before = [MODEL.rating(*current[p]) if p in current else MODEL.rating() for p in players]
    after = MODEL.rate([[r] for r in before], ranks=ranks)
    ratings = []
    for player, old, (new,) in zip(players, before, after, strict=True):
        current[player] = (new.mu, new.sigma)
        now = shown(new.mu, new.sigma)
        ratings.append(
            Rating(
                player_id=player,
                game=game,
                at=game.finished,
                mu=new.mu,
                sigma=new.sigma,
                shown=now,
                change=now - shown(old.mu, old.sigma),
            )
        )
    return ratings
