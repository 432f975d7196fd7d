"""One channel-layer subscription per game and per process, fanned out to local sockets.

The usual Channels pattern puts every socket's own channel in the game's group, so
a change costs, per viewer: a layer message (a deep copy in the in-memory layer,
which also scans every channel on each receive), a queue wake-up, a dispatch, and a
round trip to a worker thread (`aclose_old_connections`, before every handler). At
1000 viewers that kept one process busy for about half a second per save, and the
scorekeeper's answer waited behind it (bench/fanout.py, docs/performance.md).
Here each process joins the group once per game that has viewers, and hands every
message to its own sockets in a plain loop. The layer carries one message per
process; the per-viewer work left is writing the frame.

Order: a feed delivers messages in the order the layer gives them, and a screen
drops a version it already holds, so a viewer never sees an older board after a
newer one.

Languages: each screen reads one. A change's layer message carries its text in every
language marked in use (live/languages.py); the feed frames each once and gives every
screen its own. A language the message lacks (its mark was late or lost) the feed renders
itself, once for all its screens that read it.
"""

import asyncio
import json
import logging
import time
import weakref
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.utils import translation

from core import outages, process_tuning
from games.models import Game
from live import frames, languages
from live.broadcast import group_name, message_for

log = logging.getLogger(__name__)

YIELD_EVERY = 200
"""Let other work (the scorekeeper's answer, new connections) run between batches."""

REJOIN_EVERY = 3600.0
"""Seconds between refreshes of the group membership. Channel layers forget a member
after `group_expiry` (a day by default), and a TV may show one board for longer; a
screen's heartbeat ping renews its feed once this long has passed."""

RETRY_SECONDS = 0.5
"""While the channel layer is away (Redis restarting), how often to try it again."""


class Subscriber(Protocol):
    """What a feed hands each change to: a screen's socket (live/consumers.py's
    `ScreenSocket`), one per screen watching here."""

    language: str
    """The language this screen reads (live/languages.py)."""

    async def push(self, version: int, text: str, frame: bytes) -> None: ...


F = TypeVar("F", bound="Feed")


def version_of(text: str) -> int:
    return json.loads(text)["version"]


@database_sync_to_async
def current_message(code: str, language: str) -> tuple[int, str] | None:
    """Game `code`'s version and message as it stands, in `language`; None once deleted."""
    game = Game.objects.filter(code=code).first()
    if game is None:
        return None
    with translation.override(language):
        return game.version, message_for(game)


