"""The big screen: a game's board for a TV across the room, and the bare board
that live.js fetches when it has to poll instead of listen.

Both are read-only and need nothing but the game's code.
"""

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from core.site import absolute_url
from games import qr
from games.models import Game
from games.snapshot import Board, load_board


@dataclass(frozen=True)
class Now:
    """The round being played and the double it starts from, as far as the rules say."""

    number: int | None
    """None once every planned round is saved."""
    planned: int | None
    engine: int | None
    note: str


def now_playing(board: Board) -> Now:
    table = board.table
    number = board.next_round
    return Now(
        number=number,
        planned=table.rounds,
        engine=None if number is None else table.planned_engine(number),
        note=table.engine_rule.note,
    )


def share_url(request: HttpRequest, game: Game) -> str:
    return absolute_url(request, reverse("games:board", args=[game.code]))


@require_safe
def screen(request: HttpRequest, code: str) -> HttpResponse:
    game = get_object_or_404(Game, code=code)
    board = load_board(game)
    link = share_url(request, game)
    return render(
        request,
        "games/screen.html",
        {
            "game": game,
            "board": board,
            # Rows the grid needs: the rounds so far (or the "no scores yet" line), two totals.
            "rows": max(len(board.rounds), 1) + 2,
            "share_url": link,
            "share_text": link.split("://", 1)[-1],
            "qr": qr.svg(link, label=_("QR code for this scoreboard: %(link)s") % {"link": link}),
        },
    )


@require_safe
@never_cache
def board_fragment(request: HttpRequest, code: str) -> HttpResponse:
    """Just the board partial, for a page that lost its socket and polls."""
    game = get_object_or_404(Game, code=code)
    return HttpResponse(render_to_string("games/board.html", {"board": load_board(game)}).strip())
