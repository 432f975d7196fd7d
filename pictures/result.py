"""What a result picture shows, as one value: built from a game, a night or a tournament
(pictures/events.py) in the reader's language, drawn by pictures/drawing.py. Two results
with the same `version` draw the same picture, so it is drawn once (pictures/drawn.py)."""

import hashlib
from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Placed:
    """One line of the standings: a place (ties share it), a name and a score as said."""

    place: int
    name: str
    score: str


@dataclass(frozen=True)
class Group:
    """Lines ranked together: the whole event's, or one table's of a night (`label`)."""

    label: str
    lines: tuple[Placed, ...]


@dataclass(frozen=True)
class Series:
    """One player's running total after each round (from 0), in the chart's colour."""

    name: str
    totals: tuple[float, ...]
    color: str


@dataclass(frozen=True)
class Result:
    language: str
    club: str
    title: str
    facts: tuple[str, ...]
    """The date, the game and its length: "Fri 27 Nov 2026", "Mexican Train", "13 rounds"."""
    state: str
    """ "Final", or "After round 7 · live" while playing."""
    groups: tuple[Group, ...]
    chart: tuple[Series, ...] = ()
    """A game's running totals; empty for a night or a tournament."""
    description: str = ""
    """What a link preview says under the title: "Ann won with 84 · 13 rounds"."""
    has_result: bool = False
    """Something to share: a round saved (a game, a night) or a table finished (a
    tournament)."""

    @cached_property
    def version(self) -> str:
        """Changes with anything the picture shows, its language too: its ETag."""
        return hashlib.sha256(repr(self).encode()).hexdigest()[:20]
