"""A seating improved by swapping players between tables (no database).

Players are numbers 0…n-1. What a seating costs is the sum of `weight[a][b]` over every
pair at one table, plus `place[a][t]` for each player a at table t when places cost
something (progressive: how far a player sits from where the ladder puts them). Each pass
takes the players who cost something where they sit, in random order, and makes the swap
that lowers the cost most; it stops when no swap of a movable player lowers it.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from itertools import combinations


def improve(
    tables: list[list[int]],
    weight: list[list[int]],
    rng: random.Random,
    *,
    place: list[list[int]] | None = None,
    fixed: Collection[int] = (),
) -> int:
    """Swap players of `tables` (in place), never a `fixed` one, while a swap lowers the
    cost; the cost reached."""
    where = {i: t for t, table in enumerate(tables) for i in table}

    def at(i: int, t: int) -> int:
        row = weight[i]
        here = sum(row[j] for j in tables[t] if j != i)
        return here + place[i][t] if place else here

    improved = True
    while improved:
        improved = False
        troubled = [i for i in where if i not in fixed and at(i, where[i])]
        rng.shuffle(troubled)
        for a in troubled:
            ta = where[a]
            here = at(a, ta)
            if not here:
                continue
            best_gain, best_b = 0, None
            for tb, table in enumerate(tables):
                if tb == ta:
                    continue
                a_there = at(a, tb)
                for b in table:
                    if b in fixed:
                        continue
                    # a to tb in b's place, b to ta in a's place.
                    gain = here + at(b, tb) - (a_there - weight[a][b]) - (at(b, ta) - weight[b][a])
                    if gain > best_gain:
                        best_gain, best_b = gain, b
            if best_b is not None:
                tb = where[best_b]
                tables[ta][tables[ta].index(a)] = best_b
                tables[tb][tables[tb].index(best_b)] = a
                where[a], where[best_b] = tb, ta
                improved = True
    return cost(tables, weight, place)


def cost(
    tables: list[list[int]], weight: list[list[int]], place: list[list[int]] | None = None
) -> int:
    pairs = sum(weight[a][b] for table in tables for a, b in combinations(table, 2))
    if not place:
        return pairs
    return pairs + sum(place[i][t] for t, table in enumerate(tables) for i in table)
