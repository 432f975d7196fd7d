"""A tournament as it stands, read in a fixed number of queries: its entrants, its stages
with every table's board, each finished table's result, the standings and the medals.
What the API, the pages, the commands and the next stage's draw all read."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.utils import timezone

from games.snapshot import load_boards
from nights.models import Table
from nights.snapshot import TableBoard
from tournaments import placement
from tournaments.formats import PLAYS_ON, StageStatus, TournamentStatus, is_last_stage
from tournaments.models import Entrant, Stage, Tournament
from tournaments.standings import (
    Entry,
    Line,
    Medal,
    StageResult,
    medals,
    standings,
)


def table_result(table: TableBoard) -> list[placement.Played]:
    """Every player's result at the table, best first (also before it ends)."""
    board = table.board
    totals = {s.player.id: s.total for s in board.standings}
    rounds = [board.scores[r.number] for r in board.rounds]
    left = {s.player.id for s in board.standings if s.seat.left}
    return placement.table_result(totals, rounds, lower_wins=board.table.lower_wins, left=left)


@dataclass
class StageBoard:
    stage: Stage
    tables: list[TableBoard]

    @property
    def number(self) -> int:
        return self.stage.number

    @property
    def finished(self) -> bool:
        return bool(self.tables) and all(t.finished for t in self.tables)

    @property
    def status(self) -> StageStatus:
        """Derived when read: a clock run out is "time_called" before anything calls it."""
        if self.finished:
            return StageStatus.FINISHED
        ends = self.stage.ends
        if self.stage.time_called or (ends is not None and timezone.now() >= ends):
            return StageStatus.TIME_CALLED
        if self.stage.started or any(t.board.rounds for t in self.tables):
            return StageStatus.PLAYING
        return StageStatus.SEATED

    @property
    def seated(self) -> frozenset:
        return frozenset(p for t in self.tables for p in t.seated)

    @property
    def seated_tables(self) -> list[list[int]]:
        """Player ids table by table, seats in order."""
        return [t.seated for t in self.tables]


@dataclass
class TournamentBoard:
    tournament: Tournament
    entrants: list[Entrant]
    stages: list[StageBoard]

    @property
    def lower_wins(self) -> bool:
        return self.tournament.rules.lower_wins

    @property
    def latest(self) -> StageBoard | None:
        return self.stages[-1] if self.stages else None

    @property
    def finished(self) -> bool:
        latest = self.latest
        if latest is None or not latest.finished:
            return False
        tournament = self.tournament
        return is_last_stage(
            tournament.format,
            number=latest.number,
            final=latest.stage.final,
            games=tournament.games,
        )

    @property
    def status(self) -> TournamentStatus:
        if self.finished:
            return TournamentStatus.FINISHED
        latest = self.latest
        if latest is not None and latest.status in PLAYS_ON:
            return TournamentStatus.IN_PROGRESS
        return TournamentStatus.SEATING

    @cached_property
    def entries(self) -> list[Entry]:
        return [
            Entry(
                player=e.player_id,
                name=e.player.name,
                band=e.band or None,
                joins=e.joins,
                withdrawn=e.withdrawn is not None,
            )
            for e in self.entrants
        ]

    @cached_property
    def standings(self) -> list[Line]:
        results = [
            StageResult(
                number=s.number,
                seated=s.seated,
                tables=[table_result(t) for t in s.tables if t.finished],
                final=s.stage.final,
            )
            for s in self.stages
        ]
        return standings(
            self.entries,
            results,
            format=self.tournament.format,
            lower_wins=self.lower_wins,
        )

    @cached_property
    def medals(self) -> list[Medal]:
        return medals(self.standings, self.tournament.bands) if self.finished else []

    def entrant(self, player_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.player_id == player_id), None)


def load_tournament(code: str) -> TournamentBoard | None:
    tournament = Tournament.objects.filter(code=code).first()
    return None if tournament is None else tournament_board(tournament)


def tournament_board(tournament: Tournament) -> TournamentBoard:
    """Everything about a tournament in six queries, however many stages and tables."""
    entrants = list(tournament.entrants.select_related("player"))
    stages = list(tournament.stages.select_related("night"))
    tables = list(
        Table.objects.filter(night__stage__tournament=tournament)
        .select_related("game")
        .order_by("night_id", "position")
    )
    boards = dict(zip((t.pk for t in tables), load_boards([t.game for t in tables]), strict=True))
    by_night: dict[int, list[TableBoard]] = {s.night_id: [] for s in stages}
    for table in tables:
        by_night[table.night_id].append(TableBoard(table=table, board=boards[table.pk]))
    return TournamentBoard(
        tournament=tournament,
        entrants=entrants,
        stages=[StageBoard(stage=s, tables=by_night[s.night_id]) for s in stages],
    )
