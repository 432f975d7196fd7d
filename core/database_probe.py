"""While PostgreSQL is away, one thread per process asks it, on a connection of its own,
whether it answers again, every PROBE_EVERY seconds.

The pool behind Django's connections (trainscore/settings.py) would notice an outage only
when a request had waited DATABASE_POOL_TIMEOUT for it, and its own retries back off (1 s,
2 s, 4 s …), so it could notice the return seconds late; a screen's socket refused while the
database is away (live/consumers.py) does not touch it at all. Here the pool gives up on a
new connection after RECONNECT_TIMEOUT and says so (its `reconnect_failed`); the probe then
logs the outage at once with what the server said (core/outages.py), and, once PostgreSQL
answers, logs its true length and has the pool connect again at once.

SQLite has no server to be away: only PostgreSQL is probed.
"""

import threading
import time

from django.db import DEFAULT_DB_ALIAS, connections

from core import outages

PROBE_EVERY = 0.25
"""Seconds between two tries while the database is away."""

CONNECT_TIMEOUT = 2
"""Seconds one try may take (libpq's connect_timeout, whole seconds, at least 2)."""

RECONNECT_TIMEOUT = 0.5
"""Seconds the pool tries to open a connection before it gives up and tells the probe (the
pool's `reconnect_timeout`; the probe tries again from then on)."""

_lock = threading.Lock()
_probing = False


def pool_gave_up(pool) -> None:
    """The pool's `reconnect_failed`: it could not open a connection for RECONNECT_TIMEOUT."""
    watch()


def watch() -> None:
    """Probe PostgreSQL until it answers, in a thread of its own (one at a time)."""
    global _probing
    if connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        return
    with _lock:
        if _probing:
            return
        _probing = True
    threading.Thread(target=_until_it_answers, name="database-probe", daemon=True).start()


def away() -> bool:
    """Whether the database is known to be away, and the probe will say when it is back:
    until then, what can wait (a screen's socket) need not ask it."""
    return _probing and outages.database.away


def _until_it_answers() -> None:
    global _probing
    while True:
        error = _try()
        if error is None:
            with _lock:
                _probing = False
            outages.database.answered()
            _wake_the_pool()
            return
        outages.database.failed(error)  # logged at the first only
        time.sleep(PROBE_EVERY)


def _try() -> Exception | None:
    """None if PostgreSQL takes a new connection now, else what it said."""
    import psycopg

    params = connections[DEFAULT_DB_ALIAS].get_connection_params()
    params.update(autocommit=True, connect_timeout=CONNECT_TIMEOUT)
    try:
        psycopg.connect(**params).close()
    except psycopg.Error as error:
        return error
    return None


def _wake_the_pool() -> None:
    """Have the pool replace its broken connections and open one now, for the requests
    waiting for it, rather than at its next back-off."""
    pool = connections[DEFAULT_DB_ALIAS].pool
    if pool is not None and not pool.closed:
        pool.check()
