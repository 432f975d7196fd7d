"""Shared pieces for the night tests: players to seat, a night started for them, and a
socket on the night."""

from channels.testing import WebsocketCommunicator

from nights.starting import start_night
from players.models import Player
from tests.live.conftest import SAME_ORIGIN, board_renders, short_memory  # noqa: F401 (fixtures)
from trainscore.asgi import application


def register(count: int, prefix: str = "P") -> list[Player]:
    return [Player.objects.create(name=f"{prefix}{n}") for n in range(1, count + 1)]


def make_night(players=11, ruleset="mexican-train", variant=None, **options):
    """A night for `players` new players (or the players given), seated for you unless
    `seating` says who sits where."""
    if isinstance(players, int):
        players = register(players)
    return start_night(
        name="Tuesday club", ruleset=ruleset, variant=variant, players=players, **options
    )


def seats(table) -> list[str]:
    """Who sits at a table (a nights Table), in seat order."""
    return [s.player.name for s in table.game.seats.select_related("player")]


def night_socket(code: str, origin: bytes = SAME_ORIGIN) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/nights/{code}/", headers=[(b"origin", origin)])
