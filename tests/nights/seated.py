"""A night seated exactly as a test needs it, and rounds kept on its tables."""

import random

from games.scorekeeping import end_game
from tests.games.conftest import KEEPER, save_round
from tests.nights.conftest import make_night, register


def night_of(*tables: list, **options):
    """A night whose tables seat these players, in this order."""
    players = [p for table in tables for p in table]
    return make_night(players=players, seating=tables, **options)


def night_of_sizes(*sizes: int, ruleset="mexican-train", variant=None, names=None):
    """A night of tables of these sizes; players are named `names` (cycled) or T<table>P<seat>."""
    tables = []
    for number, size in enumerate(sizes, start=1):
        if names:
            tables.append(register_named([f"{n} {number}" for n in names[:size]]))
        else:
            tables.append(register(size, f"T{number}P"))
    return night_of(*tables, ruleset=ruleset, variant=variant)


def register_named(names: list[str]):
    from players.models import Player

    return [Player.objects.create(name=name) for name in names]


def play_rounds(game, rounds: int, seed: int = 1) -> None:
    """Save `rounds` rounds of plausible scores on a Mexican Train or OLL game."""
    draw = random.Random(seed)
    seats = game.seats.count()
    engines = list(range(12, -1, -1))
    for number in range(1, rounds + 1):
        values = [draw.choice([0, 7, 23, 58, 99, 131, 176]) for _ in range(seats)]
        save_round(game, number, values, engine=engines[number - 1])


def finish(game, *rounds: list[int]) -> None:
    """Save these rounds (scores in seat order) on a Mexican Train table and end it."""
    for number, values in enumerate(rounds, start=1):
        save_round(game, number, values, engine=13 - number)
    game.refresh_from_db()
    end_game(game=game, version=game.version, actor=KEEPER)
