"""Behind nginx, two daphne processes share one game; losing one loses nothing.

The production shape on loopback: the project's nginx site in front of two daphne
processes on the test database and Redis. Viewers and the scorekeeper's saves go
through nginx only; then one process is killed mid-game.
"""

import asyncio
import json
import time
import urllib.error
import urllib.request

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from games.models import Game
from games.snapshot import load_board, snapshot
from tests.factories import make_game
from tests.servers import Daphne, start_together

VIEWERS = 4
TIMEOUT = 10
ROUNDS = {  # round number -> (engine, points by seat): the OLL "even" schedule
    1: (12, [0, 15, 32]),
    2: (10, [21, 0, 6]),
    3: (8, [4, 11, 0]),
    4: (6, [0, 9, 13]),
}


class Viewer:
    """A board following the game through nginx, reconnecting the way live.js does."""

    def __init__(self, url: str, origin: str):
        self.url = url
        self.origin = origin
        self.socket: ClientConnection | None = None

    async def open(self) -> dict:
        """Connect; the server answers with the snapshot at once."""
        self.socket = await connect(self.url, origin=self.origin, open_timeout=TIMEOUT)
        return await self.next()

    async def next(self) -> dict:
        return json.loads(await asyncio.wait_for(self.socket.recv(), TIMEOUT))

    async def dropped_within(self, seconds: float) -> bool:
        try:
            await asyncio.wait_for(self.socket.wait_closed(), seconds)
        except TimeoutError:
            return False
        return True

    async def reconnect(self) -> dict:
        # live.js: jittered back-off from half a second; nginx picks a live process.
        for attempt in range(8):
            await asyncio.sleep(0.25 * 2**attempt)
            try:
                return await self.open()
            except (OSError, ConnectionClosed, TimeoutError) as exc:
                last = exc
        raise AssertionError(f"the viewer could not reconnect through nginx: {last}")

    async def close(self) -> None:
        if self.socket:
            await self.socket.close()


def request(method: str, url: str, body: dict | None = None, key: str | None = None):
    data = json.dumps(body).encode() if body is not None else None
    call = urllib.request.Request(url, data=data, method=method)
    call.add_header("Content-Type", "application/json")
    if key:
        call.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(call, timeout=TIMEOUT) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def save(base: str, code: str, key: str, number: int, seat_ids: list[int], version: int):
    engine, points = ROUNDS[number]
    body = {
        "scores": {str(pid): p for pid, p in zip(seat_ids, points, strict=True)},
        "engine": engine,
        "version": version,
    }
    url = f"{base}/api/games/{code}/rounds/{number}"
    status, answer = await asyncio.to_thread(request, "PUT", url, body, key)
    assert status == 200, f"the save of round {number} through nginx answered {status}: {answer}"
    return answer


def totals_after(last_round: int) -> list[int]:
    return [sum(ROUNDS[n][1][seat] for n in range(1, last_round + 1)) for seat in range(3)]


async def follow_a_game_night(proxy, processes, code: str, key: str, seat_ids: list[int]):
    origin = proxy.url  # the page's own origin: the socket's Origin matches its Host
    viewers = [Viewer(f"{proxy.ws_url}/ws/games/{code}/", origin) for _ in range(VIEWERS)]
    for viewer in viewers:
        assert (await viewer.open())["version"] == 1

    # Saves go through nginx, to whichever process; every viewer gets every update.
    version = 1
    for number in (1, 2):
        answer = await save(proxy.url, code, key, number, seat_ids, version)
        version = answer["version"]
        for viewer in viewers:
            update = await viewer.next()
            assert update["version"] == version
            assert [p["total"] for p in update["players"]] == totals_after(number)

    # One process dies. Its viewers' sockets drop; the others' stay open.
    processes[0].kill()
    dropped = await asyncio.gather(*(viewer.dropped_within(3) for viewer in viewers))
    assert 0 < sum(dropped) < VIEWERS, f"viewers were not spread over both processes: {dropped}"

    # The scorekeeper saves at once, through nginx: the surviving process takes it.
    answer = await save(proxy.url, code, key, 3, seat_ids, version)
    version = answer["version"]
    for viewer, was_dropped in zip(viewers, dropped, strict=True):
        # A dropped viewer reconnects and is sent the latest board; a kept one is pushed it.
        board = await (viewer.reconnect() if was_dropped else viewer.next())
        assert board["version"] == version
        assert [p["total"] for p in board["players"]] == totals_after(3)
        assert f'data-version="{version}"' in board["html"]

    answer = await save(proxy.url, code, key, 4, seat_ids, version)
    for viewer in viewers:
        assert (await viewer.next())["version"] == answer["version"]
    for viewer in viewers:
        await viewer.close()

    status, latest = await asyncio.to_thread(request, "GET", f"{proxy.url}/api/games/{code}")
    assert status == 200
    return latest


def test_it_serves_one_game_from_two_processes_and_survives_losing_one(
    nginx, redis, transactional_db
):
    new = make_game(ruleset="oll", variant="even")
    seat_ids = [seat.player_id for seat in new.game.seats.all()]
    processes = [Daphne(env={"REDIS_URL": redis}) for _ in range(2)]
    try:
        start_together(*processes)
        proxy = nginx([process.port for process in processes])
        status, health = request("GET", proxy.url + "/healthz")
        assert (status, health) == (200, {"database": "ok", "channel_layer": "ok"})

        night = follow_a_game_night(proxy, processes, new.game.code, new.key, seat_ids)
        latest = asyncio.run(night)

        # Both processes had served websockets (nginx logs each when it closes).
        deadline = time.monotonic() + 5
        while len(proxy.served_by("/ws/games/")) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert proxy.served_by("/ws/games/") == {f"127.0.0.1:{p.port}" for p in processes}
    finally:
        for process in processes:
            process.stop()

    # No save was lost: every round is in the answer and in the database.
    saved = snapshot(load_board(Game.objects.get(pk=new.game.pk)))
    assert saved == latest
    assert saved["version"] == 5
    assert [r["number"] for r in saved["rounds"]] == [1, 2, 3, 4]
    assert [p["total"] for p in saved["players"]] == totals_after(4)
