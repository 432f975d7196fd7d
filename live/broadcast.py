"""Send a game's new state to everyone watching it.

The save service calls `game_changed` through `transaction.on_commit`, so a
rolled-back change sends nothing. Per change the board is rendered once and the
message encoded once; every subscriber gets that same text.

Delivery does not hold up the scorekeeper's answer: inside a request the send waits
until the answer is out (live/after_response.py), and `group_send` only hands the
message to the channel layer. The in-memory layer puts it on each subscriber's
queue without waiting for anyone to read it. channels_redis pushes it to Redis
with one script per daphne process that has viewers: the channels of one
process share a Redis key, so it serialises the message once per process, not
once per viewer, and each process then fans it out to its own sockets.
"""

import asyncio
import contextvars
import json
import logging
from contextlib import contextmanager
from functools import partial

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

from games.models import Game
from games.snapshot import load_board, snapshot
from live import after_response

log = logging.getLogger(__name__)


def group_name(code: str) -> str:
    return f"game.{code}"


def message_for(game: Game) -> str:
    """The websocket message for a game's current state: snapshot plus rendered board."""
    board = load_board(game)
    data = snapshot(board)
    data["html"] = render_to_string("games/board.html", {"board": board}).strip()
    return json.dumps(data, separators=(",", ":"))


_held = contextvars.ContextVar("broadcast_held", default=False)


@contextmanager
def held():
    """Send nothing for changes committed inside: bulk writes to games nobody can be
    watching yet (a score-sheet import makes new games, so no viewer has their codes)."""
    token = _held.set(True)
    try:
        yield
    finally:
        _held.reset(token)


def game_changed(code: str) -> None:
    """Push the game's state to its group; called after the change is committed.

    The message is rendered at once, while the request still holds the game, and sent
    once the request's answer is out (live/after_response.py)."""
    if _held.get() or not _can_send(f"game {code}"):
        return
    game = Game.objects.filter(code=code).first()
    if game is None:
        return
    message = {"type": "game.message", "text": message_for(game)}
    _send_later(group_name(game.code), message, f"game {game.code} version {game.version}")


def night_group(code: str) -> str:
    return f"night.{code}"


def night_changed(code: str) -> None:
    """Tell every process following the night to read its tables again (a table was
    added); called after the change is committed. The tables' boards are not rendered
    here: each game's own change carries its board."""
    if _can_send(f"night {code}"):
        _send_later(night_group(code), {"type": "night.changed"}, f"night {code}")


def _can_send(what: str) -> bool:
    if _loop_running():
        # Only test code gets here (a sync save from Playwright's thread); a server
        # calls this from a worker thread. async_to_sync cannot run in that thread.
        log.warning("Not broadcasting %s: called from inside an event loop", what)
        return False
    return True


def _send_later(group: str, message: dict, what: str) -> None:
    send = partial(_send, group, message, what)
    if not after_response.later(send):
        async_to_sync(send)()


async def _send(group: str, message: dict, what: str) -> None:
    try:
        await get_channel_layer().group_send(group, message)
    except Exception:
        # The change is saved; viewers catch up when they reconnect or poll.
        # Failing the scorekeeper's request here would report a save as lost.
        log.exception("Could not broadcast %s", what)


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
