"""One table's result in a tournament's terms (no database): places by total, placement
points with ties shared, and rounds won.

At an n-player table 1st gets n points down to 1 for last; players level on total share
the points of the places they tie for (two level for 2nd and 3rd at four: 2.5 each).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class Played(Generic[P]):
    """One player's game at one table."""

    player: P
    total: int
    rounds: int
    """Rounds the player played at the table (all of them, unless they left during it)."""
    rounds_won: int
    """Rounds where the player's score was the table's best (ties: each of them)."""
    place: int
    """Place at the table by total; level totals share it (1, 1, 3)."""
    points: float
    """Placement points."""


def places(totals: Mapping[P, int], *, lower_wins: bool) -> dict[P, int]:
    """Each player's place by total, ties sharing the better place (1, 1, 3)."""
    better = (lambda a, b: a < b) if lower_wins else (lambda a, b: a > b)
    return {
        player: 1 + sum(1 for other in totals.values() if better(other, total))
        for player, total in totals.items()
    }


def placement_points(totals: Mapping[P, int], *, lower_wins: bool) -> dict[P, float]:
    """n for 1st … 1 for last; players level on total share their places' points."""
    n = len(totals)
    placed = places(totals, lower_wins=lower_wins)
    points = {}
    for player, place in placed.items():
        level = sum(1 for other in placed.values() if other == place)
        # Places place … place + level - 1 are worth n + 1 - place … n + 2 - place - level.
        points[player] = (2 * (n + 1 - place) - (level - 1)) / 2
    return points


def rounds_won(rounds: Sequence[Mapping[P, int]], *, lower_wins: bool) -> dict[P, int]:
    """How many rounds each player had the table's best score in (level bests: each)."""
    won: dict[P, int] = {}
    for scores in rounds:
        if not scores:
            continue
        best = min(scores.values()) if lower_wins else max(scores.values())
        for player, score in scores.items():
            won[player] = won.get(player, 0) + (score == best)
    return won


def table_result(
    totals: Mapping[P, int],
    rounds: Sequence[Mapping[P, int]],
    *,
    lower_wins: bool,
    left: Collection[P] = (),
) -> list[Played[P]]:
    """Every seated player's result at a table, best first (level players in seat order).
    Players who `left` during the game (withdrew) are placed after everyone who stayed,
    with the points of those places, and count the rounds they played."""
    stayed = {p: t for p, t in totals.items() if p not in left}
    gone = {p: t for p, t in totals.items() if p in left}
    placed = places(stayed, lower_wins=lower_wins) | {
        p: len(stayed) + place for p, place in places(gone, lower_wins=lower_wins).items()
    }
    points = {
        p: value + len(gone) for p, value in placement_points(stayed, lower_wins=lower_wins).items()
    } | placement_points(gone, lower_wins=lower_wins)
    won = rounds_won(rounds, lower_wins=lower_wins)
    results = [
        Played(
            player=player,
            total=total,
            rounds=sum(1 for scores in rounds if player in scores),
            rounds_won=won.get(player, 0),
            place=placed[player],
            points=points[player],
        )
        for player, total in totals.items()
    ]
    return sorted(results, key=lambda r: (r.place, -r.rounds_won))
