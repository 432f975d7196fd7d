"""Rotation's plan for the rest of the day (no database): every game not yet seated,
seated together so that pairs meet again as little as possible over the whole day.

The cost is rotation's (tournaments/seating/rotation.py) counted over the day: a pair's m-th
meeting costs (m-1)², so a pair meeting three times (0 + 1 + 4) costs more than two pairs
meeting twice (1 + 1). Games already played (or posted) are given and never change.

The plan starts from the best start known:
- the seats of a plan made before (`start`), when one is being re-planned because an
  entrant came or left: who left is taken out, who came fills the seats free;
- else, before any game is played, a perfect design (tournaments/seating/designs.py) for
  as many games as it gives, nobody meeting anyone twice;
- else, and for the games a design does not cover, the game-by-game draw
  (`game_by_game`: rotation's draw of each game in turn).

Then a simulated annealing over swaps of two players at different tables of one game, over
every game left, for at most `MOVES_PER_SEAT` swaps per seat and game or `seconds`, and
never past a plan nobody meets again in. It is seeded by `rng`: one seed gives one plan
(unless the time runs out first, on a slower machine). Without one, a generator seeded
from the system's randomness, not the system's own (`SystemRandom`), which asks the kernel
at each of the search's draws: a 30-entrant plan took twice as long. The best plan seen is
kept, so the plan never costs more than its start.

Groups kept apart and fixed entrants (tournaments/seating/constraints.py) are kept in
every game: fixed entrants never move, and a pair kept apart costs more than all repeats
together.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

from tournaments.seating import rotation, swaps
from tournaments.seating.constraints import Constraints, seat_apart, together
from tournaments.seating.designs import perfect_games

P = TypeVar("P", bound=Hashable)
Seating = list[list[P]]

SECONDS = 1.5
"""The longest a plan takes, its start included, unless the game-by-game start alone takes
longer (240 entrants over 5 games are planned within 2 s: bench/seating.py)."""
MOVES_PER_SEAT = 1000
"""Swaps tried per seat and game left, at most."""
CANDIDATES = 6
"""Players weighed for each swap: the best of them is the one tried."""
HOT, COLD = 1.0, 0.05
"""The annealing's temperature at its start and its end: a swap making one pair meet
again costs 1, so it starts taking such swaps often and ends taking almost none."""


@dataclass(frozen=True)
class Preview:
    """What staff see before they confirm a plan."""

    next_game: int
    """Pairs at the next game's tables who have met before."""
    whole_plan: int
    """The same summed over every game planned, each against all the games before it."""


def preview(played: Sequence[Seating], planned: Sequence[Seating]) -> Preview:
    """The repeats of the next game and of the whole plan."""
    met = rotation.meetings(played)
    counts = []
    for seating in planned:
        counts.append(len(rotation.repeats(seating, met)))
        met.update(rotation.meetings([seating]))
    return Preview(next_game=counts[0] if counts else 0, whole_plan=sum(counts))


def game_by_game(
    players: Sequence[P],
    sizes: Sequence[int],
    games: int,
    *,
    played: Sequence[Seating] = (),
    constraints: Constraints | None = None,
    rng: random.Random | None = None,
) -> list[Seating]:
    """Each game drawn on its own after the ones before (rotation's draw), as rotation
    seated before whole plans."""
    rng = rng or random.Random()  # seeded from the system: a search draws thousands
    before = list(played)
    planned: list[Seating] = []
    for _ in range(games):
        seating = rotation.draw(
            players, sizes, rotation.meetings(before), rng=rng, constraints=constraints
        )
        planned.append(seating)
        before.append(seating)
    return planned


