"""Progressive tables (no database): tables ranked 1…T; after a game the `move` best of
each table go up one table and the `move` worst go down one (table 1's best and the last
table's worst stay).

The next game's tables are read off a ladder: table 1's players first, best first, down
to the last table's worst. Withdrawn players leave the ladder, late entrants join at its
foot, and the ladder is cut into the tables' sizes (bigger tables first); with nobody
leaving or joining, the cut is exactly the moves.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

P = TypeVar("P", bound=Hashable)


def moved(tables: Sequence[Sequence[P]], move: int) -> list[list[P]]:
    """The next game's tables after the moves; each table given best first, each result
    table as: who came down from above, who stayed (in their order), who came up."""
    count = len(tables)
    down: list[list[P]] = [[] for _ in tables]
    stay: list[list[P]] = [[] for _ in tables]
    up: list[list[P]] = [[] for _ in tables]
    for t, table in enumerate(tables):
        table = list(table)
        if len(table) < 2 * move:
            raise ValueError(f"table {t + 1} has {len(table)} players, fewer than 2 × {move}")
        best, middle, worst = table[:move], table[move : len(table) - move], table[-move:]
        (up[t - 1] if t > 0 else stay[t]).extend(best)
        stay[t].extend(middle)
        (down[t + 1] if t < count - 1 else stay[t]).extend(worst)
    return [down[t] + stay[t] + up[t] for t in range(count)]


def ladder(
    tables: Sequence[Sequence[P]], *, leaving: Sequence[P] = (), joining: Sequence[P] = ()
) -> list[P]:
    """Every player of `tables` top to bottom, without `leaving`, with `joining` at the foot."""
    gone = set(leaving)
    return [p for table in tables for p in table if p not in gone] + list(joining)


def cut(players: Sequence[P], sizes: Sequence[int]) -> list[list[P]]:
    """The ladder cut into tables of `sizes`, table 1 first."""
    if sum(sizes) != len(players):
        raise ValueError(f"{len(players)} players for {sum(sizes)} seats")
    tables, start = [], 0
    for size in sizes:
        tables.append(list(players[start : start + size]))
        start += size
    return tables
