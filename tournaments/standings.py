"""A tournament's standings and medals from its tables' results (no database).

Rotation and progressive: placement points, then average score per round played (the
ruleset's better direction first), then rounds won; players level on all three share a
place. Heats-final: the final's order, then the stage each player reached (later first),
then average score per round. Medals go to places 1–3 overall and, re-placed among
their own, within each band.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from tournaments.formats import EntrantStatus, Format
from tournaments.placement import Played


@dataclass(frozen=True)
class Entry:
    """One entrant as the standings need them."""

    player: Hashable
    name: str
    band: str | None = None
    joins: int = 1
    """The first stage the entrant is seated in (a late entrant's is later)."""
    withdrawn: bool = False


@dataclass(frozen=True)
class StageResult:
    """One stage's finished tables (each a list of `Played`), and which players it seated."""

    number: int
    seated: frozenset
    tables: Sequence[Sequence[Played]]
    final: bool = False


@dataclass
class Line:
    entry: Entry
    points: float = 0
    rounds: int = 0
    total: int = 0
    rounds_won: int = 0
    reached: int = 0
    """The last stage the player was seated in (0: none yet)."""
    final_place: int | None = None
    status: EntrantStatus = EntrantStatus.PLAYING
    place: int = 1
    key: tuple = field(default=(), repr=False)

    @property
    def player(self) -> Hashable:
        return self.entry.player

    @property
    def average(self) -> float:
        """Score per round played (0 before any)."""
        return self.total / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class Medal:
    band: str | None
    place: int
    line: Line


def standings(
    entries: Sequence[Entry],
    stages: Sequence[StageResult],
    *,
    format: str,
    lower_wins: bool,
) -> list[Line]:
    """Every entrant's line, in order, with shared places."""
    lines = {e.player: Line(entry=e) for e in entries}
    for stage in stages:
        for player in stage.seated:
            if player in lines:
                lines[player].reached = max(lines[player].reached, stage.number)
        for table in stage.tables:
            for played in table:
                line = lines.get(played.player)
                if line is None:
                    continue
                line.points += played.points
                line.rounds += played.rounds
                line.total += played.total
                line.rounds_won += played.rounds_won
                if stage.final:
                    line.final_place = played.place
    latest = max((s.number for s in stages), default=0)
    for line in lines.values():
        line.status = _status(line, format=format, latest=latest)
        line.key = _key(line, format=format, lower_wins=lower_wins)
    entered = {e.player: n for n, e in enumerate(entries)}
    # Players sharing a place stand in the order they were entered.
    ordered = sorted(lines.values(), key=lambda line: (line.key, entered[line.player]))
    for line in ordered:
        line.place = 1 + sum(1 for other in ordered if other.key < line.key)
    return ordered


def _status(line: Line, *, format: str, latest: int) -> EntrantStatus:
    if line.entry.withdrawn:
        return EntrantStatus.WITHDRAWN
    waiting = line.entry.joins > latest
    if format == Format.HEATS_FINAL and not waiting and line.reached < latest:
        return EntrantStatus.OUT
    return EntrantStatus.PLAYING


def _key(line: Line, *, format: str, lower_wins: bool) -> tuple:
    # No rounds yet: after everyone who played one.
    average = (0, line.average if lower_wins else -line.average) if line.rounds else (1, 0)
    if format == Format.HEATS_FINAL:
        final = (0, line.final_place) if line.final_place is not None else (1, 0)
        return (final, -line.reached, average)
    return (-line.points, average, -line.rounds_won)


def medals(lines: Sequence[Line], bands: Sequence[str]) -> list[Medal]:
    """Places 1–3 overall (band None), then within each band in `bands`' order; level
    players share a medal."""
    won = [Medal(band=None, place=line.place, line=line) for line in lines if line.place <= 3]
    for band in bands:
        for place, line in within_band(lines, band):
            if place <= 3:
                won.append(Medal(band=band, place=place, line=line))
    return won


def within_band(lines: Sequence[Line], band: str | None) -> list[tuple[int, Line]]:
    """The standings with each player's place: overall, or among their own band's."""
    if band is None:
        return [(line.place, line) for line in lines]
    own = [line for line in lines if line.entry.band == band]
    return [(1 + sum(1 for other in own if other.key < line.key), line) for line in own]
