"""A night's state: every table's board read in a fixed number of queries, and the night
snapshot the API answers and the night socket's first message carries."""

from dataclasses import dataclass

from games.models import Game
from games.snapshot import Board, load_boards, snapshot
from nights.models import Night, Table


@dataclass(frozen=True)
class TableBoard:
    """One table of a night (a tournament's stage too) and its game's board, as the API,
    the pages and the tournament read it."""

    table: Table
    board: Board
    links: dict | None = None
    """On a staff member's page: the table's links (games.links.share_links), its
    scorekeeper link while this browser still knows the key."""

    @property
    def game(self) -> Game:
        return self.board.game

    @property
    def label(self) -> str:
        return self.table.label

    @property
    def board_id(self) -> str:
        return f"board-{self.game.code}"

    @property
    def finished(self) -> bool:
        return self.game.is_finished

    @property
    def seated(self) -> list[int]:
        """Player ids in seat order."""
        return [s.player.id for s in self.board.standings]


@dataclass
class NightBoard:
    night: Night
    tables: list[TableBoard]

    @property
    def status(self) -> str:
        """Finished when every table's game is: ending the night ends nothing by itself."""
        done = self.tables and all(t.finished for t in self.tables)
        return Game.Status.FINISHED if done else Game.Status.IN_PROGRESS


def load_night(code: str) -> NightBoard | None:
    """The night with this code and all its tables' boards (five queries), or None."""
    night = Night.objects.filter(code=code).first()
    return None if night is None else night_board(night)


def night_board(night: Night) -> NightBoard:
    tables = list(night.tables.select_related("game"))
    boards = load_boards([table.game for table in tables])
    return NightBoard(
        night=night,
        tables=[TableBoard(table=t, board=b) for t, b in zip(tables, boards, strict=True)],
    )


def night_snapshot(night: NightBoard) -> dict:
    """The API answer: the night and each table's game snapshot (without "html")."""
    return {
        "code": night.night.code,
        "name": night.night.name,
        "date": night.night.date.isoformat(),
        "status": str(night.status),
        "tables": [{"label": t.label, "game": snapshot(t.board)} for t in night.tables],
    }
