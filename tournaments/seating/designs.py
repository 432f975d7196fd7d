"""Known perfect rotation schedules (no database): games in which nobody meets anyone twice.

For `q` tables of `k` seats (k ≤ q) the seats are the points (x, y) of the plane over q
elements (tournaments/seating/finite_fields.py) with x among the first k elements. For
each slope m the lines y = m·x + b, one per b, are a game: q tables of k, everybody seated
once. Two points share at most one line, so over all these games no pair meets twice.
When k = q (the whole affine plane, for q a prime power) the lines x = c are one more
game.

There are q such games for q a prime power (q + 1 when k = q); for other q, as many as the
smallest prime-power factor of q (MacNeish's product construction), plus one when k = q.

Tables of unequal sizes (`k` and `k - 1`) come from the same design with seats removed:
the removed points lie on one line x = c, which every other game crosses once, so each
game loses one seat at as many different tables as points were removed.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.seating.finite_fields import ring

Seating = list[list[int]]


def perfect_games(sizes: Sequence[int]) -> list[Seating]:
    """Games of players 0…sum(sizes)-1 at tables of `sizes` (at most one apart) in which
    nobody meets anyone twice, as many as the design gives (none when it gives none);
    each game's tables in the order of `sizes`."""
    q = len(sizes)
    k = max(sizes, default=0)
    if q < 2 or k < 2 or k > q or any(size not in (k, k - 1) for size in sizes):
        return []
    short = sum(1 for size in sizes if size == k - 1)
    r = ring(q)
    xs = range(k)

    def point(x: int, y: int) -> int:
        return x * q + y

    games = [[[point(x, r.add[r.mul[m][x]][b]) for x in xs] for b in range(q)] for m in r.slopes]
    if k == q and not short:
        games.append([[point(c, y) for y in range(q)] for c in range(q)])
    # The removed seats: the first `short` points of the line x = k - 1.
    removed = {point(k - 1, y) for y in range(short)}
    number = {p: n for n, p in enumerate(p for p in range(k * q) if p not in removed)}
    ordered = []
    for game in games:
        tables = [[number[p] for p in line if p not in removed] for line in game]
        tables.sort(key=len, reverse=True)
        by_size = {size: [t for t in tables if len(t) == size] for size in (k, k - 1)}
        ordered.append([by_size[size].pop() for size in sizes])
    return ordered
