"""PostgreSQL stopped for 10 s behind the deploy/ nginx site and two daphne processes run as
deploy/trainscore@.service runs them, while four scorekeepers save (five saves a second in
all) and ten screens connect 2 s into the outage.

No save is answered 502: each one refused is answered 503 with Retry-After within the
pool's timeout (DATABASE_POOL_TIMEOUT), and sent again it is saved once. Each screen is
told to try again later (close 4503) at once, tries again as its page does, and has the
board within 3 s of PostgreSQL's return. Each process logs the outage twice: when it stops
answering, within a second, and when it answers again, with the outage's length.
"""

import asyncio
import time
from dataclasses import dataclass, field

import pytest

from live.consumers import HANDSHAKE_SECONDS, TRY_AGAIN_LATER
from tests.deploy.screens import Screen
from tests.deploy.units import DeployedDaphne
from tests.factories import make_game
from tests.games.database_outage import (
    Browserless,
    copy_into,
    logged_at,
    on_postgresql,
    outage_length,
)
from tests.servers import running

pytestmark = [pytest.mark.services, on_postgresql]

GAMES = 4
SAVE_EVERY = 0.8  # seconds, each scorekeeper: five saves a second in all, as the operator's trial
AWAY_SECONDS = 10
SCREENS = 10
POOL_TIMEOUT = 6
"""Seconds a request waits for the database before its 503 (DATABASE_POOL_TIMEOUT, 20 by
default): longer than daphne's default limit on a handshake (5 s), as the default is, and
shorter than the outage, so that saves are refused."""


@dataclass
class Keeper:
    """A scorekeeper saving round after round, sending a refused save again as the phone's
    outbox does."""

    code: str
    key: str
    seats: list[int]
    saved: list[dict] = field(default_factory=list)  # the rounds answered 200, in order
    answers: list[tuple[float, float, int, dict]] = field(default_factory=list)

    def body(self, number: int) -> dict:
        scores = {str(pid): number * (seat + 1) for seat, pid in enumerate(self.seats)}
        return {"scores": scores, "engine": 13 - number, "version": len(self.saved) + 1}

    async def save_until(self, client: Browserless, done: asyncio.Event) -> None:
        while not done.is_set():
            number = len(self.saved) + 1
            body = self.body(number)
            sent = time.monotonic()
            answer = await asyncio.to_thread(client.put_round, self.code, self.key, number, body)
            self.answers.append((sent, time.monotonic(), answer.status, answer.headers))
            if answer.status == 200:
                self.saved.append(body)
                await asyncio.sleep(SAVE_EVERY)
            else:
                await asyncio.sleep(1)  # then the same save again


