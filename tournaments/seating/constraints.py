"""Seating constraints (no database): groups kept apart and fixed tables, what staff ask
of a seating, and whether a seating can give it.

**Keep apart**: groups of entrants (a household, a club, a couple) of whom no two sit at
one table. **Fixed**: an entrant who sits at one given table whatever the draw (the
accessible table). Rotation (tournaments/seating/rotation.py and schedule.py) and
progressive (tournaments/seating/progressive.py) seat with `Constraints`; when no seating
gives them they raise `ConstraintsRefused`, whose `sentence()` says, in the reader's
language, what to change.

`seat_apart` finds one seating that keeps everybody apart and in place, or proves there
is none, by trying tables for the kept-apart entrants in turn (the most constrained
first), every other entrant filling the seats left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from rules.words import _, ngettext

SEARCH_STEPS = 200_000
"""Tables tried by `seat_apart` before it gives up on a tangle of groups (never reached
by groups of a few entrants each)."""

NO_SUCH_TABLE = "no-such-table"
TABLE_FULL = "table-full"
FIXED_TOGETHER = "fixed-together"
GROUP_TOO_BIG = "group-too-big"
TANGLED = "tangled"


@dataclass(frozen=True)
class Constraints:
    apart: tuple[frozenset, ...] = ()
    """Groups of entrants of whom no two sit at one table."""
    fixed: Mapping[Hashable, int] = field(default_factory=dict)
    """Entrant → the 0-based index of the table they stay at (as `rotation.Repeat.table`)."""

    def __bool__(self) -> bool:
        return bool(self.apart or self.fixed)

    def among(self, players: Iterable[Hashable]) -> Constraints:
        """What is asked of the players seated now: groups cut to them (a group left with
        one entrant asks nothing), fixed entrants among them."""
        here = set(players)
        groups = (frozenset(g) & here for g in self.apart)
        return Constraints(
            apart=tuple(g for g in groups if len(g) > 1),
            fixed={p: t for p, t in self.fixed.items() if p in here},
        )

    def pairs(self) -> set[frozenset]:
        """Every pair kept apart."""
        return {
            frozenset(p) for group in self.apart for p in combinations(sorted(group, key=repr), 2)
        }


class ConstraintsRefused(ValueError):
    """No seating keeps the groups apart and the fixed entrants in place; `reason` is one
    of the names above, `players` those it is about, `table` a 0-based index."""

    def __init__(
        self,
        reason: str,
        *,
        players: Sequence[Hashable] = (),
        table: int | None = None,
        tables: int = 0,
        seats: int = 0,
    ):
        self.reason = reason
        self.players = tuple(players)
        self.table = table
        self.tables = tables
        self.seats = seats
        super().__init__(self.sentence())

    def sentence(self, name: Callable[[Hashable], str] = str) -> str:
        """What to change, in the reader's language; `name` names an entrant."""
        names = _(", ").join(name(p) for p in self.players)
        table = None if self.table is None else self.table + 1
        if self.reason == NO_SUCH_TABLE:
            return ngettext(
                "%(names)s should stay at table %(table)s, but this stage has %(tables)s "
                "table; choose a table that exists.",
                "%(names)s should stay at table %(table)s, but this stage has %(tables)s "
                "tables; choose a table that exists.",
                self.tables,
            ) % {"names": names, "table": table, "tables": self.tables}
        if self.reason == TABLE_FULL:
            return _(
                "%(names)s should all stay at table %(table)s, which has %(seats)s seats; "
                "fix fewer of them there."
            ) % {"names": names, "table": table, "seats": self.seats}
        if self.reason == FIXED_TOGETHER:
            return _(
                "%(names)s should be kept apart but should both stay at table %(table)s; "
                "fix one of them at another table."
            ) % {"names": names, "table": table}
        if self.reason == GROUP_TOO_BIG:
            return _(
                "%(names)s should be kept apart, but this stage has only %(tables)s tables; "
                "make the group smaller."
            ) % {"names": names, "tables": self.tables}
        return _(
            "No seating at these %(tables)s tables keeps every group apart and every fixed "
            "entrant at their table; make a group smaller or fix fewer entrants."
        ) % {"tables": self.tables}


