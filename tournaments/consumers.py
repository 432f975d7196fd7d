"""The websocket a tournament's screens listen on: the "tournament" message (the API's
answer) at once and again whenever the tournament changed, and each table of the stage
being played as the night's "table" message.

The feed is a second kind of night feed (nights/feed.py): the tournament's group carries
"the tournament changed", and the tables of its latest stage are followed through their
games' own feeds, their changes wrapped once for all the tournament's screens here.
"""

import json

from channels.db import database_sync_to_async
from django.utils import timezone, translation

from nights.consumers import NightConsumer
from nights.feed import NightFeed
from nights.models import Table
from tournaments.clock import call_time_where_due
from tournaments.feed import tournament_group
from tournaments.models import Stage, Tournament
from tournaments.results import load_tournament
from tournaments.snapshot import tournament_snapshot

# --- Following a tournament on its screens -------------------------------------------
# (imported here: these read the tournament, whose services tell the feed they changed)

# A second kind of night feed: the tournament's group carries "the tournament changed"
# (a stage seated, a clock started, time called, a game ended, an entrant came or left);
# each table of the stage being played reaches the screens as the night's "table" message.


@database_sync_to_async
def tables_of(code: str, language: str) -> list[tuple[str, str]]:
    """The latest stage's tables: each game's code and label in `language` (a table not
    named by staff is "Table <n>" in the reader's language), in table order."""
    stage = Stage.objects.filter(tournament__code=code).order_by("-number").first()
    if stage is None:
        return []
    tables = Table.objects.filter(night=stage.night_id).select_related("game")
    with translation.override(language):
        return [(table.game.code, table.label) for table in tables]


@database_sync_to_async
def tournament_message(code: str, language: str) -> tuple[dict[str, int], str] | None:
    """The "tournament" message as it stands, in `language` (with the server's "now"), and
    the game versions of the tables it follows."""
    board = load_tournament(code)
    if board is None:
        return None
    if call_time_where_due(tournament_id=board.tournament.pk):
        board = load_tournament(code)
    with translation.override(language):
        data = tournament_snapshot(board)
    latest = board.latest
    versions = {t.board.game.code: t.board.game.version for t in latest.tables} if latest else {}
    # The server's time as it sends the message: each screen counts the stage's clock down
    # from it, not from its own clock (static/js/clock.js).
    message = {"type": "tournament", **data, "now": timezone.now().isoformat()}
    return versions, json.dumps(message, separators=(",", ":"))


class TournamentFeed(NightFeed):
    """One tournament's subscription in this process, for its screens reading one language."""

    CATCH_UP = {"type": "tournament.changed"}

    @staticmethod
    def group_for(code: str) -> str:
        return tournament_group(code)

    @classmethod
    def key(cls, code: str, language: str) -> str:
        return f"{tournament_group(code)} {language}"

    read_tables = staticmethod(tables_of)
    read_message = staticmethod(tournament_message)


@database_sync_to_async
def tournament_exists(code: str) -> bool:
    return Tournament.objects.filter(code=code).exists()


class TournamentConsumer(NightConsumer):
    """A tournament's screen: the "tournament" message at once and on every change to it,
    each table of the stage being played as the night's "table" message."""

    feed_class = TournamentFeed
    exists = staticmethod(tournament_exists)
    read_message = staticmethod(tournament_message)
