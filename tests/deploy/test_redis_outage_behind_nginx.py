"""Redis stopped for 10 s behind the deploy/ nginx site and two daphne processes, while
screens open and close: no request is answered 500 and nothing logs a traceback. A screen
opened meanwhile is told to try again later (close 4503) and tries again as its page does;
once Redis is back every screen is live within 2 s, and each process has logged two lines,
one when the layer went and one when it came back."""

import asyncio
import json
import time

import pytest
from websockets.asyncio.client import ClientConnection

from live.consumers import TRY_AGAIN_LATER
from tests.deploy.screens import Screen
from tests.deploy.units import DeployedDaphne
from tests.factories import make_game, points
from tests.games.database_outage import Browserless
from tests.servers import running

pytestmark = pytest.mark.services

AWAY_SECONDS = 10
KEPT = 4  # screens open before Redis stops
CLOSED = 2  # of those, closed while it is away
NEW = 10  # screens opened while it is away, one every OPEN_EVERY
OPEN_EVERY = 0.5  # seconds
LIVE_WITHIN = 2  # seconds after Redis's return


async def next_version(socket: ClientConnection) -> int:
    return json.loads(await asyncio.wait_for(socket.recv(), 15))["version"]


def test_screens_open_and_close_through_a_redis_outage_behind_nginx(
    own_redis, nginx, transactional_db
):
    new = make_game(names=("Ann", "Bob"), ruleset="mexican-train", variant=None)
    code, key = new.game.code, new.key
    rounds = [
        {"scores": points(new.game, 0, 12), "engine": 12, "version": 1},
        {"scores": points(new.game, 5, 0), "engine": 11, "version": 2},
    ]
    back = {}

    async def scenario(proxy) -> tuple[list[Screen], list[tuple[float, int]]]:
        client = Browserless(proxy.url)
        path = f"/ws/games/{code}/"
        kept = [Screen(proxy.ws_url + path, proxy.url) for _ in range(KEPT)]
        kept_sockets = [await screen.open() for screen in kept]

        own_redis.stop()
        saved = await asyncio.to_thread(client.put_round, code, key, 1, rounds[0])
        assert saved.status == 200, "a save is answered while Redis is away"
        opened = []
        for n in range(NEW):
            page = await asyncio.to_thread(client.request, f"/games/{code}/screen/")
            assert page.status == 200, "a screen's page opens while Redis is away"
            screen = Screen(proxy.ws_url + path, proxy.url)
            opened.append((screen, asyncio.create_task(screen.open())))
            if n < CLOSED:
                await kept_sockets[n].close()
            await asyncio.sleep(OPEN_EVERY)
        await asyncio.sleep(AWAY_SECONDS - NEW * OPEN_EVERY)
        own_redis.start()  # empty, on the same port
        back["at"] = time.monotonic()

        # The screens kept open get the board saved meanwhile; the new ones their first.
        caught_up = []
        for socket in kept_sockets[CLOSED:]:
            caught_up.append((await next_version(socket), time.monotonic()))
        screens = [screen for screen, _ in opened]
        sockets = [await task for _, task in opened] + kept_sockets[CLOSED:]

        # And every one of them is live: the next save reaches them all.
        latest = await asyncio.to_thread(client.put_round, code, key, 2, rounds[1])
        assert latest.status == 200
        for socket in sockets:
            assert await next_version(socket) == latest.json()["version"]
            await socket.close()
        return screens, caught_up

    processes = [DeployedDaphne(env={"REDIS_URL": own_redis.redis_url}) for _ in range(2)]
    with running(*processes):
        proxy = nginx([process.port for process in processes])
        marks = [len(process.output()) for process in processes]
        screens, caught_up = asyncio.run(scenario(proxy))
        logged = [
            process.logged_since(mark) for process, mark in zip(processes, marks, strict=True)
        ]

    for screen in screens:
        assert {code for code, _ in screen.refusals} == {TRY_AGAIN_LATER}, screen.refusals
        assert screen.version == 2, "the board as saved while Redis was away"
        assert screen.board_at - back["at"] < LIVE_WITHIN
    for version, at in caught_up:
        assert version == 2
        assert at - back["at"] < LIVE_WITHIN

    assert not [r for r in proxy.requests() if r.status >= 500], "no 500, no 502"
    for lines in logged:
        assert len(lines) == 2, lines
        assert "WARNING core.outages: Redis is not answering (" in lines[0]
        assert "WARNING core.outages: Redis answers again, after " in lines[1]
