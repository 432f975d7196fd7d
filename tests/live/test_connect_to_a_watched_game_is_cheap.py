"""A screen joining a game this process already follows gets the message the others hold,
with no database work and no render; screens joining together a game nobody here watched
share one read and one render: a room of screens reconnecting at once costs little."""

import asyncio

import asgiref.sync
import pytest

from live import fanout
from tests.live.conftest import save_round_async, socket


@pytest.fixture
def reads(monkeypatch):
    """The game reads connecting screens make (each reads its version and renders)."""
    made = []
    real = fanout.current_message

    async def counted(*args):
        made.append(args)
        return await real(*args)

    monkeypatch.setattr(fanout, "current_message", counted)
    return made


@pytest.mark.django_db(transaction=True)
async def test_later_screens_get_the_followed_message_without_reading_the_game(
    game, reads, board_renders
):
    await save_round_async(game, 1, [5, 0, 17])
    board_renders.clear()
    first = socket(game.code)
    assert (await first.connect())[0]
    shown = await first.receive_from(timeout=5)
    assert len(reads) == 1 and len(board_renders) == 1
    reads.clear()
    board_renders.clear()

    later = [socket(game.code) for _ in range(20)]
    for screen in later:
        assert (await screen.connect())[0]
    assert {await screen.receive_from(timeout=5) for screen in later} == {shown}
    assert reads == []
    assert board_renders == []

    await save_round_async(game, 2, [1, 2, 3])
    pushed = {(await screen.receive_json_from(timeout=5))["version"] for screen in [first, *later]}
    assert pushed == {3}
    for screen in [first, *later]:
        await screen.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_screens_connecting_at_once_share_one_read_and_one_render(game, reads, board_renders):
    await save_round_async(game, 1, [5, 0, 17])
    board_renders.clear()
    room = [socket(game.code) for _ in range(30)]

    connected = await asyncio.gather(*(screen.connect() for screen in room))

    assert all(accepted for accepted, _ in connected)
    shown = [await screen.receive_json_from(timeout=5) for screen in room]
    assert {each["version"] for each in shown} == {2}
    assert len(reads) == 1, "the room's screens each read the game"
    assert len(board_renders) == 1
    for screen in room:
        await screen.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_screen_rejoining_in_a_language_nobody_read_meanwhile_gets_the_latest_board(
    game, reads
):
    """The feed stays (an English screen holds it) while the only Spanish screen leaves;
    the change made meanwhile was not kept in Spanish, so a new Spanish screen must not be
    given the board from before it."""
    english = socket(game.code)
    assert (await english.connect())[0]
    await english.receive_from(timeout=5)
    spanish = socket(game.code, language="es")
    assert (await spanish.connect())[0]
    await spanish.receive_from(timeout=5)
    await spanish.disconnect()

    await save_round_async(game, 1, [5, 0, 17])
    assert (await english.receive_json_from(timeout=5))["version"] == 2
    again = socket(game.code, language="es")
    assert (await again.connect())[0]

    shown = await again.receive_json_from(timeout=5)
    assert shown["version"] == 2
    assert "Ronda" in shown["html"]
    await again.disconnect()
    await english.disconnect()


@pytest.fixture
def thread_trips(monkeypatch):
    """Each time the event loop hands work to a worker thread (asgiref's sync_to_async)."""
    made = []
    real = asgiref.sync.SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        made.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(asgiref.sync.SyncToAsync, "__call__", counted)
    return made


@pytest.mark.django_db(transaction=True)
async def test_a_screen_joining_a_watched_game_makes_no_trip_to_a_worker_thread(game, thread_trips):
    """Channels sends every consumer to a thread before each handler, to close stale
    database connections: at 2000 screens that was most of each connect."""
    first = socket(game.code)
    assert (await first.connect())[0]
    await first.receive_from(timeout=5)
    thread_trips.clear()

    later = socket(game.code)
    assert (await later.connect())[0]
    await later.receive_from(timeout=5)
    await later.send_json_to({"type": "ping"})
    assert await later.receive_json_from(timeout=5) == {"type": "pong"}

    assert thread_trips == []
    await later.disconnect()
    await first.disconnect()
