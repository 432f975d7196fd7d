"""Phones on a tournament's page (`/tournaments/<code>/`), as the bench's client process
follows them (bench/viewers.py): each holds the tournament's socket and does with every
"tournament" message what the page's own scripts do (`OverviewPage`), and the bench
counts when each phone *shows* each change it made (a game ended, a stage seated, a
clock started): it received a message that carries the change and finished whatever
fetch the page makes for it.

A change is known by what the "tournament" message says once it happened (`reflected`):
a game ended when one of its players has its rounds in the standings, a stage is seated
when the stages list has it, a clock runs when that stage's clock has started.
"""

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence

from bench.walls import TOURNAMENT, Walls

RENDERED = ("html", "live")
"""Keys of a "tournament" message that would carry the page's live part, drawn by the
server: a page given one draws it and fetches nothing."""


def reflected(message: dict, changes: Sequence[dict]) -> frozenset[int]:
    """Which of `changes` (by index) the "tournament" message `message` already carries:
    {"ended": player id, "rounds": n}, {"seated": stage number} or {"clock": stage number}."""
    rounds = {line["player"]["id"]: line["rounds"] for line in message.get("standings", ())}
    stages = message.get("stages", ())
    found = set()
    for index, change in enumerate(changes):
        if "ended" in change:
            held = rounds.get(change["ended"], 0) >= change["rounds"]
        elif "seated" in change:
            held = len(stages) >= change["seated"]
        else:
            number = change["clock"]
            held = len(stages) >= number and stages[number - 1]["clock"]["started"] is not None
        if held:
            found.add(index)
    return frozenset(found)


class OverviewPage:
    """What static/js/tournament.js does with a "tournament" message on a phone (its
    `receive` and `redraw`): the page as addressed (`?me=`, `?band=`) is fetched again,
    one fetch at a time, and a message during a fetch fetches once more after it. A
    message that carries the live part already drawn (a key in RENDERED) is drawn as it
    comes, and nothing is fetched. When the page changes what it does, this changes.

    `shown` holds, per change, when this phone first showed it: for a fetch, when the
    answer was in, for each change the messages received before the fetch began carried.
    """

    def __init__(self, fetch: Callable[[], Awaitable[bool]]) -> None:
        self.fetch = fetch  # GET the page as addressed; True when it answered 200
        self.shown: dict[int, float] = {}
        self.carried: frozenset[int] = frozenset()  # by the messages received so far
        self.fetching = False
        self.again = False
        self.fetches = 0
        self.failed = 0

    def receive(self, message: dict, changes: frozenset[int], now: float) -> None:
        self.carried |= changes
        if any(key in message for key in RENDERED):
            self.show(changes, now)
        else:
            self.redraw()

    def redraw(self) -> None:
        if self.fetching:
            self.again = True
            return
        self.fetching = True
        asyncio.get_running_loop().create_task(self.swap())

    async def swap(self) -> None:
        try:
            while True:
                changes = self.carried
                self.fetches += 1
                if await self.fetch():
                    self.show(changes, time.monotonic())
                else:
                    self.failed += 1
                if not self.again:
                    break
                self.again = False
        finally:
            self.fetching = False

    def show(self, changes: Iterable[int], now: float) -> None:
        for change in changes:
            self.shown.setdefault(change, now)


def last_to_show(shown: Sequence[dict[int, float]], changes: int) -> list[float | None]:
    """Per change, when the last phone showed it; None while one phone has not."""
    last: list[float | None] = []
    for change in range(changes):
        times = [phone.get(change) for phone in shown]
        last.append(None if not times or None in times else max(times))
    return last


def unshown(shown: Sequence[dict[int, float]], changes: int) -> int:
    """Changes a phone never showed, over every phone: each one a lost message."""
    return sum(1 for phone in shown for change in range(changes) if change not in phone)


class Phones(Walls):
    """The phones of one tournament, in the viewers' process: each "tournament" message
    handed to the phone's page (`viewer.page`, an `OverviewPage`), and any "table" message
    counted (the overview draws no table, and its socket asks for none)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables = 0  # "table" messages, over every phone
        self.changes: list[dict] = []
        self.read: dict[bytes, tuple[dict, frozenset[int]]] = {}  # each message text once
        self.carried_by: dict[object, frozenset[int]] = {}
        self.backwards = 0  # tournament messages carrying less than one before them

    def received(self, viewer, payload: bytes, now: float) -> None:
        if not payload.startswith(TOURNAMENT):
            self.tables += 1
            return
        self.tournaments += 1
        if payload not in self.read:
            message = json.loads(payload)
            self.read[payload] = message, reflected(message, self.changes)
        message, changes = self.read[payload]
        before = self.carried_by.get(viewer, frozenset())
        if not changes >= before:
            self.backwards += 1
        self.carried_by[viewer] = changes
        viewer.page.receive(message, changes, now)

    def shown(self) -> dict:
        shown = [viewer.page.shown for viewer in self.viewers]
        pages = [viewer.page for viewer in self.viewers]
        return {
            "last": last_to_show(shown, len(self.changes)),
            "unshown": unshown(shown, len(self.changes)),
            "out_of_order": self.backwards,
            "fetches": sum(p.fetches for p in pages),
            "failed": sum(p.failed for p in pages),
            "fetching": sum(1 for p in pages if p.fetching),
            "messages": self.tournaments,
            "tables": self.tables,
        }
