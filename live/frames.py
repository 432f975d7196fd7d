"""One websocket frame per change, written to every viewer's connection as the same bytes.

A frame from server to browser is not masked (RFC 6455, 5.1), so the frame for a change
is the same for every viewer of it. Sent the usual way, each viewer's copy goes through
the ASGI send, daphne, autobahn's framing and Twisted's logging wrappers: about 40 µs of
CPU per viewer, most of a fan-out (docs/performance.md). Here the frame is built once
and handed straight to each connection's transport.

Only where that is exactly what daphne would have sent: a daphne connection that is
open, between messages, without compression. Anything else (a test communicator, a
closing socket, another server) gets the ordinary ASGI send, as everything does with
RAW_FRAMES=0.

This reads fields autobahn and Twisted keep for themselves (`RELIES_ON`), as they are in
the versions pyproject.toml pins; tests/live/test_raw_frames_fields.py fails by name when
one of them is gone.
"""

import functools
import struct

from autobahn.websocket.protocol import WebSocketProtocol
from django.conf import settings
from twisted.internet import tcp

TEXT = 0x81  # FIN + text opcode

RELIES_ON = {
    "connection": ("state", "send_state", "_perMessageCompress", "transport"),
    "transport": (
        "connected",
        "disconnecting",
        "_tempDataBuffer",
        "offset",
        "dataBuffer",
        "writeSomeData",
        "write",
    ),
}
"""What `write` reads off autobahn's connection and Twisted's transport."""


def text_frame(text: str) -> bytes:
    """The unmasked, unfragmented text frame carrying `text`."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", TEXT, size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", TEXT, 126, size)
    else:
        header = struct.pack("!BBQ", TEXT, 127, size)
    return header + payload


def connection_behind(send) -> WebSocketProtocol | None:
    """The daphne websocket connection an ASGI `send` writes to, when it is daphne's own
    (`functools.partial(server.handle_reply, protocol)`) and nothing wraps it."""
    if not isinstance(send, functools.partial) or len(send.args) != 1:
        return None
    connection = send.args[0]
    return connection if isinstance(connection, WebSocketProtocol) else None


def write(connection: WebSocketProtocol, frame: bytes) -> bool:
    """Write a whole frame to an open connection; False where daphne must send instead."""
    if (
        not settings.RAW_FRAMES
        or connection.state != WebSocketProtocol.STATE_OPEN
        or connection.send_state != WebSocketProtocol.SEND_STATE_GROUND
        or connection._perMessageCompress is not None
        or connection.transport is None
    ):
        return False
    transport = connection.transport
    if isinstance(transport, tcp.Connection) and _nothing_waiting(transport):
        # What Twisted would do a moment later, now: one send() while the socket has
        # room, instead of registering a writer with the loop and sending on its call.
        sent = transport.writeSomeData(frame)
        if isinstance(sent, int):
            if sent == len(frame):
                return True
            frame = frame[sent:]
    transport.write(frame)  # the rest, or the lost connection, as Twisted handles them
    return True


def _nothing_waiting(transport: tcp.Connection) -> bool:
    """No earlier bytes still buffered for this connection (order must hold)."""
    return (
        transport.connected
        and not transport.disconnecting
        and not transport._tempDataBuffer
        and transport.offset >= len(transport.dataBuffer)
    )
