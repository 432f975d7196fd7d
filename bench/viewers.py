"""The client process: thousands of websocket viewers (or HTTP pollers) in one asyncio loop.

Run by fanout.py as a child process and driven by JSON lines on stdin; every answer
is one JSON line on stdout. Times are `time.monotonic()`, the system-wide clock, so
the parent can subtract the moment it sent a save from the moment a viewer here
held the new version.

The viewers speak just enough of RFC 6455 to follow a server (no compression,
unmasked server frames, answer pings) instead of using a full client library: the
client must stay faster than the fastest server it measures, or the floor would be
the client's speed, not the server's. Like the page, each viewer sends a heartbeat.
"""

import asyncio
import base64
import gc
import json
import os
import random
import re
import resource
import sys
import time
from functools import partial
from urllib.parse import SplitResult, urlsplit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import contextlib

from bench.phones import OverviewPage, Phones  # noqa: E402
from bench.stats import Tally, tally  # noqa: E402
from bench.walls import Walls  # noqa: E402

VERSION = re.compile(rb'"version":\s*(\d+)')
CONNECTS_AT_ONCE = 64
HEARTBEAT = 10.0
"""Seconds between a viewer's pings, as the page sends them (live.js: PING_MS, PING), each
viewer at its own moment, as screens opened at different times would. A silent viewer,
unlike the page, is pinged by daphne instead, every 20 s, and daphne pings every
connection that is due in one pass: 2000 viewers connected within a few seconds were
pinged ~1000 at a time, and a pass held the server up to ~250 ms, the slowest saves of a
run; the floor pings nobody (docs/performance.md)."""
PING = b'{"type":"ping"}'
KINDS = {"board": lambda: Board(), "walls": lambda: Walls(), "phones": lambda: Phones()}
"""What a `game` named in a command is, given as `kind` when it is first named."""


def is_pong(payload: bytes) -> bool:
    """The server's answer to a heartbeat (`{"type": "pong"}`), not a board."""
    return len(payload) < 40 and b'"pong"' in payload


def version_of(payload: bytes) -> int:
    found = VERSION.search(payload)
    if found is None:
        raise ValueError(f"no version in message: {payload[:120]!r}")
    return int(found.group(1))


def masked_frame(opcode: int, payload: bytes = b"") -> bytes:
    """A client frame (clients must mask; an all-zero mask is legal and keeps bytes as they are)."""
    assert len(payload) < 126
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + b"\0\0\0\0" + payload


class Board:
    """Which version each viewer holds, and when the last of them got each version."""

    def __init__(self) -> None:
        self.viewers: list[Viewer] = []
        self.holding: dict[int, int] = {}  # version -> viewers holding it or a later one
        self.last_at: dict[int, float] = {}
        self.first_at: dict[int, float] = {}
        self.waiting: dict[int, asyncio.Future] = {}
        self.keep: list[bytes] = []  # the first viewer's messages, to replay elsewhere

    def received(self, viewer: "Viewer", payload: bytes, now: float) -> None:
        """A game's message: the board at a new version."""
        version = version_of(payload)
        viewer.versions.append(version)
        if viewer.keep:
            self.keep.append(payload)
        if version > viewer.version:
            old, viewer.version = viewer.version, version
            self.held(viewer, old, version, now)

    def held(self, viewer: "Viewer", old: int, new: int, now: float) -> None:
        for version in range(max(old + 1, new - 1000), new + 1) if old >= 0 else (new,):
            count = self.holding.get(version, 0) + 1
            self.holding[version] = count
            self.last_at[version] = now
            self.first_at.setdefault(version, now)
            if count >= len(self.viewers):
                future = self.waiting.get(version)
                if future is not None and not future.done():
                    future.set_result(None)