def plan(
    players: Sequence[P],
    sizes: Sequence[int],
    games: int,
    *,
    played: Sequence[Seating] = (),
    constraints: Constraints | None = None,
    start: Sequence[Seating] = (),
    rng: random.Random | None = None,
    seconds: float = SECONDS,
) -> list[Seating]:
    """The next `games` games of `players` at tables of `sizes` (the same for each game),
    after the `played` games; one seating per game, each one list per table in the order of
    `sizes`. `start`: the plan made before for these games, to re-plan from.
    ConstraintsRefused when no seating keeps `constraints`."""
    if sum(sizes) != len(players):
        raise ValueError(f"{len(players)} players for {sum(sizes)} seats")
    if games <= 0:
        return []
    deadline = time.perf_counter() + seconds
    rng = rng or random.Random()  # seeded from the system: a search draws thousands
    constraints = (constraints or Constraints()).among(players)
    if constraints:
        seat_apart(players, sizes, constraints)  # refuses what no seating keeps
    index = {p: i for i, p in enumerate(players)}
    fixed = {index[p]: t for p, t in constraints.fixed.items()}
    apart = [
        (index[a], index[b]) for a, b in (tuple(pair) for pair in constraints.pairs())
    ]  # fmt: skip
    met = rotation.meetings(played)
    first = _start(players, sizes, games, played, constraints, start, rng)
    tables = [[[index[p] for p in table] for table in seating] for seating in first]
    for seating in tables:
        _put_fixed_in_place(seating, fixed)
    search = _Annealing(len(players), met, index, apart, fixed, tables, len(played))
    search.run(rng, games * len(players) * MOVES_PER_SEAT, deadline)
    best = search.best
    if apart:
        # Annealing that ended with a pair kept apart together (a tight seating): that
        # game starts again from one that keeps them apart, improved by swaps.
        for g, seating in enumerate(best):
            if together(seating, Constraints(apart=tuple(frozenset(p) for p in apart))):
                best[g] = _apart_game(players, sizes, constraints, index, met, best, g, rng)
    result = [[[players[i] for i in table] for table in seating] for seating in best]
    for seating in result:
        for table in seating:
            rng.shuffle(table)
    return result


def _start(players, sizes, games, played, constraints, start, rng) -> list[Seating]:
    if start:
        begun = [_fitted(seating, players, sizes, rng) for seating in start[:games]]
    elif not played:
        begun = _from_design(players, sizes, games, rng)
    else:
        begun = []
    return begun + game_by_game(
        players,
        sizes,
        games - len(begun),
        played=[*played, *begun],
        constraints=constraints,
        rng=rng,
    )


def _from_design(players, sizes, games, rng) -> list[Seating]:
    design = perfect_games(sizes)[:games]
    if not design:
        return []
    shuffled = list(players)
    rng.shuffle(shuffled)
    rng.shuffle(design)
    return [[[shuffled[i] for i in table] for table in game] for game in design]


def _fitted(seating: Seating, players: Sequence[P], sizes: Sequence[int], rng) -> Seating:
    """A planned game brought to today's players and sizes: who left taken out, tables
    beyond `sizes` or over their size emptied into the free seats with who came."""
    here = set(players)
    kept = [[p for p in table if p in here] for table in seating]
    kept += [[] for _ in range(len(sizes) - len(kept))]
    seated = {p for table in kept for p in table}
    loose = [p for p in players if p not in seated]
    # The biggest tables kept take the biggest sizes.
    order = sorted(range(len(kept)), key=lambda t: -len(kept[t]))
    tables: list[list[P]] = []
    for size, t in zip(sizes, order, strict=False):
        table = kept[t]
        loose += table[size:]
        tables.append(table[:size])
    for t in order[len(sizes) :]:
        loose += kept[t]
    rng.shuffle(loose)
    for table, size in zip(tables, sizes, strict=True):
        while len(table) < size:
            table.append(loose.pop())
    return tables


def _put_fixed_in_place(seating: list[list[int]], fixed: dict[int, int]) -> None:
    """Bring every fixed entrant to their table: their whole table when it can trade
    places with the table there (same size, nobody fixed at either), else they alone, with
    someone there who is not fixed."""
    for player, home in fixed.items():
        t = next(t for t, table in enumerate(seating) if player in table)
        if t == home:
            continue
        there = seating[home]
        settled = any(fixed.get(p) == home for p in there) or any(
            fixed.get(p) == t for p in seating[t]
        )
        if len(there) == len(seating[t]) and not settled:
            seating[t], seating[home] = there, seating[t]
            continue
        other = next(p for p in there if fixed.get(p) != home)
        seating[t][seating[t].index(player)] = other
        there[there.index(other)] = player


def _apart_game(players, sizes, constraints, index, met, plan, g, rng) -> list[list[int]]:
    others = [[[players[i] for i in t] for t in s] for n, s in enumerate(plan) if n != g]
    weight = rotation.weights(index, met + rotation.meetings(others), constraints)
    seating = [
        [index[p] for p in table] for table in seat_apart(players, sizes, constraints, rng=rng)
    ]
    swaps.improve(seating, weight, rng, fixed={index[p] for p in constraints.fixed})
    return seating


