"""The websocket a night's screens listen on: the "night" message at once, then one
"table" message per change to any of its games (nights/feed.py wraps them)."""

from channels.db import database_sync_to_async

from live import fanout, frames, languages
from live.consumers import UNKNOWN_GAME, ScreenSocket
from nights.feed import NightFeed, night_message
from nights.models import Night


@database_sync_to_async
def night_exists(code: str) -> bool:
    return Night.objects.filter(code=code).exists()


class NightConsumer(ScreenSocket):
    # What a screen follows: a night (a tournament's screen follows its own the same way).
    feed_class = NightFeed
    exists = staticmethod(night_exists)
    read_message = staticmethod(night_message)

    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        self.language = languages.of_scope(self.scope)
        self.held: dict[str, int] = {}  # game code → the version this screen shows
        self.pending: list | None = []  # pushes before the "night" message
        self.connection = frames.connection_behind(self.base_send)
        if not await self.exists(code):
            await self.refuse_unknown()
            return
        # Join (the night and its games) before reading the night, as for a game.
        self.feed = await fanout.join_feed(self.feed_class, code, self)
        current = await self.read_message(code, self.language)
        await self.accept()
        if current is None:  # deleted a moment ago
            await self.close(code=UNKNOWN_GAME)
            return
        versions, text = current
        self._hold(versions)
        await self.send(text_data=text)
        pending, self.pending = self.pending, None
        for kind, *later in pending:
            await getattr(self, kind)(*later)

    async def push_table(self, code: str, version: int, text: str, frame: bytes) -> None:
        """Called by this process's night feed for every change to one of its games."""
        if self.pending is not None:
            self.pending.append(("push_table", code, version, text, frame))
        elif version > self.held.get(code, 0):
            self.held[code] = version
            await self.write(text, frame)

    async def push_night(self, versions: dict[str, int], text: str, frame: bytes) -> None:
        """Called by the night feed when the night's tables changed (a table added)."""
        if self.pending is not None:
            self.pending.append(("push_night", versions, text, frame))
        else:
            self._hold(versions)
            await self.write(text, frame)

    def _hold(self, versions: dict[str, int]) -> None:
        for code, version in versions.items():
            self.held[code] = max(version, self.held.get(code, 0))
