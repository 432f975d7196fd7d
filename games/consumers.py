"""The websocket a board listens on: the snapshot at once, then one message per change.

Thin on purpose: the broadcast module builds every message; this only joins the
game's group and forwards what arrives, unchanged, to the browser.
"""

import json
import time

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games import broadcast
from games.models import Game

UNKNOWN_GAME = 4404
"""Close code for a code no game has (4000-4999 are free for applications)."""

PONG = json.dumps({"type": "pong"})

REJOIN_EVERY = 3600.0
"""Seconds between refreshes of the group membership. Channel layers forget a member
after `group_expiry` (a day by default), and a TV may show one board for longer."""


@database_sync_to_async
def game_exists(code: str) -> bool:
    return Game.objects.filter(code=code).exists()


@database_sync_to_async
def current_message(code: str) -> str | None:
    game = Game.objects.filter(code=code).first()
    return None if game is None else broadcast.message_for(game)


class GameConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        if not await game_exists(code):
            # A close before accept becomes an HTTP 403 with no code, so accept first.
            await self.accept()
            await self.close(code=UNKNOWN_GAME)
            return
        # Join before reading the state: a change landing in between then arrives
        # as a message after this snapshot instead of being missed.
        self.group = broadcast.group_name(code)
        await self.join()
        await self.accept()
        text = await current_message(code)
        if text is None:  # deleted a moment ago
            await self.close(code=UNKNOWN_GAME)
            return
        await self.send(text_data=text)

    async def join(self) -> None:
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.joined = time.monotonic()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Viewers need not say anything; a ping gets a pong so the page can tell
        # a quiet game from a dead connection.
        if text_data and len(text_data) < 100 and _is_ping(text_data):
            if hasattr(self, "group") and time.monotonic() - self.joined > REJOIN_EVERY:
                await self.join()
            await self.send(text_data=PONG)

    async def game_message(self, event: dict) -> None:
        await self.send(text_data=event["text"])


def _is_ping(text: str) -> bool:
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "ping"
