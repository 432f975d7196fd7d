"""The scorekeeper's answer goes out before any viewer's frame: a save never waits for the
fan-out. Checked by the order of ASGI events in one process, not by a clock."""

import asyncio
import threading

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from core import after_response
from games import scorekeeping
from tests.factories import make_game
from tests.live.conftest import SAME_ORIGIN, saving, watching
from trainscore.asgi import application

VIEWERS = 200


def recorded(events: list[tuple[str, str]], who: str):
    """The real application, noting each message it sends, in the order it sends them."""

    async def app(scope, receive, send):
        async def noted(message):
            events.append((who, message["type"]))
            await send(message)

        await application(scope, receive, noted)

    return app


@pytest.fixture
def started(transactional_db):
    return make_game()


@pytest.mark.django_db(transaction=True)
async def test_the_save_is_answered_before_the_first_viewer_gets_it(started):
    game, key = started.game, started.key
    events: list[tuple[str, str]] = []
    viewers = [
        WebsocketCommunicator(
            recorded(events, "viewer"),
            f"/ws/games/{game.code}/",
            headers=[(b"origin", SAME_ORIGIN)],
        )
        for _ in range(VIEWERS)
    ]
    for viewer in viewers:
        assert (await viewer.connect())[0]
    await asyncio.gather(*(viewer.receive_from(timeout=10) for viewer in viewers))
    events.clear()

    save = await saving(game, key, recorded(events, "save"))
    answer = await save.receive_output(timeout=20)
    await save.receive_output(timeout=20)  # the body
    received = await asyncio.gather(*(viewer.receive_json_from(timeout=20) for viewer in viewers))

    assert answer["status"] == 200, answer
    assert {update["version"] for update in received} == {2}, "every viewer got the save"
    order = [who for who, kind in events if kind in ("http.response.body", "websocket.send")]
    assert order[0] == "save", "the answer left before any viewer's frame"
    assert order.count("viewer") == VIEWERS
    await asyncio.gather(*(viewer.disconnect() for viewer in viewers))


@pytest.mark.django_db(transaction=True)
async def test_viewers_still_get_a_save_whose_scorekeeper_hung_up(started, monkeypatch):
    """The scorekeeper's connection drops after the save is written but before the answer:
    Django sends no answer, and the viewers get the change all the same."""
    game, key = started.game, started.key
    written, hung_up = threading.Event(), threading.Event()
    real = scorekeeping.record_round

    def record_then_wait(**kwargs):
        saved = real(**kwargs)
        written.set()
        hung_up.wait(timeout=10)
        return saved

    monkeypatch.setattr(scorekeeping, "record_round", record_then_wait)
    viewer = await watching(game)
    events: list[tuple[str, str]] = []
    save = await saving(game, key, recorded(events, "save"))
    assert await asyncio.to_thread(written.wait, 10)
    await save.send_input({"type": "http.disconnect"})
    while not save.input_queue.empty():  # until Django has taken the disconnect
        await asyncio.sleep(0.01)
    await asyncio.sleep(0)  # and given up on the answer (the view is still held)
    hung_up.set()

    update = await viewer.receive_json_from(timeout=10)
    assert update["version"] == 2
    assert [p["total"] for p in update["players"]] == [5, 0, 12]
    await save.wait(timeout=10)
    assert events == [], "the scorekeeper who hung up was sent nothing"
    await viewer.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_viewers_get_a_save_whose_scorekeeper_hung_up_just_after_the_answer(
    started, monkeypatch
):
    """The broadcast starts once the answer is out; a client that closes its connection at
    that moment (Django then cancels the request) must not cancel the broadcast with it.
    The layer is made as slow as a round trip to Redis, so the hang-up comes mid-send."""
    game, key = started.game, started.key
    layer = get_channel_layer()
    real_send = layer.group_send

    async def slow_send(group, message):
        await asyncio.sleep(0.2)
        await real_send(group, message)

    monkeypatch.setattr(layer, "group_send", slow_send)
    viewer = await watching(game)
    save = await saving(game, key, application)
    assert (await save.receive_output(timeout=20))["status"] == 200
    await save.receive_output(timeout=20)  # the body
    await save.send_input({"type": "http.disconnect"})

    update = await viewer.receive_json_from(timeout=10)
    assert update["version"] == 2
    await save.wait(timeout=10)
    await viewer.disconnect()


def test_outside_a_request_a_broadcast_is_not_held_back():
    assert after_response.later(lambda: None) is False