class Viewer(asyncio.Protocol):
    def __init__(
        self, board: Board, host: str, path: str, origin: str, keep: bool, headers: str = ""
    ) -> None:
        self.board = board
        self.request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
            f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n{headers}\r\n"
        ).encode()
        self.page = None  # a phone's page (bench/phones.py), on a tournament's phones
        self.keep = keep
        self.buffer = bytearray()
        self.open = False
        self.opened: asyncio.Future = asyncio.get_running_loop().create_future()
        self.fragments: list[bytes] = []
        self.versions: list[int] = []
        self.version = -1
        self.messages = 0
        self.transport: asyncio.Transport | None = None
        self.closed_with: int | None = None
        self.heartbeat: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        transport.write(self.request)

    def connection_lost(self, exc) -> None:
        self.open = False
        if self.heartbeat is not None:
            self.heartbeat.cancel()
        if not self.opened.done():
            self.opened.set_exception(ConnectionError(f"closed during the handshake: {exc}"))

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.open:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(self.buffer[: self.buffer.find(b"\r\n")])
            del self.buffer[: end + 4]
            if b" 101 " not in status:
                self.opened.set_exception(ConnectionError(status.decode(errors="replace")))
                self.transport.close()
                return
            self.open = True
            self.opened.set_result(None)
            first = random.uniform(0, HEARTBEAT)
            self.heartbeat = asyncio.get_running_loop().call_later(first, self.beat)
        self.frames(time.monotonic())

    def frames(self, now: float) -> None:
        buffer = self.buffer
        while len(buffer) >= 2:
            head, size = buffer[0], buffer[1] & 0x7F
            start = 2
            if size == 126:
                if len(buffer) < 4:
                    return
                size, start = int.from_bytes(buffer[2:4], "big"), 4
            elif size == 127:
                if len(buffer) < 10:
                    return
                size, start = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < start + size:
                return
            payload = bytes(buffer[start : start + size])
            del buffer[: start + size]
            opcode = head & 0x0F
            if opcode in (0, 1, 2):
                self.fragments.append(payload)
                if head & 0x80:
                    self.message(b"".join(self.fragments), now)
                    self.fragments = []
            elif opcode == 8:
                self.closed_with = int.from_bytes(payload[:2], "big") if payload else 1005
                self.transport.write(masked_frame(8, payload[:2]))
                self.transport.close()
            elif opcode == 9:
                self.transport.write(masked_frame(10, payload))

    def beat(self) -> None:
        """The page's heartbeat: a ping now, and the next one in HEARTBEAT seconds."""
        if self.open and not self.transport.is_closing():
            self.transport.write(masked_frame(1, PING))
            self.heartbeat = asyncio.get_running_loop().call_later(HEARTBEAT, self.beat)

    def message(self, payload: bytes, now: float) -> None:
        if is_pong(payload):
            return
        self.messages += 1
        self.board.received(self, payload, now)

    def close(self) -> None:
        if self.transport and not self.transport.is_closing():
            self.transport.write(masked_frame(8, (1000).to_bytes(2, "big")))
            self.transport.close()


def target(parts: SplitResult) -> str:
    """What a request line asks for: the path and its query."""
    return f"{parts.path}?{parts.query}" if parts.query else parts.path


async def opened(
    board, url: str, origin: str, gate, *, keep: bool = False, headers: str = "", page=None
) -> "Viewer":
    """One viewer on `url`'s socket, counted on `board` once it holds the message sent on
    connect (with `page`, a phone's page, given that message too)."""
    parts = urlsplit(url)
    async with gate:
        for attempt in range(5):
            viewer = Viewer(board, parts.netloc, target(parts), origin, keep, headers)
            viewer.page = page
            try:
                await asyncio.get_running_loop().create_connection(
                    lambda v=viewer: v, parts.hostname, parts.port
                )
                await asyncio.wait_for(viewer.opened, 30)
                break
            except (OSError, TimeoutError):
                if attempt == 4:
                    raise
                await asyncio.sleep(0.2 * (attempt + 1))
    board.viewers.append(viewer)
    while not viewer.messages:
        await asyncio.sleep(0.01)
    return viewer


async def connect(board, urls: list[str], origin: str, count: int) -> dict:
    gate = asyncio.Semaphore(CONNECTS_AT_ONCE)
    started = time.monotonic()
    await asyncio.gather(
        *(opened(board, urls[i % len(urls)], origin, gate, keep=i == 0) for i in range(count))
    )
    seconds = time.monotonic() - started
    # This process's own full collections walk every connection (tens of ms at 2000) and
    # would land in whichever save is being timed, ours or the floor's: what the viewers
    # hold now is kept out of them.
    gc.freeze()
    return {"connected": len(board.viewers), "seconds": seconds}


