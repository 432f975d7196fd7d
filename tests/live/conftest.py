"""Shared pieces for the live-update tests: a game, a socket on it, a save through a
server (the makers are in tests/factories.py)."""

import json
import shutil
import time as _time
import urllib.request

import channels.layers
import pytest
from asgiref.testing import ApplicationCommunicator
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test.signals import template_rendered

from live import fanout
from tests.asgi import api_scope
from tests.conftest import require
from tests.factories import make_game, points, save_round
from tests.servers import RedisServer, running
from trainscore.asgi import application

SAME_ORIGIN = b"http://localhost"


EXPIRY = 3
"""Seconds the channel layer remembers a group member under `short_memory`; whole seconds
because channels_redis keeps whole-second stamps."""


@pytest.fixture
def own_redis():
    """A Redis of this test's own, which it may stop and start again (empty)."""
    require(
        shutil.which("redis-server") is not None,
        "redis-server is not installed",
        "REQUIRE_SERVICES",
    )
    with running(RedisServer()) as (redis,):
        yield redis


@pytest.fixture
def short_memory(monkeypatch):
    """A layer that forgets members after EXPIRY seconds, and feeds that renew after one."""
    monkeypatch.setattr(get_channel_layer(), "group_expiry", EXPIRY)
    monkeypatch.setattr(fanout, "REJOIN_EVERY", 1.0)


@pytest.fixture
def game(transactional_db):
    return make_game().game


@pytest.fixture
def board_renders():
    """Every real render of the board partial in this process (Django's test signal)."""
    renders = []

    def count(sender, template, context, **kwargs):
        if template.name == "games/board.html":
            renders.append(context)

    template_rendered.connect(count)
    yield renders
    template_rendered.disconnect(count)


def socket(
    code: str, origin: bytes = SAME_ORIGIN, language: str | None = None
) -> WebsocketCommunicator:
    """A screen's socket on game `code`; `language` is its browser's Accept-Language."""
    headers = [(b"origin", origin)]
    if language:
        headers.append((b"accept-language", language.encode()))
    return WebsocketCommunicator(application, f"/ws/games/{code}/", headers=headers)


save_round_async = database_sync_to_async(save_round)


async def watching(game) -> WebsocketCommunicator:
    """A screen on the game, past the snapshot it gets on connecting."""
    viewer = socket(game.code)
    assert (await viewer.connect())[0]
    await viewer.receive_from(timeout=10)
    return viewer


async def saving(
    game, key: str, app, number: int = 1, scores=(5, 0, 12), version: int = 1
) -> ApplicationCommunicator:
    """Round `number` (`scores`, engine 13 - number) on its way to `app` through the API,
    over `version`; the answer not read yet."""
    body = {
        "scores": await database_sync_to_async(points)(game, *scores),
        "engine": 13 - number,
        "version": version,
    }
    path = f"/api/games/{game.code}/rounds/{number}"
    save = ApplicationCommunicator(app, api_scope("PUT", path, key))
    await save.send_input({"type": "http.request", "body": json.dumps(body).encode()})
    return save


async def nothing_else_came(viewer: WebsocketCommunicator) -> bool:
    """Nothing more was sent to this socket: a ping now is answered by the very next
    message. (The server sends in order, so this waits for an answer instead of guessing
    how long "nothing" takes.)"""
    await viewer.send_json_to({"type": "ping"})
    return await viewer.receive_json_from(timeout=5) == {"type": "pong"}


class SteppedClock:
    """The clock the channel layer and the feeds read (channels.layers' `time.time`, the
    feeds' `time.monotonic`), moved on by `step` instead of waited out."""

    def __init__(self) -> None:
        self.offset = 0.0

    def time(self) -> float:
        return _time.time() + self.offset

    def monotonic(self) -> float:
        return _time.monotonic() + self.offset

    def step(self, seconds: float) -> None:
        self.offset += seconds


@pytest.fixture
def stepped_clock(monkeypatch) -> SteppedClock:
    clock = SteppedClock()
    monkeypatch.setattr(channels.layers, "time", clock)
    monkeypatch.setattr(fanout, "time", clock)
    return clock


async def group_members(group: str) -> set[str]:
    """The channels subscribed to a group, whichever channel layer is configured."""
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        return set(layer.groups.get(group, {}))
    connection = layer.connection(layer.consistent_hash(group))
    return {name.decode() for name in await connection.zrange(layer._group_key(group), 0, -1)}


def api_save(base_url: str, game, key: str, number: int, values: list[int], engine, version: int):
    """Save a round over HTTP through a running server, as a script with the key would."""
    body = {"scores": points(game, *values), "engine": engine, "version": version}
    return api_put_round(base_url, game.code, key, number, body)


def api_put_round(base_url: str, code: str, key: str, number: int, body: dict) -> dict:
    """PUT /api/games/<code>/rounds/<number> with the scorekeeper key; the answer's snapshot."""
    request = urllib.request.Request(
        f"{base_url}/api/games/{code}/rounds/{number}",
        data=json.dumps(body).encode(),
        method="PUT",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)
