"""Shared pieces for the live-update tests: a game, a socket on it, a save."""

import inspect
import json
import urllib.request

import pytest
from asgiref.sync import SyncToAsync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import connections

from games.scorekeeping import Actor, record_round
from games.starting import start_game
from players.models import Player
from trainscore.asgi import application

KEEPER = Actor(by="scorekeeper key")
SAME_ORIGIN = b"http://localhost"


def make_game(names=("Ann", "Bob", "Cy"), ruleset="oll", variant="full"):
    players = [Player.objects.create(name=name) for name in names]
    return start_game(ruleset=ruleset, variant=variant, players=players)


@pytest.fixture(autouse=True)
def close_socket_thread_connections(request):
    """Async tests reach the database from asgiref's worker thread; close its
    connections afterwards so PostgreSQL can drop the test database."""
    yield
    if inspect.iscoroutinefunction(request.function):
        SyncToAsync.single_thread_executor.submit(connections.close_all).result()


@pytest.fixture
def game(transactional_db):
    return make_game().game


def socket(code: str, origin: bytes = SAME_ORIGIN) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/games/{code}/", headers=[(b"origin", origin)])


def save_round(game, number: int, points: list[int], engine: int | None = None):
    """Save a round through the real service, as the scorekeeper's Save does."""
    game.refresh_from_db()
    ids = [seat.player_id for seat in game.seats.all()]
    if engine is None:
        engine = game.table(len(ids)).schedule[number - 1]
    return record_round(
        game=game,
        number=number,
        scores={str(pid): p for pid, p in zip(ids, points, strict=True)},
        engine=engine,
        version=game.version,
        actor=KEEPER,
    )


save_round_async = database_sync_to_async(save_round)


async def group_members(group: str) -> set[str]:
    """The channels subscribed to a group, whichever channel layer is configured."""
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        return set(layer.groups.get(group, {}))
    connection = layer.connection(layer.consistent_hash(group))
    return {name.decode() for name in await connection.zrange(layer._group_key(group), 0, -1)}


def api_save(base_url: str, game, key: str, number: int, points: list[int], engine, version: int):
    """Save a round over HTTP through a running server, as a script with the key would."""
    ids = [seat.player_id for seat in game.seats.all()]
    body = {
        "scores": {str(pid): p for pid, p in zip(ids, points, strict=True)},
        "engine": engine,
        "version": version,
    }
    request = urllib.request.Request(
        f"{base_url}/api/games/{game.code}/rounds/{number}",
        data=json.dumps(body).encode(),
        method="PUT",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)
