"""While PostgreSQL is away, one thread per process asks it, on a connection of its own,
whether it answers again, every PROBE_EVERY seconds.

The pool behind Django's connections (trainscore/settings.py) would notice an outage only
when a request had waited DATABASE_POOL_TIMEOUT for it, and its own retries back off (1 s,
2 s, 4 s …), so it could notice the return seconds late; a screen's socket refused while the
database is away (live/consumers.py) does not touch it at all. Here the pool gives up on a
new connection after RECONNECT_TIMEOUT and says so (its `reconnect_failed`, core/outages.py);
the probe then reports the outage at once with what the server said, and, once PostgreSQL
answers, its true length (core/outages.py logs both), and has the pool connect again at
once.

SQLite has no server to be away: only PostgreSQL is probed.
"""

import threading
import time
from typing import Protocol

from django.db import DEFAULT_DB_ALIAS, connections

PROBE_EVERY = 0.25
"""Seconds between two tries while the database is away."""

CONNECT_TIMEOUT = 2
"""Seconds one try may take (libpq's connect_timeout, whole seconds, at least 2)."""

RECONNECT_TIMEOUT = 0.2
"""Seconds the pool tries to open a connection before it gives up and tells the probe (the
pool's `reconnect_timeout`; the probe tries again from then on)."""

_lock = threading.Lock()
_probing = False


class Outage(Protocol):
    """What the probe reports to (core/outages.py's `database`)."""

    def failed(self, error: BaseException) -> None: ...
    def answered(self) -> None: ...


def watch(outage: Outage) -> None:
    """Probe PostgreSQL until it answers, in a thread of its own (one at a time), and
    report to `outage`."""
    global _probing
    if connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        return
    with _lock:
        if _probing:
            return
        _probing = True
    thread = threading.Thread(target=_until_it_answers, args=(outage,), name="database-probe")
    thread.daemon = True
    thread.start()


def watching() -> bool:
    """Whether the probe is under way: it will report when the database answers again."""
    return _probing


def _until_it_answers(outage: Outage) -> None:
    global _probing
    try:
        while (error := _try()) is not None:
            outage.failed(error)  # logged at the first only
            time.sleep(PROBE_EVERY)
    finally:
        # Never left marked as probing: screens would be refused until a request came.
        with _lock:
            _probing = False
    outage.answered()
    _wake_the_pool()


def _try() -> Exception | None:
    """None if PostgreSQL takes a new connection now, else what went wrong."""
    import psycopg

    try:
        params = connections[DEFAULT_DB_ALIAS].get_connection_params()
        params.update(autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        psycopg.connect(**params).close()
    except Exception as error:  # refused, starting up, timed out, a name not found, …
        return error
    return None


def _wake_the_pool() -> None:
    """Have the pool replace its broken connections and open one now, for the requests
    waiting for it, rather than at its next back-off."""
    pool = connections[DEFAULT_DB_ALIAS].pool
    if pool is not None and not pool.closed:
        pool.check()  # the connections it finds broken are replaced by its own workers