class _Annealing:
    """Swaps over every game left; `counts[a][b]`: how often a and b meet over the day."""

    def __init__(self, n, met, index, apart, fixed, tables, played):
        self.tables = tables
        self.counts = [[0] * n for _ in range(n)]
        for pair, times in met.items():
            a, b = tuple(pair)
            if a in index and b in index:
                self.counts[index[a]][index[b]] = self.counts[index[b]][index[a]] = times
        self.base = self._day_cost()  # what the games played cost: no plan changes it
        for seating in tables:
            for table in seating:
                for a, b in combinations(table, 2):
                    self.counts[a][b] += 1
                    self.counts[b][a] += 1
        # A pair kept apart costs more than every repeat of the day together could.
        self.penalty = n * n * (len(tables) + played) ** 3 + 1
        self.apart = [[0] * n for _ in range(n)] if apart else None
        for a, b in apart:
            self.apart[a][b] = self.apart[b][a] = self.penalty
        self.movable = [i for i in range(n) if i not in fixed]
        self.where = [[0] * n for _ in tables]
        for g, seating in enumerate(tables):
            for t, table in enumerate(seating):
                for i in table:
                    self.where[g][i] = t
        self.cost = self._day_cost() - self.base + self._apart_cost()
        self.best = [[list(t) for t in s] for s in tables]
        self.best_cost = self.cost

    def _day_cost(self) -> int:
        n = len(self.counts)
        # A pair meeting m times costs 0² + 1² + … + (m-1)².
        return sum(
            (m - 1) * m * (2 * m - 1) // 6
            for a in range(n)
            for m in self.counts[a][a + 1 :]
            if m > 1
        )  # fmt: skip

    def _apart_cost(self) -> int:
        if self.apart is None:
            return 0
        return sum(
            self.apart[a][b] for s in self.tables for table in s for a, b in combinations(table, 2)
        )

    def run(self, rng: random.Random, moves: int, deadline: float) -> None:
        if self.best_cost == 0 or len(self.movable) < 2 or not self.tables:
            return
        counts, apart, tables, where = self.counts, self.apart, self.tables, self.where
        movable, games = self.movable, len(self.tables)
        cooling = (COLD / HOT) ** (1 / max(moves, 1))
        temperature = HOT
        random_ = rng.random

        def swap_cost(a: int, b: int, ta: list[int], tb: list[int]) -> int:
            """What swapping a (at ta) and b (at tb) changes."""
            ca, cb = counts[a], counts[b]
            delta = 0
            for j in ta:
                if j != a:
                    m = ca[j] - 1
                    delta += cb[j] * cb[j] - m * m
            for j in tb:
                if j != b:
                    m = cb[j] - 1
                    delta += ca[j] * ca[j] - m * m
            if apart is not None:
                pa, pb = apart[a], apart[b]
                delta += sum(pb[j] - pa[j] for j in ta if j != a)
                delta += sum(pa[j] - pb[j] for j in tb if j != b)
            return delta

        for move in range(moves):
            temperature *= cooling
            if move % 1024 == 0 and time.perf_counter() > deadline:
                break
            g = int(random_() * games)
            a = movable[int(random_() * len(movable))]
            at = where[g][a]
            ta = tables[g][at]
            ca = counts[a]
            # Only a player who meets someone again (or sits with someone kept apart)
            # moves: swapping two players at ease is wasted work.
            if all(ca[j] < 2 for j in ta) and (apart is None or not any(apart[a][j] for j in ta)):
                continue
            delta, b = None, -1
            for _ in range(CANDIDATES):
                other = movable[int(random_() * len(movable))]
                if where[g][other] != at:
                    change = swap_cost(a, other, ta, tables[g][where[g][other]])
                    if delta is None or change < delta:
                        delta, b = change, other
            if delta is None:
                continue
            bt = where[g][b]
            tb = tables[g][bt]
            cb = counts[b]
            if delta > 0 and random_() >= math.exp(-delta / temperature):
                continue
            for j in ta:
                if j != a:
                    ca[j] -= 1
                    counts[j][a] -= 1
                    cb[j] += 1
                    counts[j][b] += 1
            for j in tb:
                if j != b:
                    cb[j] -= 1
                    counts[j][b] -= 1
                    ca[j] += 1
                    counts[j][a] += 1
            ta[ta.index(a)] = b
            tb[tb.index(b)] = a
            where[g][a], where[g][b] = bt, at
            self.cost += delta
            if self.cost < self.best_cost:
                self.best_cost = self.cost
                self.best = [[list(t) for t in s] for s in tables]
                if self.cost == 0:
                    break