async def wait(board: Board, version: int, timeout: float) -> dict:
    if board.holding.get(version, 0) < len(board.viewers):
        future = board.waiting.setdefault(version, asyncio.get_running_loop().create_future())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(future), timeout)
    return {
        "version": version,
        "holding": board.holding.get(version, 0),
        "viewers": len(board.viewers),
        "first": board.first_at.get(version),
        "last": board.last_at.get(version),
    }


def check(board: Board, versions: list[int]) -> dict:
    total = Tally()
    for viewer in board.viewers:
        total += tally(versions, viewer.versions)
    closed = sum(1 for v in board.viewers if not v.open)
    return {
        "lost": total.lost,
        "out_of_order": total.out_of_order,
        "duplicates": total.duplicates,
        "closed": closed,
    }


class Poller(asyncio.Protocol):
    """One browser tab asking for the snapshot every few seconds on a kept-alive connection
    (or, with other `headers`, for its page)."""

    def __init__(self, host: str, path: str, headers: str = "Accept: application/json\r\n"):
        self.request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{headers}\r\n".encode()
        self.buffer = bytearray()
        self.answer: asyncio.Future | None = None
        self.transport = None

    def connection_made(self, transport) -> None:
        self.transport = transport

    def connection_lost(self, exc) -> None:
        if self.answer and not self.answer.done():
            self.answer.set_exception(ConnectionError("the server closed the connection"))

    def ask(self) -> asyncio.Future:
        self.answer = asyncio.get_running_loop().create_future()
        self.transport.write(self.request)
        return self.answer

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return
        head = bytes(self.buffer[:end]).lower()
        found = re.search(rb"content-length:\s*(\d+)", head)
        size = int(found.group(1)) if found else 0
        if len(self.buffer) < end + 4 + size:
            return
        body = bytes(self.buffer[end + 4 : end + 4 + size])
        del self.buffer[: end + 4 + size]
        status = int(head.split(b" ", 2)[1])
        if self.answer and not self.answer.done():
            self.answer.set_result((status, body))


class Polling:
    def __init__(self) -> None:
        self.tasks: list[asyncio.Task] = []
        self.polls: list[list[tuple[float, float, int]]] = []  # per poller: (sent, done, version)
        self.errors = 0
        self.statuses: dict[int, int] = {}

    async def start(self, urls: list[str], count: int, interval: float) -> dict:
        loop = asyncio.get_running_loop()
        pollers = []
        for index in range(count):
            parts = urlsplit(urls[index % len(urls)])
            _, poller = await loop.create_connection(
                lambda p=parts: Poller(p.netloc, p.path), parts.hostname, parts.port
            )
            pollers.append(poller)
        begin = time.monotonic() + 0.05
        for poller in pollers:
            record: list[tuple[float, float, int]] = []
            self.polls.append(record)
            phase = random.uniform(0, interval)
            self.tasks.append(
                asyncio.create_task(self.run(poller, record, begin + phase, interval))
            )
        return {"pollers": count}

    async def run(self, poller: Poller, record: list, at: float, interval: float) -> None:
        while True:
            await asyncio.sleep(max(0.0, at - time.monotonic()))
            sent = time.monotonic()
            try:
                status, body = await poller.ask()
            except ConnectionError:
                self.errors += 1
                return
            if status == 200:
                record.append((sent, time.monotonic(), version_of(body)))
            else:
                self.errors += 1
                self.statuses[status] = self.statuses.get(status, 0) + 1
            # Like setInterval: the next poll keeps the schedule, unless this one overran it.
            at = max(at + interval, time.monotonic())

    async def stop(self, saves: dict[int, float], window: tuple[float, float]) -> dict:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        start, end = window
        answered = [p for record in self.polls for p in record if start <= p[1] <= end]
        seen: dict[int, list[float]] = {}
        for version, put_at in saves.items():
            delays = []
            for record in self.polls:
                first = next((done for sent, done, v in record if v >= version), None)
                if first is not None:
                    delays.append(first - put_at)
            seen[version] = delays
        return {
            "requests": len(answered),
            "seconds": end - start,
            "latencies": [done - sent for sent, done, _ in answered],
            "seen": {str(v): d for v, d in seen.items()},
            "errors": self.errors,
            "statuses": self.statuses,
        }


