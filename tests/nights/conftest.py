"""Shared pieces for the night tests: who sits at a table, and a socket on the night
(the makers are in tests/factories.py)."""

from channels.testing import WebsocketCommunicator

from tests.live.conftest import (  # noqa: F401 (fixtures)
    SAME_ORIGIN,
    board_renders,
    short_memory,
    stepped_clock,
)
from trainscore.asgi import application


def seats(table) -> list[str]:
    """Who sits at a table (a nights Table), in seat order."""
    return [s.player.name for s in table.game.seats.select_related("player")]


def night_socket(code: str, origin: bytes = SAME_ORIGIN) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/nights/{code}/", headers=[(b"origin", origin)])