def test_screens_and_saves_ride_out_a_database_outage_behind_nginx(
    own_postgres, nginx, redis, transactional_db
):
    games = [
        make_game(names=(f"Ann {n}", f"Bob {n}"), ruleset="mexican-train", variant=None)
        for n in range(GAMES)
    ]
    keepers = [
        Keeper(new.game.code, new.key, [s.player_id for s in new.game.seats.order_by("position")])
        for new in games
    ]
    url = copy_into(own_postgres)
    env = {"DATABASE_URL": url, "DATABASE_POOL_TIMEOUT": str(POOL_TIMEOUT), "REDIS_URL": redis}
    outage = {}  # wall and monotonic times: stopping, stopped, starting, started

    def mark(name: str) -> None:
        outage[name] = (time.time(), time.monotonic())

    async def scenario(proxy) -> list[Screen]:
        client = Browserless(proxy.url)
        done = asyncio.Event()
        saving = [asyncio.create_task(keeper.save_until(client, done)) for keeper in keepers]
        await asyncio.sleep(1)

        mark("stopping")
        await asyncio.to_thread(own_postgres.stop)
        mark("stopped")
        await asyncio.sleep(2)
        screens = [
            Screen(f"{proxy.ws_url}/ws/games/{keepers[n % GAMES].code}/", proxy.url)
            for n in range(SCREENS)
        ]
        opening = [asyncio.create_task(screen.open()) for screen in screens]
        await asyncio.sleep(AWAY_SECONDS - 2)
        mark("starting")
        await asyncio.to_thread(own_postgres.start)
        mark("started")

        sockets = await asyncio.gather(*opening)
        # Every scorekeeper saves once more after the return, then stops.
        counts = [len(keeper.saved) for keeper in keepers]
        while any(len(k.saved) <= n for k, n in zip(keepers, counts, strict=True)):
            await asyncio.sleep(0.1)
        done.set()
        await asyncio.gather(*saving)
        latest = {keeper.code: len(keeper.saved) + 1 for keeper in keepers}
        await asyncio.gather(
            *(
                screen.follow_to(socket, latest[screen.url.split("/")[-2]])
                for screen, socket in zip(screens, sockets, strict=True)
            )
        )
        return screens

    processes = [DeployedDaphne(env=env) for _ in range(2)]
    with running(*processes):
        proxy = nginx([process.port for process in processes])
        marks = [len(process.output()) for process in processes]
        screens = asyncio.run(scenario(proxy))
        logged = [
            process.logged_since(mark) for process, mark in zip(processes, marks, strict=True)
        ]
        finals = [Browserless(proxy.url).request(f"/api/games/{k.code}") for k in keepers]

    # Saves: never a 502; a refused one is a 503 with Retry-After, within the pool's timeout.
    answers = [answer for keeper in keepers for answer in keeper.answers]
    statuses = {status for _, _, status, _ in answers}
    assert statuses <= {200, 503}, statuses
    refused = [(sent, got, headers) for sent, got, status, headers in answers if status == 503]
    assert refused, "saves were refused while PostgreSQL was away"
    assert all(headers.get("Retry-After") == "5" for _, _, headers in refused)
    assert max(got - sent for sent, got, _ in refused) < POOL_TIMEOUT + 1.5
    requests = proxy.requests()
    assert not [r for r in requests if r.status >= 500 and r.status != 503], "no 502, no 500"

    # Nothing lost, nothing doubled: each game holds every round answered 200, once.
    for keeper, final in zip(keepers, finals, strict=True):
        game = final.json()
        assert game["version"] == len(keeper.saved) + 1
        assert [r["number"] for r in game["rounds"]] == list(range(1, len(keeper.saved) + 1))
        assert [r["scores"] for r in game["rounds"]] == [body["scores"] for body in keeper.saved]

    # Screens: told to try again later, at once, then the board within 3 s of the return.
    started = outage["started"][1]
    for screen in screens:
        assert screen.refusals, "a screen opened while PostgreSQL was away is refused"
        assert {code for code, _ in screen.refusals} == {TRY_AGAIN_LATER}, screen.refusals
        assert max(seconds for _, seconds in screen.refusals) < HANDSHAKE_SECONDS
        assert screen.board_at - started < 3, f"a board {screen.board_at - started:.1f} s late"

    # The log: one line per process when it went, within a second of its first failure
    # (no sooner than the stop, no later than its first request after it); one when it is
    # back.
    length = outage["started"][1] - outage["stopping"][1]
    stopping = outage["stopping"][0]
    for process, lines in zip(processes, logged, strict=True):
        assert len(lines) == 2, lines
        went, back = lines
        assert "WARNING core.outages: The database is not answering (" in went
        address = f"127.0.0.1:{process.port}"
        reached = [r.began for r in requests if address in r.upstreams and r.ended > stopping]
        first_failure = max(stopping, min(reached))
        late = logged_at(went) - first_failure
        assert late < 1.0, f"logged {late:.2f} s after its first failure"
        assert "WARNING core.outages: The database answers again, after " in back
        said = outage_length(back)
        assert length - 1.5 < said < length + 0.5, (said, length)
        assert logged_at(back) - outage["started"][0] < 1
