"""Progressive tables (no database): tables ranked 1…T; after a game the `move` best of
each table go up one table and the `move` worst go down one (table 1's best and the last
table's worst stay).

The next game's tables are read off a ladder: table 1's players first, best first, down
to the last table's worst. Withdrawn players leave the ladder, late entrants join at its
foot, and the ladder is cut into the tables' sizes (bigger tables first); with nobody
leaving or joining, the cut is exactly the moves. Fixed entrants keep their table and
groups kept apart are split (tournaments/seating/constraints.py), moving others as little
as it can.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TypeVar

from tournaments.seating import swaps
from tournaments.seating.constraints import Constraints, seat_apart, together

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


def cut(
    players: Sequence[P], sizes: Sequence[int], *, constraints: Constraints | None = None
) -> list[list[P]]:
    """The ladder cut into tables of `sizes`, table 1 first. With `constraints`, fixed
    entrants sit at their table and the rest of the ladder fills the other seats in its
    order; then a pair kept apart who land at one table is split by the swaps that move
    players the fewest tables from there. ConstraintsRefused when no seating keeps
    `constraints`."""
    if sum(sizes) != len(players):
        raise ValueError(f"{len(players)} players for {sum(sizes)} seats")
    constraints = (constraints or Constraints()).among(players)
    if not constraints:
        return _slices(players, sizes)
    feasible = seat_apart(players, sizes, constraints)  # refuses what no seating keeps
    rung = {p: n for n, p in enumerate(players)}
    free = [
        size - sum(1 for t in constraints.fixed.values() if t == table)
        for table, size in enumerate(sizes)
    ]
    tables = _slices([p for p in players if p not in constraints.fixed], free)
    for p, table in constraints.fixed.items():
        tables[table].append(p)
    if together(tables, constraints):
        tables = _apart(players, sizes, constraints, tables, feasible)
    return [sorted(table, key=rung.__getitem__) for table in tables]


def _slices(players: Sequence[P], sizes: Sequence[int]) -> list[list[P]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(players[start : start + size]))
        start += size
    return tables


def _apart(players, sizes, constraints, ladder_cut, feasible) -> list[list]:
    """Swaps from the ladder's cut (or, when they leave a pair together, from a seating
    that keeps everyone apart) that split every pair kept apart, each player seated as few
    rungs of the ladder as they can be from the rungs their table was cut from."""
    index = {p: i for i, p in enumerate(players)}
    count = len(sizes)
    spans = []
    for table in ladder_cut:
        rungs = [index[p] for p in table if p not in constraints.fixed]
        spans.append((min(rungs), max(rungs)) if rungs else None)
    place = [[_rungs_away(i, span, len(players)) for span in spans] for i in range(len(players))]
    apart = len(players) * len(players) * count + 1  # more than every move together
    weight = [[0] * len(players) for _ in players]
    for a, b in (tuple(pair) for pair in constraints.pairs()):
        weight[index[a]][index[b]] = weight[index[b]][index[a]] = apart
    fixed = {index[p] for p in constraints.fixed}
    rng = random.Random(0)  # the same ladder always gives the same tables
    best = None
    for start in (ladder_cut, feasible):
        tables = [[index[p] for p in table] for table in start]
        total = swaps.improve(tables, weight, rng, place=place, fixed=fixed)
        if best is None or total < best[0]:
            best = (total, tables)
    return [[players[i] for i in table] for table in best[1]]


def _rungs_away(rung: int, span: tuple[int, int] | None, far: int) -> int:
    if span is None:  # a table of fixed entrants only: nobody else belongs there
        return far
    return max(span[0] - rung, rung - span[1], 0)
