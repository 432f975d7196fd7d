"""What the tournament's wall shows, phase by phase (templates/tournaments/screen.html):

- "find": a stage is seated and its clock has not started: every entrant seated, in
  alphabetical order, with their table (64 to a page; more take turns);
- "playing": the stage's tables as the night's wall draws them, its clock in the header;
- "standings": between stages (or before the first): the leaders and each band's leader;
- "podium": the tournament is finished: the medals, overall and per band.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.collation import by_name
from nights import wall
from tournaments.formats import StageStatus
from tournaments.selectors import StageBoard, TournamentBoard
from tournaments.standings import Line

FIND = "find"
PLAYING = "playing"
STANDINGS = "standings"
PODIUM = "podium"

SEATS_PER_PAGE = 64
"""Sixty-four long names and their tables still fit one 1920×1080 screen."""


@dataclass(frozen=True)
class Seat:
    """One entrant's table in the stage seated."""

    player: int
    name: str
    table: str
    board: str
    """The code of the table's game."""


def phase(board: TournamentBoard) -> str:
    latest = board.latest
    if board.finished:
        return PODIUM
    if latest is None or latest.status == StageStatus.FINISHED:
        return STANDINGS
    if latest.status == StageStatus.SEATED:  # its clock not started, no round saved
        return FIND
    return PLAYING


def seats(stage: StageBoard) -> list[Seat]:
    """Everyone the stage seats, by name (as a reader of the page's language reads a list)."""
    found = [
        Seat(player=s.player.id, name=s.player.name, table=t.table.label, board=t.board.game.code)
        for t in stage.tables
        for s in t.board.standings
    ]
    return by_name(found, name=lambda seat: seat.name)


def seat_pages(stage: StageBoard) -> list[list[Seat]]:
    return wall.pages(seats(stage), most=SEATS_PER_PAGE)


def band_leaders(board: TournamentBoard) -> list[tuple[str, Line]]:
    """Each band's best placed player (a band nobody is in yet is left out)."""
    leaders = []
    for band in board.tournament.bands:
        line = next((line for line in board.standings if line.entry.band == band), None)
        if line is not None:
            leaders.append((band, line))
    return leaders
