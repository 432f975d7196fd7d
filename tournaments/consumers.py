"""The websocket a tournament's screens listen on: the "tournament" message (the API's
answer, with what the overview's live part draws) at once and again whenever the
tournament changed, and each table of the stage being played as the night's "table"
message (the feed: tournaments/screens.py).

`?band=<band>` says which band filter the page draws: its message carries the live part
rendered for that band (a band the tournament has not: everyone's). `?tables=none` says
the page draws no table (the overview): it is sent no "table" message."""

from urllib.parse import parse_qs

from channels.db import database_sync_to_async

from nights.consumers import NightConsumer
from tournaments.models import Tournament
from tournaments.screens import OverviewFeed, TournamentFeed


@database_sync_to_async
def bands_of(code: str) -> list[str] | None:
    """The tournament's bands, or None when there is no such tournament."""
    return Tournament.objects.filter(code=code).values_list("bands", flat=True).first()


class TournamentConsumer(NightConsumer):
    """A tournament's screen: the "tournament" message at once and on every change to it,
    each table of the stage being played as the night's "table" message (none for a page
    that draws no table)."""

    feed_class = TournamentFeed
    band = ""
    """The band filter this screen draws ("" for everyone)."""

    async def exists(self, code: str) -> bool:
        bands = await bands_of(code)
        if bands is None:
            return False
        asked = parse_qs(self.scope.get("query_string", b"").decode())
        band = asked.get("band", [""])[0]
        self.band = band if band in bands else ""
        if asked.get("tables") == ["none"]:
            self.feed_class = OverviewFeed
        return True

    async def read_message(self, code: str, language: str) -> tuple[dict[str, int], str] | None:
        return await self.feed.message_for(self.band)
