"""The raw frame path (live/frames.py) reads fields autobahn and Twisted keep for
themselves. Each is checked by name on a real daphne websocket connection over a real TCP
socket, so an upgrade that drops one fails here by name (a server on such a release sends
the ordinary way instead: test_raw_frames_fall_back.py)."""

import ast
import socket

import pytest
from daphne.ws_protocol import WebSocketFactory
from django.test import override_settings
from twisted.internet import tcp
from twisted.internet.testing import MemoryReactor

from live import frames
from tests.servers import ROOT


@pytest.fixture(scope="module")
def connection():
    """daphne's websocket protocol, connected to a Twisted TCP transport on loopback."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    accepted, address = listener.accept()

    class Port:  # what tcp.Server asks of the listening port
        _realPortNumber = port

    protocol = WebSocketFactory(object(), server="Daphne").buildProtocol(address)
    transport = tcp.Server(accepted, protocol, address, Port(), 1, MemoryReactor())
    protocol.makeConnection(transport)
    yield protocol
    for sock in (client, accepted, listener):
        sock.close()


def test_it_names_every_field_it_reads():
    tree = ast.parse((ROOT / "live" / "frames.py").read_text())
    read = {
        (node.value.id, node.attr)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in frames.RELIES_ON
    }
    named = {(kind, name) for kind, names in frames.RELIES_ON.items() for name in names}
    assert read <= named, f"read but not named in RELIES_ON: {sorted(read - named)}"


@pytest.mark.parametrize(
    "kind, name",
    [(kind, name) for kind, names in frames.RELIES_ON.items() for name in names],
    ids=[f"{kind}.{name}" for kind, names in frames.RELIES_ON.items() for name in names],
)
def test_the_field_is_still_there(connection, kind, name):
    holder = connection if kind == "connection" else connection.transport
    assert hasattr(holder, name), f"{type(holder).__name__} has no {name} any more"


def test_an_open_connection_takes_the_frame_and_plain_sends_leave_it_to_daphne(connection):
    connection.state = connection.STATE_OPEN
    with override_settings(RAW_FRAMES=False):
        assert frames.write(connection, frames.text_frame("{}")) is False
    assert frames.write(connection, frames.text_frame("{}")) is True
