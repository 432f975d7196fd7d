"""A screen following a game through nginx as its page does (static/js/live.js)."""

import asyncio
import json
import time
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

TRY_AGAIN = 1.0
"""Seconds after a close 4503 before the screen tries again: the longest its page waits
(docs/api.md)."""


@dataclass
class Screen:
    """A screen on a game's socket, connecting again after a close 4503 as its page does;
    `refusals` are the answers it got before its board: close codes, or HTTP statuses."""

    url: str
    origin: str
    refusals: list[tuple[object, float]] = field(default_factory=list)  # (code, seconds)
    board_at: float | None = None
    version: int = 0

    async def open(self) -> ClientConnection:
        while True:
            began = time.monotonic()
            try:
                socket = await connect(self.url, origin=self.origin, open_timeout=15)
            except InvalidStatus as refused:  # nginx's 502, say
                self.refusals.append((refused.response.status_code, time.monotonic() - began))
            else:
                try:
                    board = json.loads(await asyncio.wait_for(socket.recv(), 15))
                except ConnectionClosed:
                    self.refusals.append((socket.close_code, time.monotonic() - began))
                else:
                    self.board_at, self.version = time.monotonic(), board["version"]
                    return socket
            await asyncio.sleep(TRY_AGAIN)

    async def follow_to(self, socket, version: int) -> None:
        while self.version < version:
            self.version = json.loads(await asyncio.wait_for(socket.recv(), 15))["version"]
        await socket.close()