class PageFetch:
    """A phone's GET of its page as addressed, in its language, on a kept-alive connection
    as a browser keeps one: True when it answered 200 (bench/phones.py's `OverviewPage`)."""

    def __init__(self, url: str, language: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.make = partial(
            Poller,
            parts.netloc,
            target(parts),
            f"Accept: text/html\r\nAccept-Language: {language}\r\n",
        )
        self.poller: Poller | None = None

    async def __call__(self) -> bool:
        for _ in range(2):  # a kept-alive connection the server closed is opened again
            if self.poller is None or self.poller.transport.is_closing():
                loop = asyncio.get_running_loop()
                _, self.poller = await loop.create_connection(self.make, self.host, self.port)
            try:
                status, _ = await self.poller.ask()
                return status == 200
            except ConnectionError:
                self.poller = None
        return False

    def close(self) -> None:
        if self.poller is not None:
            self.poller.transport.close()


async def connect_phones(board: Phones, url: str, origin: str, pages: list, changes: list):
    """A phone per page ({"page": path and query, "socket": its socket's query,
    "language": …}) on the tournament's socket `url`; `changes` are those the bench will
    make (bench/phones.py)."""
    board.changes = changes
    gate = asyncio.Semaphore(CONNECTS_AT_ONCE)
    started = time.monotonic()
    await asyncio.gather(
        *(
            opened(
                board,
                url + page["socket"],
                origin,
                gate,
                headers=f"Accept-Language: {page['language']}\r\n",
                page=OverviewPage(PageFetch(origin + page["page"], page["language"])),
            )  # fmt: skip
            for page in pages
        )
    )
    gc.freeze()
    return {"connected": len(board.viewers), "seconds": time.monotonic() - started}


def close(board) -> dict:
    for viewer in board.viewers:
        viewer.close()
        if viewer.page is not None:
            viewer.page.fetch.close()
    return {"closed": len(board.viewers)}


def last_seen(boards: dict[str, Board], saves: list[list]) -> dict:
    """For each (game, version) saved: when the last of that game's viewers held it (None
    while one does not yet), and the losses over every game's viewers."""
    seen = []
    for game, version in saves:
        board = boards[game]
        holding = board.holding.get(version, 0)
        seen.append(board.last_at.get(version) if holding >= len(board.viewers) else None)
    by_game: dict[str, list[int]] = {}
    for game, version in saves:
        by_game.setdefault(game, []).append(version)
    total = Tally()
    for game, versions in by_game.items():
        for viewer in boards[game].viewers:
            total += tally(versions, viewer.versions)
    return {"seen": seen, "lost": total.lost, "out_of_order": total.out_of_order}


async def main() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    loop = asyncio.get_running_loop()
    boards: dict[str, Board | Walls] = {}  # one per game followed ("" when there is one)
    polling = Polling()

    def reply(data: dict) -> None:
        sys.stdout.write(json.dumps(data) + "\n")
        sys.stdout.flush()

    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        command = json.loads(line)
        name = command.pop("cmd")
        kind = KINDS[command.pop("kind", "board")]
        board = boards.setdefault(command.pop("game", ""), kind())
        try:
            if name == "connect":
                reply(await connect(board, **command))
            elif name == "wait":
                reply(await wait(board, **command))
            elif name == "check":
                reply(check(board, **command))
            elif name == "messages":
                reply({"messages": [m.decode() for m in board.keep]})
            elif name == "latest":
                reply({"message": board.keep[-1].decode()})
            elif name == "poll_start":
                reply(await polling.start(**command))
            elif name == "poll_stop":
                saves = {int(k): v for k, v in command["saves"].items()}
                reply(await polling.stop(saves, tuple(command["window"])))
            elif name == "last_seen":
                reply(last_seen(boards, **command))
            elif name == "phones":
                reply(await connect_phones(board, **command))
            elif name == "phones_shown":
                reply(board.shown())
            elif name == "close":
                reply(close(board))
            elif name == "walls_seen":
                reply(board.seen(**command))
            elif name == "now":
                reply({"now": time.monotonic()})
            elif name == "quit":
                break
            else:
                reply({"error": f"unknown command {name}"})
        except Exception as exc:  # report to the parent rather than die silently
            reply({"error": f"{type(exc).__name__}: {exc}"})
    for each in boards.values():
        for viewer in each.viewers:
            viewer.close()
    await asyncio.sleep(0.2)
    reply({"bye": True})


if __name__ == "__main__":
    asyncio.run(main())
