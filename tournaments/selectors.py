"""A tournament as it stands, read in a fixed number of queries: its entrants, its stages
with every table's board, each finished table's result, the standings and the medals.
What the API, the pages, the commands and the next stage's draw all read.

The boards of a stage's tables are read when something asks for them (the stage being
played: its status, "My table", the wall; the next stage's draw: every stage's seats).
A finished stage's result is kept in the cache against its games' versions (a
correction to any of them is a new version, so a new key): a reload of the overview at
240 entrants does not read and rank every board of every stage played
(docs/performance.md)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property

from django.core.cache import cache
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

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


class Boards:
    """The boards of a tournament's tables, read when first asked for: a stage's own, or
    every finished stage's at once (the next stage's draw reads all their seats), two
    queries each time however many tables."""

    def __init__(self, rows: dict[int, list[Table]], finished: set[int]) -> None:
        self.rows = rows  # night id → its tables (with their games), in table order
        self.finished = finished  # the nights whose every game has ended
        self.read: dict[int, list[TableBoard]] = {}

    def of(self, night: int) -> list[TableBoard]:
        if night not in self.read:
            self.load([night, *self.finished] if night in self.finished else [night])
        return self.read[night]

    def load(self, nights) -> None:
        missing = [n for n in dict.fromkeys(nights) if n not in self.read]
        tables = [t for n in missing for t in self.rows[n]]
        for n in missing:
            self.read[n] = []
        boards = load_boards([t.game for t in tables])
        for table, board in zip(tables, boards, strict=True):
            self.read[table.night_id].append(TableBoard(table=table, board=board))


@dataclass
class StageBoard:
    stage: Stage
    rows: list[Table]
    """The stage's tables with their games (the boards come with `tables`)."""
    boards: Boards = field(repr=False)

    @property
    def tables(self) -> list[TableBoard]:
        return self.boards.of(self.stage.night_id)

    @property
    def number(self) -> int:
        return self.stage.number

    @property
    def finished(self) -> bool:
        return bool(self.rows) and all(t.game.is_finished for t in self.rows)

    @property
    def versions(self) -> list[tuple[str, int]]:
        """Each table's game and its version: what the stage's result depends on."""
        return [(t.game.code, t.game.version) for t in self.rows]

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
        results = stage_results(self.tournament.code, self.stages)
        return standings(
            self.entries,
            results,
            format=self.tournament.format,
            lower_wins=self.lower_wins,
        )

    @cached_property
    def standings_version(self) -> str:
        """A digest of all the standings depend on (every stage's games and their versions,
        the entrants and their bands, withdrawals and late entries): the same digest, the
        same standings. The overview keeps its rendered standings under it. The code
        leads: a cache shared by several databases (test workers, or two clubs on one
        Redis) may hold another's tournament of the same primary key."""
        facts = (
            self.tournament.code,
            self.tournament.pk,
            self.tournament.bands,
            [(s.number, s.stage.final, s.versions) for s in self.stages],
            [(e.player, e.name, e.band, e.joins, e.withdrawn) for e in self.entries],
        )
        return hashlib.sha256(repr(facts).encode()).hexdigest()

    @cached_property
    def medals(self) -> list[Medal]:
        return medals(self.standings, self.tournament.bands) if self.finished else []

    def entrant(self, player_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.player_id == player_id), None)


def stage_result(stage: StageBoard) -> StageResult:
    return StageResult(
        number=stage.number,
        seated=stage.seated,
        tables=[table_result(t) for t in stage.tables if t.finished],
        final=stage.stage.final,
    )


def result_key(code: str, stage: StageBoard) -> str:
    """The cache's key of a finished stage's result: its tournament's code (unique across
    databases sharing one cache, as primary keys are not), then a digest of its games."""
    versions = repr((stage.number, stage.stage.final, stage.versions)).encode()
    digest = hashlib.sha256(versions).hexdigest()
    return f"tournaments:stage-result:v2:{code}:{stage.stage.pk}:{digest}"


RESULT_SECONDS = 7 * 24 * 3600
"""How long a finished stage's result is kept unread (a tournament lasts a day)."""


def stage_results(code: str, stages: list[StageBoard]) -> list[StageResult]:
    """Each stage's result: a finished one's from the cache when it has it (read and kept
    there otherwise), the stage being played read from its boards."""
    keys = {s.number: result_key(code, s) for s in stages if s.finished}
    kept = cache.get_many(list(keys.values())) if keys else {}
    missing = [s for s in stages if s.finished and keys[s.number] not in kept]
    if missing:  # their boards in one read, with those of the stage being played
        playing = [s.stage.night_id for s in stages if not s.finished]
        missing[0].boards.load([*(s.stage.night_id for s in missing), *playing])
        fresh = {keys[s.number]: stage_result(s) for s in missing}
        cache.set_many(fresh, RESULT_SECONDS)
        kept.update(fresh)
    return [kept[keys[s.number]] if s.finished else stage_result(s) for s in stages]


def unknown_tournament() -> Http404:
    """What a page, a picture and the API answer for a tournament code nothing has (the API
    as `{"detail": sentence}`: games/api.py's unknown_code)."""
    return Http404(_("There is no tournament with this code; check the link you were given."))


def load_tournament(code: str) -> TournamentBoard | None:
    tournament = Tournament.objects.filter(code=code).first()
    return None if tournament is None else tournament_board(tournament)


def tournament_board(tournament: Tournament) -> TournamentBoard:
    """Everything about a tournament in six queries, however many stages and tables (the
    boards read when asked for: `Boards`)."""
    entrants = list(tournament.entrants.select_related("player"))
    stages = list(tournament.stages.select_related("night"))
    tables = list(
        Table.objects.filter(night__stage__tournament=tournament)
        .select_related("game")
        .order_by("night_id", "position")
    )
    rows: dict[int, list[Table]] = {s.night_id: [] for s in stages}
    for table in tables:
        rows[table.night_id].append(table)
    finished = {n for n, found in rows.items() if found and all(t.game.is_finished for t in found)}
    boards = Boards(rows, finished)
    return TournamentBoard(
        tournament=tournament,
        entrants=entrants,
        stages=[StageBoard(stage=s, rows=rows[s.night_id], boards=boards) for s in stages],
    )
