"""A game as a spreadsheet: `/games/<code>/export.csv`, readable by anyone with the code."""

import csv
from collections.abc import Iterator

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from games.models import Game
from games.snapshot import Board, load_board
from sheets.cells import guarded


def export_csv(request: HttpRequest, code: str) -> HttpResponse:
    game = get_object_or_404(Game, code=code)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename(game)}"'
    csv.writer(response).writerows(rows(load_board(game)))
    return response


def filename(game: Game) -> str:
    return f"trainscore-{game.ruleset}-{game.created:%Y-%m-%d}-{game.code}.csv"


def rows(board: Board) -> Iterator[list]:
    """Header, one line per round (blank where a value is missing), then the totals."""
    yield ["round", "engine", *(guarded(s.player.name) for s in board.standings)]
    for row in board.rows:
        yield [row.number, _blank(row.engine), *(_blank(points) for points in row.points)]
    yield ["total", "", *(s.total for s in board.standings)]


def _blank(value: int | None) -> int | str:
    return "" if value is None else value
