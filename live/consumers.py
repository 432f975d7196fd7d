"""The websocket a game's screens listen on, and what every screen's socket shares.

A game's socket sends the snapshot at once, then one message per change (a night's
socket, nights/consumers.py, is a `ScreenSocket` too). Thin on purpose: the broadcast
module builds every message, and the feed (`live.fanout`) holds this process's one
subscription per game and hands each message to the sockets here, unchanged.
"""

import asyncio
import json

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from core import outages
from live import fanout, frames, languages

UNKNOWN_GAME = 4404
"""Close code for a code no game (or night) has (4000-4999 are free for applications)."""

TRY_AGAIN_LATER = 4503
"""Close code while the database or the channel layer (Redis) is away, as HTTP's 503
(autobahn takes no 1013 from a server): the page connects again by itself, a second or so
later (static/js/live.js; docs/api.md)."""

HANDSHAKE_SECONDS = 3.0
"""The longest a screen's socket waits for what it needs (the database, the channel layer)
before it is told to try again later. Well within daphne's own limit on a handshake (its
--websocket_connect_timeout, 10 s in deploy/trainscore@.service): past that daphne resets
the connection, and nginx would count the reset against a healthy process
(docs/deploying.md)."""

PONG = json.dumps({"type": "pong"})


class ScreenSocket(AsyncWebsocketConsumer):
    """What every screen's socket shares: writing a change's frame, and answering pings."""

    feed: fanout.Feed | None = None
    language: str
    """The language this screen reads, picked as a page's is (live/languages.py)."""
    # No channel of the screen's own: its feed is what listens on the layer. Without
    # this, Channels keeps one more layer receive open per socket, for nothing, and with
    # Redis a closed socket's consumer ends only once that receive has been cancelled.
    channel_layer_alias = None

    async def dispatch(self, message: dict) -> None:
        """Channels' own dispatch, without its trip to a worker thread before every
        handler to close stale database connections (`aclose_old_connections`, in
        channels/consumer.py): a screen's handlers reach the database only through
        `database_sync_to_async`, which does that itself around each call. Measured against
        a checkout with Channels' dispatch here (bench/tuning.py, its server started from
        BENCH_TREE; 2000 viewers, four runs each, alternating): connecting them cost the
        server 2.6 s of CPU (2.5–2.9) with the trip against 2.2 (1.6–2.4) without, and took
        3.7 s (2.9–5.9) against 2.8 (2.3–3.2)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def websocket_connect(self, message: dict) -> None:
        """Connect as the screen's `connect` says. While the database or the channel layer
        is away, or when they take longer than HANDSHAKE_SECONDS, the screen is told to try
        again later (its page does, by itself) and the log says so once per outage
        (core/outages.py), not a traceback per screen. While either is known to be away
        (and something here watches for its return) the screen is told so at once, without
        asking it."""
        if outages.database_known_away() or fanout.layer_away():
            await self.try_again_later()
            return
        try:
            async with asyncio.timeout(HANDSHAKE_SECONDS):
                await super().websocket_connect(message)
        except TimeoutError:
            await self.try_again_later()
        except Exception as exc:
            if outages.is_database_away(exc):
                outages.database.failed(exc)
            elif isinstance(exc, outages.REDIS_AWAY):
                outages.redis.failed(exc)
            else:
                raise
            await self.try_again_later()

    async def try_again_later(self) -> None:
        # A close before accept becomes an HTTP 403 with no code, so accept first.
        await self.accept()
        await self.close(code=TRY_AGAIN_LATER)

    async def write(self, text: str, frame: bytes) -> None:
        """Send `text`; `frame` is it as a websocket frame, the same bytes for every
        viewer (live/frames.py)."""
        if self.connection is None or not frames.write(self.connection, frame):
            await self.base_send({"type": "websocket.send", "text": text})

    async def refuse_unknown(self) -> None:
        # A close before accept becomes an HTTP 403 with no code, so accept first.
        await self.accept()
        await self.close(code=UNKNOWN_GAME)

    async def disconnect(self, code: int) -> None:
        if self.feed is not None:
            await fanout.leave(self.feed, self)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Viewers need not say anything; a ping gets a pong so the page can tell
        # a quiet game from a dead connection, and keeps the feed subscribed.
        if text_data and len(text_data) < 100 and _is_ping(text_data):
            if self.feed is not None:
                await self.feed.renew()
            await self.send(text_data=PONG)


class GameConsumer(ScreenSocket):
    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        self.language = languages.of_scope(self.scope)
        self.held = 0  # the version this screen shows
        self.pending: list[tuple[int, str, bytes]] | None = []  # pushes before the snapshot
        self.connection = frames.connection_behind(self.base_send)
        # Join before reading the state: a change landing in between then arrives
        # as a push after this snapshot instead of being missed.
        self.feed = await fanout.join(code, self)
        current = await self.feed.current(self.language)
        if current is None:  # no such game (or deleted a moment ago): leaves on disconnect
            await self.refuse_unknown()
            return
        await self.accept()
        self.held, text = current
        await self.send(text_data=text)
        pending, self.pending = self.pending, None
        for later in pending:
            await self.push(*later)

    async def push(self, version: int, text: str, frame: bytes) -> None:
        """Called by this process's feed for every change to the game."""
        if self.pending is not None:
            self.pending.append((version, text, frame))
        elif version > self.held:
            self.held = version
            await self.write(text, frame)


def _is_ping(text: str) -> bool:
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "ping"
