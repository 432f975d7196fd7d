"""Send a game's new state to everyone watching it.

Called after commit. The board is rendered and the snapshot encoded once per
change; every subscriber gets those same bytes.
"""

import json

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

from games.models import Game
from games.snapshot import load_board, snapshot


def group_name(code: str) -> str:
    return f"game.{code}"


def message_for(game: Game) -> str:
    """The websocket message for a game's current state: snapshot plus rendered board."""
    board = load_board(game)
    data = snapshot(board)
    data["html"] = render_to_string("games/board.html", {"board": board})
    return json.dumps(data, separators=(",", ":"))


def game_changed(code: str) -> None:
    game = Game.objects.get(code=code)
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        group_name(code), {"type": "game.message", "text": message_for(game)}
    )