class Feed:
    """One game's subscription in this process, and the screens watching it here.

    A night follows its games as another kind of feed (nights/feed.py): the same
    subscription, with its own group, a first step once subscribed, and its own handling
    of what the layer brings."""

    CATCH_UP: dict = {"type": "game.message", "texts": {}}
    """A message that brings nothing: handled, it hands every screen the game as it stands
    (a change without its language is read here), and a screen drops a version it holds."""

    def __init__(self, code: str, language: str) -> None:
        self.code = code
        self.group = self.group_for(code)
        self.screens: dict[Subscriber, None] = {}  # insertion-ordered set
        self.languages: Counter[str] = Counter()  # of the screens
        self.marked: set[str] = set()
        self.latest: dict[str, tuple[int, str]] = {}  # language → (version, text)
        self.reading: dict[str, asyncio.Future[bool]] = {}  # language → read under way
        self.channel: str | None = None
        self.joined = 0.0
        self.task: asyncio.Task | None = None
        self.started = asyncio.ensure_future(self._start())

    @staticmethod
    def group_for(code: str) -> str:
        return group_name(code)

    @classmethod
    def key(cls, code: str, language: str) -> str:
        """How this process finds the feed: a game's screens share one in every language."""
        return cls.group_for(code)

    def add(self, screen: Subscriber) -> None:
        self.screens[screen] = None
        self.languages[screen.language] += 1

    def remove(self, screen: Subscriber) -> bool:
        """Forget `screen`; False when it was not here."""
        if self.screens.pop(screen, False) is not None:
            return False
        self.languages[screen.language] -= 1
        if not self.languages[screen.language]:
            del self.languages[screen.language]
            # Changes stop being kept in a language nobody here reads: the last one kept
            # would soon be stale, and a screen joining later must not be given it.
            self.latest.pop(screen.language, None)
        return True

    async def mark(self) -> None:
        """Have every change rendered in each language read here (live/languages.py)."""
        new = set(self.languages) - self.marked
        if new:
            self.marked |= new
            try:
                await languages.mark(self.code, new)
            except outages.REDIS_AWAY as exc:  # a moment: this feed renders them itself
                outages.redis.failed(exc)
            except Exception:
                log.exception("Could not mark the languages read for %s", self.group)

    async def _start(self) -> None:
        layer = get_channel_layer()
        self.channel = await layer.new_channel()
        await layer.group_add(self.group, self.channel)
        outages.redis.answered()  # logged when it had been away
        self.joined = time.monotonic()
        await self.prepare()
        self.task = asyncio.create_task(self._run(layer))

    async def prepare(self) -> None:
        """Anything to do once subscribed, before the first screen is told anything."""

    async def renew(self) -> None:
        """Join the group again if the layer may be about to forget this feed."""
        await asyncio.shield(self.started)
        if time.monotonic() - self.joined > REJOIN_EVERY:
            try:
                await self.join_again(get_channel_layer())
            except outages.REDIS_AWAY as exc:  # joined again once it is back (_layer_back)
                outages.redis.failed(exc)

    async def join_again(self, layer) -> None:
        """Join the group and mark the languages read here anew: the layer forgets both
        after a while, and a Redis restarted empty at once."""
        self.joined = time.monotonic()
        await layer.group_add(self.group, self.channel)
        self.marked.clear()
        await self.mark()

    async def _run(self, layer) -> None:
        while True:
            try:
                message = await layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the layer is down for a moment (Redis restarting)
                if asyncio.current_task().cancelling():
                    # Stopped, but the layer turned the cancellation into an error (as
                    # redis-py 8 did): end here rather than listen on for good.
                    raise asyncio.CancelledError from None
                if isinstance(exc, outages.REDIS_AWAY):
                    outages.redis.failed(exc)
                else:
                    log.exception("Could not receive changes for %s; trying again", self.group)
                await _layer_back(layer)
                continue
            try:
                await self.handle(message)
            except Exception:  # one bad message must not end the subscription
                log.exception("Could not hand a change for %s to its screens", self.group)

    async def rejoin(self, layer) -> None:
        """Join the group again and catch the screens up: the layer was away, so it may
        have forgotten this feed (a Redis restarted empty), and what was broadcast
        meanwhile is lost. Raises while the layer is still away."""
        await self.join_again(layer)
        try:
            await self.handle(self.CATCH_UP)
        except Exception:  # joined again all the same: the next change reaches the screens
            log.exception("Could not catch up the screens of %s", self.group)

    async def handle(self, message: dict) -> None:
        texts = message.get("texts")
        if message.get("type") != "game.message" or texts is None:
            return
        latest = {}
        for language in list(self.languages):
            text = texts.get(language)
            if text is None:  # not marked in time: rendered here, once for this process
                current = await current_message(self.code, language)
                if current is None:
                    continue
                text = current[1]
            latest[language] = (version_of(text), text)
            self.remember(language, *latest[language])
        sends = {
            language: (version, text, frames.text_frame(text))
            for language, (version, text) in latest.items()
        }
        await self.to_screens(
            lambda screen: (
                screen.push(*sends[screen.language]) if screen.language in sends else _nothing()
            )
        )

    async def to_screens(self, send: Callable[[Any], Awaitable[None]]) -> None:
        """`send(screen)` for every screen here, in order, yielding now and then."""
        for n, screen in enumerate(list(self.screens), start=1):
            try:
                await send(screen)
            except Exception:  # one broken socket must not silence the others
                log.exception("Could not push %s to a screen", self.group)
                self.remove(screen)
            if n % YIELD_EVERY == 0:
                await asyncio.sleep(0)

    def remember(self, language: str, version: int, text: str) -> None:
        known = self.latest.get(language)
        if known is None or version > known[0]:
            self.latest[language] = (version, text)

    async def current(self, language: str) -> tuple[int, str] | None:
        """The game's version and message in `language`, for a screen that has joined;
        None when there is no such game.

        What this feed last handed on in that language, when its screens have read it
        since (so it is current, and a change still on its way reaches the new screen as
        a push). Otherwise the game is read and rendered once for all the screens
        joining at that moment: a room of screens reconnecting at once costs one read."""
        if language not in self.latest:
            reading = self.reading.get(language)
            if reading is None:
                reading = self.reading[language] = asyncio.ensure_future(self._read(language))
            if not await asyncio.shield(reading):
                return None
        return self.latest[language]

    async def _read(self, language: str) -> bool:
        try:
            read = await current_message(self.code, language)
            if read is not None:
                self.remember(language, *read)
            return read is not None
        finally:
            del self.reading[language]

    async def stop(self) -> None:
        await self.started
        if self.task is not None:
            self.task.cancel()
        try:
            await get_channel_layer().group_discard(self.group, self.channel)
        except outages.REDIS_AWAY as exc:
            # The layer forgets the member by itself (its group_expiry); said once per
            # outage (core/outages.py), not a traceback per screen closing.
            outages.redis.failed(exc)


