"""The websocket a tournament's screens listen on: the "tournament" message (the API's
answer) at once and again whenever the tournament changed, and each table of the stage
being played as the night's "table" message (the feed: tournaments/feed.py)."""

from channels.db import database_sync_to_async

from nights.consumers import NightConsumer
from tournaments.feed import TournamentFeed, tournament_message
from tournaments.models import Tournament


@database_sync_to_async
def tournament_exists(code: str) -> bool:
    return Tournament.objects.filter(code=code).exists()


class TournamentConsumer(NightConsumer):
    """A tournament's screen: the "tournament" message at once and on every change to it,
    each table of the stage being played as the night's "table" message."""

    feed_class = TournamentFeed
    exists = staticmethod(tournament_exists)
    read_message = staticmethod(tournament_message)
