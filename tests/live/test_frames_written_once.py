"""A change's websocket frame is built once and written to each viewer as daphne would
have written it: strict clients read every version, in order, through a real daphne."""

import functools
import inspect
import json
from contextlib import ExitStack

import daphne.server
import pytest
from autobahn.websocket.protocol import WebSocketProtocol
from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from live import frames
from tests.factories import make_game
from tests.live.conftest import api_save


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_frame_is_the_one_a_websocket_library_would_send(size):
    text = "é" * (size // 2) + "x" * (size % 2)
    expected = Frame(Opcode.TEXT, text.encode()).serialize(mask=False)
    assert frames.text_frame(text) == bytes(expected)


def test_daphne_still_hands_the_application_its_own_connection_in_send():
    """The fast path finds daphne's connection behind the ASGI send; if daphne stops
    building send this way, every viewer quietly takes the slow path: this says so."""
    source = inspect.getsource(daphne.server.Server.create_application)
    assert "send=partial(self.handle_reply, protocol)" in source
    connection = WebSocketProtocol.__new__(WebSocketProtocol)
    send = functools.partial(daphne.server.Server.handle_reply, connection)
    assert frames.connection_behind(send) is connection
    assert frames.connection_behind(lambda message: None) is None


def test_every_viewer_gets_every_version_in_order_through_daphne(server):
    new = make_game()
    url = f"{server.ws_url}/ws/games/{new.game.code}/"
    with ExitStack() as open_sockets:
        viewers = [
            open_sockets.enter_context(connect(url, origin=server.url, proxy=None, open_timeout=10))
            for _ in range(5)
        ]
        for viewer in viewers:
            assert json.loads(viewer.recv(timeout=10))["version"] == 1
        version = 1
        for number, engine in zip(range(1, 5), (12, 11, 10, 9), strict=True):
            version = api_save(
                server.url, new.game, new.key, number, [number, 0, 7], engine, version
            )["version"]
        for viewer in viewers:
            seen = [json.loads(viewer.recv(timeout=10)) for _ in range(4)]
            assert [message["version"] for message in seen] == [2, 3, 4, 5]
            assert [p["total"] for p in seen[-1]["players"]] == [10, 0, 28]
