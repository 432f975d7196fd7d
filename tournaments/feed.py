"""A tournament's screens and what tells them it changed (a stage seated, a clock started,
time called, a game ended, an entrant came or left): one message to the tournament's
group, after commit; each process's feed then reads the tournament as it stands once and
sends it to its screens (the socket: tournaments/consumers.py).

The feed is a second kind of night feed (nights/feed.py): the tournament's group carries
"the tournament changed", and the tables of its latest stage are followed through their
games' own feeds, their changes wrapped once for all the tournament's screens here.
Reading is pure: a clock run out shows as "time_called" (the read model derives it), and
time is called by the clock's own wake-up or the first save after it (tournaments/clock.py).
"""

import json

from channels.db import database_sync_to_async
from django.db import transaction
from django.utils import timezone, translation

from live import broadcast
from nights.feed import NightFeed
from nights.models import Table
from tournaments.api_answer import api_answer
from tournaments.models import Stage
from tournaments.selectors import load_tournament


def tournament_group(code: str) -> str:
    return f"tournament.{code}"


def tournament_changed(code: str) -> None:
    broadcast.send(tournament_group(code), {"type": "tournament.changed"}, f"tournament {code}")


def announce(code: str) -> None:
    """Tell the tournament's screens it changed once the current transaction commits (a
    rolled-back change tells nothing)."""
    transaction.on_commit(lambda: tournament_changed(code))


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
    the game versions of the tables it follows. Reads only."""
    board = load_tournament(code)
    if board is None:
        return None
    with translation.override(language):
        data = api_answer(board)
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

    read_tables = staticmethod(tables_of)
    read_message = staticmethod(tournament_message)
