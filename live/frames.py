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

This reads fields autobahn and Twisted keep for themselves (`RELIES_ON`). pyproject.toml
takes their next releases, so the server checks at start (`choose`, from
trainscore/server_start.py) that each field is there and that a frame written this way
arrives whole, on a real daphne connection over loopback. Where one is missing or behaves
differently, every screen gets the ordinary ASGI send instead, and the log says so once:
slower fan-outs, never a lost update. tests/live/test_raw_frames_fields.py names each field
against the installed ones.
"""

import functools
import logging
import socket
import struct

from autobahn.websocket.protocol import WebSocketProtocol
from django.conf import settings
from twisted.internet import tcp

log = logging.getLogger(__name__)

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


_usable = True
"""False once `choose` found the installed autobahn or Twisted different from what
`write` expects."""


def enabled() -> bool:
    """Whether changes go out as raw frames (RAW_FRAMES, and the check at start passed)."""
    return settings.RAW_FRAMES and _usable


def choose() -> bool:
    """At the server's start: raw frames where the installed daphne, autobahn and Twisted
    take them as `write` expects, else ordinary sends, said in one log line. Whether raw."""
    global _usable
    if not settings.RAW_FRAMES:
        return False
    try:
        problem = _problem()
    except Exception as exc:  # whatever a new release changed, it is not for the screens
        problem = f"checking it failed ({type(exc).__name__}: {exc})"
    _usable = problem is None
    if problem:
        log.warning(
            "Live updates go out as ordinary sends, not raw frames: %s (live/frames.py "
            "reads it from this daphne, autobahn and Twisted).",
            problem,
        )
    return _usable


def _problem() -> str | None:
    """What stops the raw path on a real daphne websocket connection over loopback, or None
    when every field is there and a frame written through it arrives whole."""
    from daphne.ws_protocol import WebSocketFactory
    from twisted.internet.testing import MemoryReactor

    for constant in ("STATE_OPEN", "SEND_STATE_GROUND"):
        if not hasattr(WebSocketProtocol, constant):
            return f"autobahn's WebSocketProtocol has no {constant}"
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        with socket.create_connection(("127.0.0.1", port), timeout=1) as reader:
            accepted, address = listener.accept()

            class Port:  # what tcp.Server asks of the listening port
                _realPortNumber = port

            factory = WebSocketFactory(object(), server="Daphne")
            factory.setProtocolOptions(openHandshakeTimeout=0)  # no timer left behind
            probe = factory.buildProtocol(address)
            carrier = tcp.Server(accepted, probe, address, Port(), 1, MemoryReactor())
            try:
                probe.makeConnection(carrier)
                holders = {"connection": probe, "transport": carrier}
                for kind, names in RELIES_ON.items():
                    for name in names:
                        if not hasattr(holders[kind], name):
                            holder = type(holders[kind])
                            return f"{holder.__module__}.{holder.__name__} has no {name}"
                if not _nothing_waiting(carrier):
                    return "a new connection's transport looks busy"
                probe.state = WebSocketProtocol.STATE_OPEN
                frame = text_frame('{"check": "raw frames"}')
                if not _write(probe, frame):
                    return "an open connection does not take a frame"
                if _received(reader, len(frame)) != frame:
                    return "a frame written straight to the transport did not arrive whole"
            finally:
                accepted.close()
    return None


def _received(reader: socket.socket, size: int) -> bytes:
    got = b""
    while len(got) < size:
        try:
            chunk = reader.recv(size - len(got))
        except TimeoutError:
            break
        if not chunk:
            break
        got += chunk
    return got


def write(connection: WebSocketProtocol, frame: bytes) -> bool:
    """Write a whole frame to an open connection; False where daphne must send instead."""
    return enabled() and _write(connection, frame)


def _write(connection: WebSocketProtocol, frame: bytes) -> bool:
    if (
        connection.state != WebSocketProtocol.STATE_OPEN
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