def check(constraints: Constraints, sizes: Sequence[int]) -> None:
    """Raise ConstraintsRefused for what no seating at `sizes` can give, read off the
    numbers."""
    by_table: dict[int, list] = {}
    for player, table in constraints.fixed.items():
        if not 0 <= table < len(sizes):
            raise ConstraintsRefused(
                NO_SUCH_TABLE, players=[player], table=table, tables=len(sizes)
            )
        by_table.setdefault(table, []).append(player)
    for table, players in sorted(by_table.items()):
        if len(players) > sizes[table]:
            raise ConstraintsRefused(TABLE_FULL, players=players, table=table, seats=sizes[table])
    for pair in sorted(constraints.pairs(), key=lambda p: sorted(map(repr, p))):
        a, b = sorted(pair, key=repr)
        if a in constraints.fixed and constraints.fixed.get(b) == constraints.fixed[a]:
            raise ConstraintsRefused(FIXED_TOGETHER, players=[a, b], table=constraints.fixed[a])
    for group in constraints.apart:
        if len(group) > len(sizes):
            raise ConstraintsRefused(
                GROUP_TOO_BIG, players=sorted(group, key=repr), tables=len(sizes)
            )


def together(seating: Sequence[Sequence[Hashable]], constraints: Constraints) -> list[frozenset]:
    """The pairs kept apart whom `seating` puts at one table."""
    pairs = constraints.pairs()
    return [
        frozenset((a, b))
        for table in seating
        for a, b in combinations(table, 2)
        if frozenset((a, b)) in pairs
    ]


def misplaced(seating: Sequence[Sequence[Hashable]], constraints: Constraints) -> list[Hashable]:
    """The fixed entrants `seating` puts away from their table."""
    return [p for p, t in constraints.fixed.items() if t >= len(seating) or p not in seating[t]]


def seat_apart(
    players: Sequence[Hashable],
    sizes: Sequence[int],
    constraints: Constraints,
    *,
    rng: random.Random | None = None,
) -> list[list]:
    """One seating at `sizes` that keeps `constraints`, or ConstraintsRefused."""
    if sum(sizes) != len(players):
        raise ValueError(f"{len(players)} players for {sum(sizes)} seats")
    constraints = constraints.among(players)
    check(constraints, sizes)
    rng = rng or random.Random(0)
    tables: list[list] = [[] for _ in sizes]
    for player, table in constraints.fixed.items():
        tables[table].append(player)
    mates: dict[Hashable, set] = {}
    for a, b in (tuple(p) for p in constraints.pairs()):
        mates.setdefault(a, set()).add(b)
        mates.setdefault(b, set()).add(a)
    order = sorted(
        (p for p in mates if p not in constraints.fixed), key=lambda p: (-len(mates[p]), repr(p))
    )
    steps = [0]

    def place(n: int) -> bool:
        if n == len(order):
            return True
        player = order[n]
        tried_empty: set[int] = set()
        for t, table in enumerate(tables):
            if len(table) >= sizes[t] or any(p in mates[player] for p in table):
                continue
            if not table:
                # Empty tables of one size are alike: trying one is trying them all.
                if sizes[t] in tried_empty:
                    continue
                tried_empty.add(sizes[t])
            steps[0] += 1
            if steps[0] > SEARCH_STEPS:
                return False
            table.append(player)
            if place(n + 1):
                return True
            table.pop()
        return False

    if not place(0):
        raise ConstraintsRefused(TANGLED, tables=len(sizes))
    placed = {p for table in tables for p in table}
    rest = [p for p in players if p not in placed]
    rng.shuffle(rest)
    for t, table in enumerate(tables):
        while len(table) < sizes[t]:
            table.append(rest.pop())
    return tables
