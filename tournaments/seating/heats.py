"""Heats, then a final (no database): who goes on from each table, how many seats the
next stage has, and who fills seats the qualifiers leave empty.

The best `advance` of each table go on (players level on total at the cut all go on).
When the players going on fit one table, the next stage is the final; it seats at least
the smallest table size the organiser asked for. A heat's players must split into tables
within the sizes asked for; where the qualifiers cannot, or the final would be short,
the best of the others fill the empty seats: by average score per round (the ruleset's
better direction), then place at their table, then rounds won.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.seating import fits


class Played(Protocol):
    """What heats read of one player's game at one table (tournaments/placement.py's
    `Played`, which the seating engine does not import: it stays out of the rest of
    tournaments/)."""

    player: Hashable
    total: int
    rounds: int
    rounds_won: int
    place: int


@dataclass(frozen=True)
class NextSeats:
    seats: int
    final: bool


def going_on(table: Sequence[Played], advance: int) -> list[Hashable]:
    """The table's best `advance` players (more when players are level at the cut)."""
    return [played.player for played in table if played.place <= advance]


def next_seats(players: int, sizes: range) -> NextSeats:
    """How many seats the next stage needs for `players` going on, at tables of `sizes`."""
    if players <= sizes[-1]:
        return NextSeats(seats=max(players, sizes[0]), final=True)
    seats = players
    while not fits(sizes, seats):
        seats += 1
    return NextSeats(seats=seats, final=False)


def fillers(others: Sequence[Played], count: int, *, lower_wins: bool) -> list[Hashable]:
    """The best `count` of players who did not go on, for the empty seats."""

    def key(played: Played) -> tuple:
        average = played.total / played.rounds if played.rounds else 0.0
        return (average if lower_wins else -average, played.place, -played.rounds_won)

    return [played.player for played in sorted(others, key=key)[:count]]
