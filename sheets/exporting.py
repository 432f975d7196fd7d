"""Writing every game as a score sheet (the format is in sheets/__init__.py)."""

import csv
from collections.abc import Iterable, Iterator
from typing import TextIO

from django.db.models import Prefetch

from games.models import Game, Round, Score, Seat
from sheets.cells import guarded

HEADER = """\
# TrainScore score sheets. Each game: a game line (date, ruleset, variant, players in
# seat order), optional set/table/note lines, one round line per round (number, engine,
# then each player's points in seat order) and an end line once the game was ended.
# A name or note starting with ', =, +, - or @ has an apostrophe before it (not part of it).
"""


def write(out: TextIO, games: Iterable[Game] | None = None) -> int:
    """Write every game (oldest first) in the sheet format; the number written."""
    out.write(HEADER)
    writer = csv.writer(out, lineterminator="\n")
    count = 0
    for game in games if games is not None else exportable():
        writer.writerows(rows(game))
        count += 1
    return count


def exportable():
    """All games with their seats, rounds and scores, in a fixed number of queries."""
    return Game.objects.order_by("created", "pk").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player")),
        Prefetch(
            "rounds",
            queryset=Round.objects.prefetch_related(
                Prefetch("scores", queryset=Score.objects.only("round_id", "player_id", "points"))
            ),
        ),
    )


def rows(game: Game) -> Iterator[list]:
    seats = list(game.seats.all())
    yield ["game", game.created.isoformat(), game.ruleset, game.variant] + [
        guarded(seat.player.name) for seat in seats
    ]
    yield ["set", game.set_size]
    if game.table_name:  # a numbered table's name in the active language, as a label
        yield ["table", guarded(game.table_name)]
    for note in game.notes.split("\n") if game.notes else ():
        yield ["note", guarded(note)]
    for round_ in game.rounds.all():
        points = {score.player_id: score.points for score in round_.scores.all()}
        yield [
            "round",
            round_.number,
            "" if round_.engine is None else round_.engine,
            *(points.get(seat.player_id, "") for seat in seats),
        ]
    if game.finished is not None and game.is_finished:
        yield ["end", game.finished.isoformat()]
