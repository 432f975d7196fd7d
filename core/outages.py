"""One log line when a service this process needs stops answering, and one when it is back.

While Redis or the database is away, every request that touches it fails the same way: a
warning (or a traceback) per request buries the two facts an operator needs, when it went
and when it came back, under hundreds of lines. Each place that notices a failure or a
success reports it here; only a change of state is logged.
"""

import logging
import threading
import time
from collections.abc import Callable

from django.db import InterfaceError, OperationalError, connection
from redis.exceptions import RedisError

from core import database_probe

log = logging.getLogger(__name__)


class Outage:
    """Whether `name` answers, as this process last found it; thread-safe. `meanwhile`
    says what the server does while it is away; `watch`, when given, is called as it goes
    away, to find out when it is back without waiting for the next request."""

    def __init__(self, name: str, *, meanwhile: str, watch: Callable[[], None] | None = None):
        self.name = name
        self.meanwhile = meanwhile
        self.watch = watch
        self._since: float | None = None  # monotonic time of the first failure, while away
        self._lock = threading.Lock()

    @property
    def away(self) -> bool:
        return self._since is not None

    def failed(self, error: BaseException) -> None:
        """`name` did not answer. The first failure of an outage is logged, with what
        happens meanwhile; the rest are not."""
        with self._lock:
            if self._since is not None:
                return
            self._since = time.monotonic()
        reason = " ".join(f"{type(error).__name__}: {error}".split())  # one line, always
        log.warning("%s is not answering (%s); %s", self.name, reason, self.meanwhile)
        if self.watch is not None:
            self.watch()

    def answered(self) -> None:
        """`name` answered; logged once, when it had been away."""
        if self._since is None:  # the usual case: no lock to take
            return
        with self._lock:
            if self._since is None:
                return
            away, self._since = time.monotonic() - self._since, None
        log.warning("%s answers again, after %.1f s.", self.name, away)


redis = Outage(
    "Redis",
    meanwhile="saves are answered and kept, wrong keys and failed sign-ins are not counted, "
    "and open screens get the changes once it is back.",
)
"""The cache (wrong-key and sign-in counts, the languages screens read) and the channel
layer, when REDIS_URL is set."""

database = Outage(
    "The database",
    meanwhile="pages, saves and the API answer 503 with Retry-After, and phones keep their "
    "saves to send again.",
    watch=lambda: database_probe.watch(database),
)
"""Probed while away (core/database_probe.py), so its return is noticed without a request."""


def pool_gave_up(pool) -> None:
    """The database pool's `reconnect_failed` (trainscore/settings.py): it could not open a
    connection for database_probe.RECONNECT_TIMEOUT seconds. The probe finds out why."""
    database_probe.watch(database)


def database_known_away() -> bool:
    """Whether the database is known to be away, and the probe will say when it is back:
    until then, what can wait (a screen's socket) need not ask it."""
    return database.away and database_probe.watching()


REDIS_AWAY = (RedisError, OSError)
"""What a Redis client raises while Redis is away (OSError: refused, reset, timed out)."""


def is_database_away(exc: BaseException) -> bool:
    """Whether `exc` says the database did not answer, rather than that a query is wrong."""
    if isinstance(exc, InterfaceError):  # a connection the server had already closed
        return True
    if not isinstance(exc, OperationalError):
        return False
    if connection.vendor == "sqlite":
        # SQLite raises OperationalError for a missing table too: only "locked" is busy.
        return "locked" in str(exc)
    return True  # refused, terminated, timed out waiting for the pool, …
