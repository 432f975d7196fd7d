"""Send a game's new state to everyone watching it.

`announced` listens to games' one hook, the `game_changed` signal
(games/announcements.py, connected in live/apps.py), which fires after the change is
committed, so a rolled-back change sends nothing; `send_board` sends. Per change the board
is rendered once per language in use and the message encoded once (on the board the change
built, which the save's own answer shares); every subscriber gets that text.

Delivery does not hold up the scorekeeper's answer: inside a request the render and the
send wait until the answer is out (core/after_response.py), and `group_send` only hands
the message to the channel layer. The in-memory layer puts it on each subscriber's
queue without waiting for anyone to read it. channels_redis pushes it to Redis
with one script per daphne process that has viewers: the channels of one
process share a Redis key, so it serialises the message once per process, not
once per viewer, and each process then fans it out to its own sockets.
"""

import contextvars
import logging
from collections.abc import Awaitable, Callable
from contextlib import contextmanager
from functools import partial

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.utils import translation

from core import after_response, outages
from games.models import Game
from games.snapshot import Board, load_board
from live import languages

log = logging.getLogger(__name__)


def group_name(code: str) -> str:
    return f"game.{code}"


def message_for(game: Game) -> str:
    """The websocket message for a game's current state: snapshot plus rendered board."""
    return load_board(game).message


_held = contextvars.ContextVar("broadcast_held", default=False)


@contextmanager
def held():
    """Send nothing for changes committed inside: bulk writes to games nobody can be
    watching yet (a score-sheet import makes new games, so no viewer has their codes), or
    changes made where no screen listens (a browser test's own: tests/conftest.py)."""
    token = _held.set(True)
    try:
        yield
    finally:
        _held.reset(token)


def announced(sender, *, code: str, board: Board | None = None, **_) -> None:
    """The listener of games.announcements.game_changed."""
    send_board(code, board)


def send_board(code: str, board: Board | None = None) -> None:
    """Push the game's state to its group; called after the change is committed.

    The message is drawn in each language the game's screens read (and only those:
    live/languages.py), from the board the change built, once the request's answer is
    out (core/after_response.py): the scorekeeper's answer does not wait for a render
    only the screens need. Drawing a board reads nothing from the database, so it runs
    on the event loop, just before the hand-over to the layer. A board drawn already
    in a language (the form's answer, in the scorekeeper's) is reused."""
    if _held.get():
        return
    read = languages.in_use(code)
    if board is None and read:
        game = Game.objects.filter(code=code).first()
        if game is None:
            return
        board = load_board(game)
    drawn = partial(_drawn, board, read)
    _after_the_answer(partial(_send, group_name(code), drawn, f"game {code}"))


def _drawn(board: Board | None, read: list[str]) -> dict:
    """The change's message: its board drawn in each language in `read`."""
    texts = {}
    for language in read:
        with translation.override(language):
            texts[language] = board.message
    return {"type": "game.message", "texts": texts}


def send(group: str, message: dict, what: str) -> None:
    """Hand `message` to every process's subscribers of `group`: once the current
    request is answered, or at once outside a request. `what` names it in the log."""
    if _held.get():
        return
    _after_the_answer(partial(_send, group, lambda: message, what))


def _after_the_answer(work: Callable[[], Awaitable[None]]) -> None:
    """Run `work` once the current request is answered, or at once outside a request;
    after every broadcast this process's earlier requests asked for, so screens get the
    changes in the order they were made."""
    if not after_response.later(work, in_order=True):
        async_to_sync(work)()


async def _send(group: str, message: Callable[[], dict], what: str) -> None:
    try:
        await get_channel_layer().group_send(group, message())
    except outages.REDIS_AWAY as exc:
        # The change is saved; the screens catch up once the layer is back (live/fanout.py).
        # Failing the scorekeeper's request here would report a save as lost.
        outages.redis.failed(exc)
    except Exception:
        log.exception("Could not broadcast %s", what)
