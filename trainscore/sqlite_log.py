"""One idle connection per SQLite file, held for the process's life.

When the last connection to a database in WAL mode closes, SQLite folds the write-ahead
log into the file and deletes it, and the next connection builds it up again. Under
ASGI every request opens and closes its own connection (a thread of its own), so each
save paid for both. An idle connection holds no lock and no snapshot: writers and
checkpoints carry on as usual, and the log stays between requests (a save: ~0.5 ms of
CPU less, bench).

Only for the server's process (trainscore/asgi.py connects it): a process that replaces
the database file, as an upgrade does (trainscore/upgrade.py), must not hold one, or the
held connection would keep the replaced file's log to itself.
"""

import sqlite3
from pathlib import Path

_held: dict[str, sqlite3.Connection] = {}


def hold_open(sender, connection, **kwargs) -> None:
    """django.db.backends.signals.connection_created: the first time a file is opened."""
    if connection.vendor != "sqlite" or connection.is_in_memory_db():
        return
    name = str(Path(connection.settings_dict["NAME"]).resolve())
    if name not in _held:
        held = sqlite3.connect(name, check_same_thread=False)
        held.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()  # opens the log
        _held[name] = held
