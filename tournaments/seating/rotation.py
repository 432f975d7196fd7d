"""Rotation: each game's seats drawn anew so that players meet as few earlier opponents
as possible (no database).

Seating a pair who already met `m` times costs m²: a pair meeting for the third time
(4) counts worse than two pairs meeting for the second (1 + 1). The draw starts from a
greedy seating (the players with most meetings first, each at the table where they meet
the fewest) and swaps players between tables while a swap lowers the cost, from a few
random starts; it keeps the table sizes it is given. Groups kept apart and fixed entrants
(tournaments/seating/constraints.py) are kept whenever a seating can keep them.

`draw` seats one game; tournaments/seating/schedule.py plans every game left at once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

from tournaments.seating import swaps
from tournaments.seating.constraints import Constraints, seat_apart, together

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
    constraints: Constraints | None = None,
) -> list[list[P]]:
    """Seat `players` at tables of `sizes` (in order) meeting as few earlier opponents as
    the search finds; one list per table, seats in random order. With `constraints`, no two
    of a group kept apart share a table and fixed entrants sit at their table, or
    ConstraintsRefused says why no seating can."""
    if sum(sizes) != len(players):
        raise ValueError(f"{len(players)} players for {sum(sizes)} seats")
    rng = rng or random.Random()  # seeded from the system: a search draws thousands
    constraints = (constraints or Constraints()).among(players)
    n = len(players)
    index = {p: i for i, p in enumerate(players)}
    weight = weights(index, met, constraints)
    fixed = {index[p]: t for p, t in constraints.fixed.items()}
    feasible = (
        [[index[p] for p in table] for table in seat_apart(players, sizes, constraints)]
        if constraints
        else None
    )
    best: list[list[int]] | None = None
    best_cost = None
    for _ in range(_starts(n)):
        tables = _greedy(n, sizes, weight, fixed, rng)
        total = swaps.improve(tables, weight, rng, fixed=fixed)
        if best_cost is None or total < best_cost:
            best, best_cost = tables, total
        if best_cost == 0:
            break
    assert best is not None
    if feasible is not None and together(best, _indexed(constraints, index)):
        # The swaps did not undo every pair kept apart: start from a seating that does;
        # no swap from there puts a pair together again (it would cost more).
        best = feasible
        swaps.improve(best, weight, rng, fixed=fixed)
    seating = [[players[i] for i in table] for table in best]
    for table in seating:
        rng.shuffle(table)
    return seating


def weights(index: dict, met: Counter, constraints: Constraints) -> list[list[int]]:
    """weight[i][j]: the cost of seating i with j: met², and for a pair kept apart more
    than every other pair together could cost (so a seating keeping them apart always
    costs less than one that does not)."""
    n = len(index)
    weight = [[0] * n for _ in range(n)]
    total = 0
    for key, times in met.items():
        if len(key) != 2 or not times:
            continue
        a, b = tuple(key)
        if a in index and b in index:
            i, j = index[a], index[b]
            weight[i][j] = weight[j][i] = times * times
            total += times * times
    for a, b in (tuple(p) for p in constraints.pairs()):
        i, j = index[a], index[b]
        weight[i][j] = weight[j][i] = total + 1 + weight[i][j]
    return weight


def _indexed(constraints: Constraints, index: dict) -> Constraints:
    return Constraints(
        apart=tuple(frozenset(index[p] for p in group) for group in constraints.apart),
        fixed={index[p]: t for p, t in constraints.fixed.items()},
    )


def _starts(n: int) -> int:
    # A draw of a few hundred players is near its best after one or two starts.
    return max(2, min(STARTS, 2400 // max(n, 1)))


def _greedy(
    n: int, sizes: Sequence[int], weight: list[list[int]], fixed: dict[int, int], rng
) -> list[list[int]]:
    order = [i for i in range(n) if i not in fixed]
    rng.shuffle(order)
    order.sort(key=lambda i: -sum(weight[i]))
    tables: list[list[int]] = [[] for _ in sizes]
    for i, t in fixed.items():
        tables[t].append(i)
    for i in order:
        row = weight[i]
        choices = [t for t, table in enumerate(tables) if len(table) < sizes[t]]
        rng.shuffle(choices)
        t = min(choices, key=lambda t: sum(row[j] for j in tables[t]))
        tables[t].append(i)
    return tables
