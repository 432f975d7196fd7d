"""Redis away while the scorekeeper saves several times a second and a screen watches:
the server's log says it twice, once when Redis stops answering and once when it is back,
not a warning (or a traceback) per save; every save is answered, and the screen catches
up."""

import asyncio
import itertools
import json
import time

import pytest
from websockets.asyncio.client import connect

from tests.factories import make_game, points
from tests.live.conftest import api_put_round
from tests.servers import Daphne, running, until

pytestmark = pytest.mark.services

SAVES_EVERY = 0.2  # seconds: five saves a second, as the operator's trial
SAVES_WHILE_AWAY = 5  # each fails to reach Redis: one warning for them all, not five


def test_a_redis_outage_is_logged_once_when_it_goes_and_once_when_it_is_back(
    own_redis, transactional_db
):
    new = make_game(names=("Ann", "Bob"), ruleset="mexican-train", variant=None)
    # Round 1 corrected back and forth: every save is a change, however many there are.
    bodies = itertools.cycle([points(new.game, 0, 12), points(new.game, 5, 0)])
    answered, answered_at = [], []
    away = []  # when Redis stopped, when it started again

    def save() -> None:
        version = answered[-1]["version"] if answered else 1
        body = {"scores": next(bodies), "engine": 12, "version": version}
        answered.append(api_put_round(server.url, new.game.code, new.key, 1, body))
        answered_at.append(time.monotonic())

    def answered_since(moment: float) -> int:
        return sum(at > moment for at in answered_at)

    async def waiting(condition, what: str) -> None:
        await asyncio.to_thread(until, condition, what, 30)

    async def saving(stop: asyncio.Event) -> None:
        while not stop.is_set():
            await asyncio.to_thread(save)
            await asyncio.sleep(SAVES_EVERY)

    async def outage() -> int:
        async with connect(
            f"{server.ws_url}/ws/games/{new.game.code}/", origin=server.url
        ) as screen:
            await screen.recv()  # the board as it stands
            stop = asyncio.Event()
            saves = asyncio.create_task(saving(stop))
            await waiting(lambda: len(answered) >= 3, "three saves answered")
            own_redis.stop()
            away.append(time.monotonic())
            await waiting(
                lambda: answered_since(away[0]) >= SAVES_WHILE_AWAY,
                f"{SAVES_WHILE_AWAY} saves answered while Redis was away",
            )
            own_redis.start()  # empty, on the same port
            away.append(time.monotonic())
            await waiting(
                lambda: "Redis answers again" in server.output() and answered_since(away[1]) >= 3,
                "the log saying Redis is back, and three saves answered since",
            )
            stop.set()
            await saves
            latest = answered[-1]["version"]
            while json.loads(await asyncio.wait_for(screen.recv(), 15))["version"] < latest:
                pass  # the screen gets what it missed, then the saves after
            return latest

    with running(Daphne(env={"REDIS_URL": own_redis.redis_url})) as (server,):
        mark = len(server.output())
        latest = asyncio.run(outage())
        logged = server.logged_since(mark)

    assert latest == len(answered) + 1, "every save was answered as a change"
    assert len(logged) == 2, logged
    assert "WARNING core.outages: Redis is not answering (" in logged[0]
    assert "WARNING core.outages: Redis answers again, after " in logged[1]
