"""What the big screen's side panel says, worked out from a board (no queries)."""

from django import template

from games.screen import Now, now_playing
from games.snapshot import Board, Standing

register = template.Library()


@register.filter
def round_now(board: Board) -> Now:
    return now_playing(board)


@register.filter
def winners(board: Board) -> list[Standing]:
    return [s for s in board.standings if s.won]
