"""Redis restarting under a running server (an upgrade, a crash): the scorekeeper's save
is still answered and kept, and once Redis is back every open screen, a game's or a
night's wall, gets the board it missed, on the socket it already has, and the saves after
it as usual (a Redis that comes back empty has forgotten who was listening)."""

import asyncio
import json

from django.db import connection
from websockets.asyncio.client import ClientConnection, connect

from nights.starting import add_table
from tests.factories import make_game, night_of_sizes, points, register
from tests.live.conftest import api_put_round
from tests.servers import Daphne, RedisServer, running

WAIT = 15  # seconds: the server tries the layer again every second


async def next_message(screen: ClientConnection) -> dict:
    return json.loads(await asyncio.wait_for(screen.recv(), WAIT))


def through_a_restart(
    redis: RedisServer, game, key: str, path: str, next_board, while_away=lambda: None
) -> None:
    """Open `path`'s socket on a server of that Redis; save round 1 while Redis is away
    (and do `while_away()`, in a thread) and round 2 once it is back. `next_board(socket)`
    is the next board the screen is given."""
    first = {"scores": points(game, 0, 12), "engine": 12, "version": 1}
    second = {"scores": points(game, 5, 0), "engine": 11, "version": 2}

    async def follow(server: Daphne) -> None:
        async with connect(f"{server.ws_url}{path}", origin=server.url) as screen:
            await next_message(screen)  # what the screen shows on connecting

            redis.stop()
            answer = await asyncio.to_thread(api_put_round, server.url, game.code, key, 1, first)
            assert answer["version"] == 2, "the save is answered while Redis is away"
            await asyncio.to_thread(while_away)

            redis.start()  # empty, on the same port
            missed = await next_board(screen)
            assert missed["version"] == 2
            assert [player["total"] for player in missed["players"]] == [0, 12]

            answer = await asyncio.to_thread(api_put_round, server.url, game.code, key, 2, second)
            latest = await next_board(screen)
            assert latest["version"] == answer["version"] == 3
            assert [player["total"] for player in latest["players"]] == [5, 12]

    with running(Daphne(env={"REDIS_URL": redis.redis_url})) as (server,):
        asyncio.run(follow(server))
        assert "Redis answers again, after" in server.output()


def test_a_games_screen_gets_what_it_missed_once_redis_is_back(own_redis, transactional_db):
    new = make_game(names=("Ann", "Bob"), ruleset="mexican-train", variant=None)
    through_a_restart(own_redis, new.game, new.key, f"/ws/games/{new.game.code}/", next_message)


def test_a_nights_wall_gets_what_it_missed_once_redis_is_back(own_redis, transactional_db):
    new = night_of_sizes(2, 2)
    table = new.tables[1]
    nights = []  # the "night" messages after connecting

    def late_arrivals() -> None:
        try:
            add_table(night=new.night, players=register("Lea", "Max"))
        finally:
            connection.close()  # this thread's own

    async def next_table(wall: ClientConnection) -> dict:
        """That table's game as the wall is next told it: in a "table" message, or in the
        night as it stands (the page then fetches the newer board, as on reconnecting)."""
        while True:
            message = await next_message(wall)
            if message["type"] == "table":
                games = [message["game"]]
            else:
                nights.append(message)
                games = [table["game"] for table in message["tables"]]
            for game in games:
                if game["code"] == table.game.code:
                    return game

    path = f"/ws/nights/{new.night.code}/"
    through_a_restart(own_redis, table.game, table.key, path, next_table, late_arrivals)
    assert nights, "once Redis is back the wall is told the night as it stands"
    labels = [table["label"] for table in nights[0]["tables"]]
    assert labels == ["Table 1", "Table 2", "Table 3"], "with the table added meanwhile"
