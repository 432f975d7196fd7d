"""Redis restarting under a running server (an upgrade, a crash): the scorekeeper's save
is still answered and kept, and once Redis is back every open screen gets the board it
missed, on the socket it already has, and the saves after it as usual (a Redis that
comes back empty has forgotten who was listening)."""

import asyncio
import json
import shutil

import pytest
from websockets.asyncio.client import ClientConnection, connect

from tests.conftest import require
from tests.factories import make_game, points
from tests.live.conftest import api_put_round
from tests.servers import Daphne, RedisServer, running

WAIT = 15  # seconds: the server tries the layer again every second


@pytest.fixture
def own_redis():
    require(
        shutil.which("redis-server") is not None,
        "redis-server is not installed",
        "REQUIRE_SERVICES",
    )
    with running(RedisServer()) as (redis,):
        yield redis


async def next_board(screen: ClientConnection) -> dict:
    return json.loads(await asyncio.wait_for(screen.recv(), WAIT))


def test_a_screen_gets_what_it_missed_once_redis_is_back(own_redis, transactional_db):
    started = make_game(names=("Ann", "Bob"), ruleset="mexican-train", variant=None)
    game, key = started.game, started.key
    first = {"scores": points(game, 0, 12), "engine": 12, "version": 1}
    second = {"scores": points(game, 5, 0), "engine": 11, "version": 2}

    async def follow(server: Daphne) -> None:
        async with connect(f"{server.ws_url}/ws/games/{game.code}/", origin=server.url) as screen:
            assert (await next_board(screen))["version"] == 1

            own_redis.stop()
            answer = await asyncio.to_thread(api_put_round, server.url, game.code, key, 1, first)
            assert answer["version"] == 2, "the save is answered while Redis is away"

            own_redis.start()  # empty, on the same port
            missed = await next_board(screen)
            assert missed["version"] == 2
            assert [player["total"] for player in missed["players"]] == [0, 12]

            answer = await asyncio.to_thread(api_put_round, server.url, game.code, key, 2, second)
            latest = await next_board(screen)
            assert latest["version"] == answer["version"] == 3
            assert [player["total"] for player in latest["players"]] == [5, 12]

    with running(Daphne(env={"REDIS_URL": own_redis.redis_url})) as (server,):
        asyncio.run(follow(server))
        assert "The channel layer answers again" in server.output()