async def _nothing() -> None:
    return None


# Per event loop, as the feeds: the recovery under way after the layer went away.
_recoveries: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Future]" = (
    weakref.WeakKeyDictionary()
)


def layer_away() -> bool:
    """Whether this process's feeds are waiting for the channel layer to answer again: a
    screen joining now would hear nothing until then."""
    recovery = _recoveries.get(asyncio.get_running_loop())
    return recovery is not None and not recovery.done()


async def _layer_back(layer) -> None:
    """Return once the layer answers again and every feed of this process has rejoined
    (`Feed.rejoin`). One recovery for all the feeds that noticed the same outage: a feed
    that did not (the layer was back before its turn to receive) rejoins all the same."""
    loop = asyncio.get_running_loop()
    recovery = _recoveries.get(loop)
    if recovery is None or recovery.done():
        recovery = _recoveries[loop] = asyncio.ensure_future(_recover(layer))
    await asyncio.shield(recovery)


async def _recover(layer) -> None:
    while True:
        await asyncio.sleep(RETRY_SECONDS)
        # Subscribed feeds (one still starting joins by itself).
        feeds = [feed for feed in list(_local().values()) if feed.task is not None]
        if not feeds:
            # Every screen here left meanwhile: nothing to rejoin, and nothing to say whether
            # the layer is back. The next feed to start finds out (Feed._start).
            return
        try:
            for feed in feeds:
                await feed.rejoin(layer)
        except Exception:
            # Still away: its first failure was logged, once (core/outages.py).
            log.debug("The channel layer is still not answering; trying again")
            continue
        # Redis is back: said once for the whole process, by whoever noticed first.
        outages.redis.answered()
        log.debug("The channel layer answers again; every screen here is caught up")
        return


# Per event loop, as a feed's task and futures belong to one: daphne runs one loop, so a
# server has one set of feeds; the tests' sockets run on a new loop in each test.
_feeds: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, Feed]]" = (
    weakref.WeakKeyDictionary()
)


def _local() -> dict[str, Feed]:
    """This event loop's feeds by group name."""
    return _feeds.setdefault(asyncio.get_running_loop(), {})


def watched(code: str) -> Feed | None:
    """This process's feed of game `code`, when a screen here already watches it."""
    return _local().get(group_name(code))


async def join(code: str, screen: Subscriber) -> Feed:
    """Watch game `code` from this process; returns once the subscription is in place."""
    return await join_feed(Feed, code, screen)


async def join_feed(kind: type[F], code: str, screen: Subscriber) -> F:
    """Watch `code` through this process's feed of that kind, starting it if need be."""
    feeds = _local()
    key = kind.key(code, screen.language)
    feed = feeds.get(key)
    if feed is None:
        feed = feeds[key] = kind(code, screen.language)
    feed.add(screen)
    try:
        await asyncio.shield(feed.started)
        await feed.mark()
    except asyncio.CancelledError:
        # The screen stopped waiting (live/consumers.py, HANDSHAKE_SECONDS); the feed goes
        # on for the others, or ends if it was the only one.
        feed.remove(screen)
        if not feed.screens and feeds.get(key) is feed:
            del feeds[key]
            _later(feed.stop())
        raise
    except Exception:
        # Not subscribed (the layer or the database failed): the next screen starts anew.
        if feeds.get(key) is feed:
            del feeds[key]
        raise
    process_tuning.screen_joined()
    return feed


_stopping: set[asyncio.Task] = set()


def _later(stop: Awaitable[None]) -> None:
    """Run `stop` by itself (kept referenced until done); a failure is only logged."""

    async def run() -> None:
        try:
            await stop
        except Exception:  # its start failed: nothing to stop
            log.debug("A feed left before it started", exc_info=True)

    task = asyncio.ensure_future(run())
    _stopping.add(task)
    task.add_done_callback(_stopping.discard)


async def leave(feed: Feed, screen: Subscriber) -> None:
    """Stop watching; the last screen to leave ends the process's subscription."""
    if feed.remove(screen):
        process_tuning.screen_left()
    feeds = _local()
    key = feed.key(feed.code, screen.language)
    if not feed.screens and feeds.get(key) is feed:
        del feeds[key]
        await feed.stop()
