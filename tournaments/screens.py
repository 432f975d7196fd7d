"""A tournament's screens in this process: one feed per tournament, language and kind of
page, told by the tournament's group that it changed (tournaments/changes.py), sends the
tournament as it stands to its screens (the socket: tournaments/consumers.py), with the
overview's live part rendered once per band filter they draw. Every feed of a
tournament here shares one reading of each change (`Reading`).

The feed is a second kind of night feed (nights/feed.py): the tournament's group carries
"the tournament changed", and the tables of its latest stage are followed through their
games' own feeds, their changes wrapped once for all the tournament's screens here (the
wall's feed; the overview's follows no table: `OverviewFeed`).
Reading is pure: a clock run out shows as "time_called" (the read model derives it), and
time is called by the clock's own wake-up or the first save after it (tournaments/clock.py).
"""

import dataclasses
import json
from collections.abc import Collection

from channels.db import database_sync_to_async
from django.utils import timezone, translation

from live import frames
from nights.feed import NightFeed, tables_of
from tournaments import my_table
from tournaments.api_answer import api_answer
from tournaments.changes import CHANGED, tournament_group
from tournaments.models import Stage
from tournaments.overview import render_live
from tournaments.selectors import TournamentBoard, load_tournament


@database_sync_to_async
def latest_stage_tables(code: str, language: str) -> list[tuple[str, str]]:
    """The tables of the tournament's latest stage, as its night's feed reads them."""
    stages = Stage.objects.filter(tournament__code=code).order_by("-number")
    night = stages.values_list("night__code", flat=True).first()
    return [] if night is None else tables_of(night, language)


@dataclasses.dataclass
class Reading:
    """One change to a tournament as this process read it, shared by every feed of it here
    (one per language and kind of page): the board and the API's answer read and encoded
    once, each language's and band filter's message rendered once."""

    change: str
    board: TournamentBoard
    answer: str  # the API's answer encoded, without its braces
    texts: dict[tuple[str, str], str] = dataclasses.field(default_factory=dict)


_readings: dict[str, Reading] = {}  # tournament code → its latest change read here
KEPT_READINGS = 16  # tournaments whose latest reading this process keeps


def _reading(code: str, change: str | None) -> Reading | None:
    """The tournament as it stands after `change`: read now, unless another feed here read
    that change already (None: a read of its own, for a screen joining or catching up)."""
    known = _readings.get(code)
    if change is not None and known is not None and known.change == change:
        return known
    board = load_tournament(code)
    if board is None:
        return None
    answer = json.dumps(api_answer(board), separators=(",", ":"))[1:-1]
    reading = Reading(change or "", board, answer)
    if change is not None:
        _readings.pop(code, None)
        _readings[code] = reading
        if len(_readings) > KEPT_READINGS:
            del _readings[next(iter(_readings))]
    return reading


@database_sync_to_async
def tournament_messages(
    code: str, language: str, bands: Collection[str], change: str | None = None
) -> tuple[dict[str, int], dict[str, str]] | None:
    """The "tournament" message as it stands after `change`, in `language`, for each band
    filter in `bands` ("" for none; a band the tournament has not draws everyone), without
    the server's "now" (`stamped` adds it as it is sent); and the game versions it shows
    (none: a wall draws each table from its own "table" messages). Reads only."""
    reading = _reading(code, change)
    if reading is None:
        return None
    board = reading.board
    texts = {}
    with translation.override(language):
        common = None
        for band in bands:
            text = reading.texts.get((language, band))
            if text is None:
                if common is None:
                    seats = [dataclasses.asdict(table) for table in my_table.seats(board)]
                    common = (
                        f'{{"type":"tournament",{reading.answer},'
                        f'"seats":{json.dumps(seats, separators=(",", ":"))}'
                    )
                live = render_live(board, band=band if band in board.tournament.bands else "")
                text = reading.texts[language, band] = f'{common},"live":{json.dumps(live)}}}'
            texts[band] = text
    # It carries no table's board: it holds back none of their changes, even one read into
    # its standings (a game's end) whose "table" message comes after it.
    return {}, texts


def stamped(text: str) -> str:
    """The message with the server's time as it is sent: each screen counts the stage's
    clock down from it, not from its own clock (static/js/clock.js)."""
    return f'{text[:-1]},"now":{json.dumps(timezone.now().isoformat())}}}'


def band_of(screen: object) -> str:
    """The band filter a screen draws ("" for everyone)."""
    return getattr(screen, "band", "")


class TournamentFeed(NightFeed):
    """One tournament's subscription in this process, for its screens reading one language.

    Each change is read once and rendered once per band filter its screens draw (their
    sockets say which: tournaments/consumers.py), whatever the number of screens; the
    last rendering of each is kept for screens joining until the next change."""

    CATCH_UP = {"type": CHANGED}  # no change's id: read afresh

    def __init__(self, code: str, language: str) -> None:
        self.texts: dict[str, tuple[dict[str, int], str]] = {}  # band → (versions, text)
        self.changes = 0  # handled so far: a read begun before one is not kept
        super().__init__(code, language)

    @staticmethod
    def group_for(code: str) -> str:
        return tournament_group(code)

    read_tables = staticmethod(latest_stage_tables)

    async def handle(self, message: dict) -> None:
        if message.get("type") != CHANGED:  # the one message its group carries
            return
        self.changes += 1
        await self._follow()
        current = await tournament_messages(
            self.code,
            self.language,
            {band_of(screen) for screen in self.screens},
            message.get("change"),
        )
        if current is None:
            return
        versions, texts = current
        self.texts = {band: (versions, text) for band, text in texts.items()}
        sends = {}
        for band, text in texts.items():
            text = stamped(text)
            sends[band] = (text, frames.text_frame(text))

        async def send(screen) -> None:
            # A screen that joined since the bands were counted is read on its own.
            if band_of(screen) in sends:
                await screen.push_night(versions, *sends[band_of(screen)])

        await self.to_screens(send)

    async def message_for(self, band: str) -> tuple[dict[str, int], str] | None:
        """The message as it stands for a screen joining with this band filter: the last
        one rendered for it, or read now (None for a tournament deleted)."""
        known = self.texts.get(band)
        if known is None:
            changes = self.changes
            current = await tournament_messages(self.code, self.language, [band])
            if current is None:
                return None
            versions, texts = current
            known = (versions, texts[band])
            if changes == self.changes:  # no change handled meanwhile: still current
                self.texts[band] = known
        versions, text = known
        return versions, stamped(text)


class OverviewFeed(TournamentFeed):
    """A tournament's feed for pages that draw no table (the overview, `?tables=none` on
    its socket): the "tournament" message only. A save at a table costs its screens
    nothing, and its board is not rendered in their languages for them."""

    @classmethod
    def key(cls, code: str, language: str) -> str:
        return f"{super().key(code, language)} overview"

    async def _follow(self) -> None:
        """No table is followed."""
