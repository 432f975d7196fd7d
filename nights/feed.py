"""Nights on the screens, built from live's parts: a second kind of feed, one subscription
per night and process that follows each of its tables' game feeds and hands every change,
wrapped once, to the night's screens.

A table's change arrives through the game's own feed (live/fanout.py) as the text the
game's viewers get; it is put inside the table message by string, so the board is
rendered and encoded once per change for both, and the table message is framed once
for all the night's screens here. The night's own group (`night.<code>`) carries only
"the tables changed" (a table added late): the feed reads its tables again, follows the
new game, and sends every screen a fresh "night" message.
"""

import json
from typing import Protocol

from channels.db import database_sync_to_async
from django.utils import translation

from live import broadcast, fanout, frames
from nights.models import Table
from nights.snapshot import load_night, night_snapshot


def night_group(code: str) -> str:
    return f"night.{code}"


def night_changed(code: str) -> None:
    """Tell every process following the night to read its tables again (a table was
    added); called after the change is committed. The tables' boards are not rendered
    here: each game's own change carries its board."""
    broadcast.send(night_group(code), {"type": "night.changed"}, f"night {code}")


class NightSubscriber(Protocol):
    """What a night's feed hands its changes to: a screen's socket (nights/consumers.py)."""

    async def push_table(self, code: str, version: int, text: str, frame: bytes) -> None: ...

    async def push_night(self, versions: dict[str, int], text: str, frame: bytes) -> None: ...


def table_message(label: str, game_text: str) -> str:
    """`{"type": "table", "label", "game"}` around a game's message, which goes in as is."""
    return f'{{"type":"table","label":{json.dumps(label)},"game":{game_text}}}'


def tables_of(code: str, language: str) -> list[tuple[str, str]]:
    """The night's tables: each one's game code and label in `language` (a table not named
    by staff is "Table <n>" in the reader's language), in table order. Not async itself: a
    tournament's feed reads its latest stage's night with it (tournaments/screens.py)."""
    tables = Table.objects.filter(night__code=code).select_related("game")
    with translation.override(language):
        return [(table.game.code, table.label) for table in tables]


@database_sync_to_async
def night_message(code: str, language: str) -> tuple[dict[str, int], str] | None:
    """The "night" message for the night as it stands, in `language`, and the game
    versions it shows."""
    night = load_night(code)
    if night is None:
        return None
    with translation.override(language):
        data = night_snapshot(night)
    versions = {table["game"]["code"]: table["game"]["version"] for table in data["tables"]}
    return versions, json.dumps({"type": "night", **data}, separators=(",", ":"))


class TableFollower:
    """A night feed's place among one game's screens: each change is wrapped once here."""

    def __init__(self, night: "NightFeed", code: str, label: str) -> None:
        self.night = night
        self.code = code
        self.label = label
        self.language = night.language
        self.feed: fanout.Feed | None = None

    async def push(self, version: int, text: str, frame: bytes) -> None:
        message = table_message(self.label, text)
        wrapped = frames.text_frame(message)
        code = self.code
        await self.night.to_screens(
            lambda screen: screen.push_table(code, version, message, wrapped)
        )


class NightFeed(fanout.Feed):
    """One night's subscription in this process, for the screens here reading one language
    (its tables' boards come in that language through the games' feeds)."""

    CATCH_UP = {"type": "night.changed"}
    # What it reads: a night's tables and message (a tournament's feed reads its own).
    read_tables = staticmethod(database_sync_to_async(tables_of))
    read_message = staticmethod(night_message)
    """The tables read again and the night sent as it stands (its games' feeds catch up
    their boards themselves)."""

    def __init__(self, code: str, language: str) -> None:
        self.tables: dict[str, TableFollower] = {}
        self.language = language
        super().__init__(code, language)

    @staticmethod
    def group_for(code: str) -> str:
        return night_group(code)

    @classmethod
    def key(cls, code: str, language: str) -> str:
        return f"{cls.group_for(code)} {language}"

    async def mark(self) -> None:
        """Nothing: the night's own messages are read here, and its tables' followers
        mark their language on the games' feeds."""

    async def prepare(self) -> None:
        await self._follow()

    async def _follow(self) -> None:
        for code, label in await self.read_tables(self.code, self.language):
            follower = self.tables.get(code)
            if follower is None:
                follower = self.tables[code] = TableFollower(self, code, label)
                follower.feed = await fanout.join(code, follower)
            follower.label = label

    async def handle(self, message: dict) -> None:
        if message != self.CATCH_UP:  # the one message its group carries: "it changed"
            return
        await self._follow()
        current = await self.read_message(self.code, self.language)
        if current is None:
            return
        versions, text = current
        frame = frames.text_frame(text)
        await self.to_screens(lambda screen: screen.push_night(versions, text, frame))

    async def renew(self) -> None:
        await super().renew()
        for follower in self.tables.values():
            if follower.feed is not None:
                await follower.feed.renew()

    async def stop(self) -> None:
        await super().stop()
        for follower in self.tables.values():
            if follower.feed is not None:
                await fanout.leave(follower.feed, follower)
