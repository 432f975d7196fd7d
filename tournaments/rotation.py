"""Rotation: each game's seats drawn anew so that players meet as few earlier opponents
as possible (no database).

Seating a pair who already met `m` times costs m²: a pair meeting for the third time
(4) counts worse than two pairs meeting for the second (1 + 1). The draw starts from a
greedy seating (the players with most meetings first, each at the table where they meet
the fewest) and swaps players between tables while a swap lowers the cost, from a few
random starts; it keeps the table sizes it is given.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

P = TypeVar("P", bound=Hashable)

STARTS = 12
"""Random starts for a small draw; a big one gets fewer (see `_starts`)."""


def pair(a: Hashable, b: Hashable) -> frozenset:
    return frozenset((a, b))


def meetings(games: Iterable[Sequence[Sequence[P]]]) -> Counter:
    """How many times each pair sat at one table, over the games given (each a seating)."""
    met: Counter = Counter()
    for seating in games:
        for table in seating:
            for a, b in combinations(table, 2):
                met[pair(a, b)] += 1
    return met


def cost(seating: Sequence[Sequence[P]], met: Counter) -> int:
    """What a seating costs: m² for every pair seated together who met m times before."""
    return sum(met[pair(a, b)] ** 2 for table in seating for a, b in combinations(table, 2))


@dataclass(frozen=True)
class Repeat:
    table: int
    """0-based table index."""
    players: tuple
    times: int
    """How many times they met before."""


def repeats(seating: Sequence[Sequence[P]], met: Counter) -> list[Repeat]:
    """The pairs a seating makes meet again, table by table."""
    return [
        Repeat(table=t, players=(a, b), times=met[pair(a, b)])
        for t, table in enumerate(seating)
        for a, b in combinations(table, 2)
        if met[pair(a, b)]
    ]


def draw(
    players: Sequence[P],
    sizes: Sequence[int],
    met: Counter,
    *,
    rng: random.Random | None = None,
) -> list[list[P]]:
    """Seat `players` at tables of `sizes` (in order) meeting as few earlier opponents as
    the search finds; one list per table, seats in random order."""
    if sum(sizes) != len(players):
        raise ValueError(f"{len(players)} players for {sum(sizes)} seats")
    rng = rng or random.SystemRandom()
    n = len(players)
    index = {p: i for i, p in enumerate(players)}
    # weight[i][j]: the cost of seating i with j (met² ), as a dense list of lists.
    weight = [[0] * n for _ in range(n)]
    for key, times in met.items():
        if len(key) != 2 or not times:
            continue
        a, b = tuple(key)
        if a in index and b in index:
            i, j = index[a], index[b]
            weight[i][j] = weight[j][i] = times * times
    best: list[list[int]] | None = None
    best_cost = None
    for _ in range(_starts(n)):
        tables = _greedy(n, sizes, weight, rng)
        total = _improve(tables, weight, rng)
        if best_cost is None or total < best_cost:
            best, best_cost = tables, total
        if best_cost == 0:
            break
    assert best is not None
    seating = [[players[i] for i in table] for table in best]
    for table in seating:
        rng.shuffle(table)
    return seating


def _starts(n: int) -> int:
    # A draw of a few hundred players is near its best after one or two starts.
    return max(2, min(STARTS, 2400 // max(n, 1)))


def _greedy(n: int, sizes: Sequence[int], weight: list[list[int]], rng) -> list[list[int]]:
    order = list(range(n))
    rng.shuffle(order)
    order.sort(key=lambda i: -sum(weight[i]))
    tables: list[list[int]] = [[] for _ in sizes]
    for i in order:
        row = weight[i]
        choices = [t for t, table in enumerate(tables) if len(table) < sizes[t]]
        rng.shuffle(choices)
        t = min(choices, key=lambda t: sum(row[j] for j in tables[t]))
        tables[t].append(i)
    return tables


def _improve(tables: list[list[int]], weight: list[list[int]], rng) -> int:
    """Swap players between tables while a swap lowers the cost; the cost reached."""
    where = {i: t for t, table in enumerate(tables) for i in table}

    def at(i: int, t: int, without: int = -1) -> int:
        row = weight[i]
        return sum(row[j] for j in tables[t] if j != i and j != without)

    improved = True
    while improved:
        improved = False
        troubled = [i for i in where if at(i, where[i])]
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
    return sum(weight[a][b] for table in tables for a, b in combinations(table, 2))
