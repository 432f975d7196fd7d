"""The bench's viewers read websocket frames however the bytes are split by the network."""

import asyncio
import json
import re

from bench.viewers import HEARTBEAT, PING, Board, Viewer
from tests.servers import ROOT


def frame(payload: bytes, *, opcode: int = 1, fin: bool = True) -> bytes:
    size = len(payload)
    head = bytes([(0x80 if fin else 0) | opcode])
    if size < 126:
        head += bytes([size])
    elif size < 65536:
        head += bytes([126]) + size.to_bytes(2, "big")
    else:
        head += bytes([127]) + size.to_bytes(8, "big")
    return head + payload


def snapshot(version: int, size: int = 10) -> bytes:
    return json.dumps({"code": "abc", "version": version, "html": "x" * size}).encode()


class Transport:
    def __init__(self):
        self.written = b""

    def write(self, data):
        self.written += data

    def close(self):
        pass

    def is_closing(self):
        return False


async def open_viewer():
    board = Board()
    viewer = Viewer(board, "127.0.0.1:1", "/ws/", "http://127.0.0.1:1", keep=False)
    board.viewers.append(viewer)
    viewer.connection_made(Transport())
    viewer.data_received(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n")
    return board, viewer


async def test_it_reads_a_message_that_arrives_one_byte_at_a_time():
    board, viewer = await open_viewer()
    data = frame(snapshot(1)) + frame(snapshot(2, size=70000))
    for i in range(0, len(data), 997):
        viewer.data_received(data[i : i + 997])
    assert viewer.versions == [1, 2]
    assert board.holding[2] == 1


async def test_it_joins_a_message_sent_in_fragments():
    _, viewer = await open_viewer()
    whole = snapshot(3, size=300)
    viewer.data_received(frame(whole[:100], fin=False) + frame(whole[100:], opcode=0))
    assert viewer.versions == [3]


async def test_it_answers_a_ping_so_the_server_keeps_it():
    _, viewer = await open_viewer()
    viewer.data_received(frame(b"hi", opcode=9))
    assert viewer.transport.written.endswith(bytes([0x8A, 0x82, 0, 0, 0, 0]) + b"hi")


async def test_it_does_not_count_a_viewer_whose_handshake_was_refused():
    board = Board()
    viewer = Viewer(board, "127.0.0.1:1", "/ws/", "http://evil.example", keep=False)
    viewer.connection_made(Transport())
    viewer.data_received(b"HTTP/1.1 403 Forbidden\r\n\r\n")
    assert viewer.opened.done() and viewer.opened.exception() is not None
    await asyncio.sleep(0)


def test_its_heartbeat_is_the_pages():
    """The viewers ping as live.js does, so the server does for them what it does for
    screens (and daphne's own pings, which screens never get, stay out of the times)."""
    script = (ROOT / "static" / "js" / "live.js").read_text()
    (every,) = re.findall(r"const PING_MS = ([\d_]+);", script)
    assert int(every.replace("_", "")) == HEARTBEAT * 1000
    assert f"socket.send('{PING.decode()}')" in script


async def test_it_sends_its_heartbeat_and_reads_past_the_pong():
    board, viewer = await open_viewer()
    viewer.beat()
    assert viewer.transport.written.endswith(bytes([0x81, 0x80 | len(PING), 0, 0, 0, 0]) + PING)
    viewer.data_received(frame(b'{"type": "pong"}') + frame(snapshot(4)))
    assert viewer.versions == [4]
    assert board.holding[4] == 1
