"""Django's SQLite backend, with one process's writers queued in Python.

Every transaction begins IMMEDIATE (settings.py): it takes SQLite's write lock at BEGIN,
so two saves never fail each other, they wait. SQLite's own wait is a busy handler that
sleeps and tries again, longer each time (1, 2, 5 … 100 ms): on a busy server a save
behind another or behind a game's end slept on long after the lock was free (the
tournament bench: docs/performance.md, "A tournament day"). Here the threads of one process
take a lock of their own first, per database file: the next writer wakes as soon as the
one before commits or rolls back. Other processes on the file (a command, a second
server) still meet at SQLite's lock, as before; a writer that waited `timeout` seconds
(the database's OPTIONS) fails as SQLite's would ("database is locked").
"""

import threading

from django.db import OperationalError
from django.db.backends.sqlite3 import base

_writers: dict[str, threading.Lock] = {}
_writers_made = threading.Lock()


def writers_of(name: str) -> threading.Lock:
    """The lock this process's writers to database file `name` queue on."""
    with _writers_made:
        return _writers.setdefault(name, threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    writing: "threading.Lock | None" = None
    """The writers' lock, while this connection's transaction holds it."""

    def _start_transaction_under_autocommit(self) -> None:
        writers = writers_of(str(self.settings_dict["NAME"]))
        timeout = self.settings_dict["OPTIONS"].get("timeout", 5)
        if not writers.acquire(timeout=timeout):
            raise OperationalError("database is locked")
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            writers.release()
            raise
        self.writing = writers

    def _commit(self) -> None:
        try:
            return super()._commit()
        finally:
            self._done_writing()

    def _rollback(self) -> None:
        try:
            return super()._rollback()
        finally:
            self._done_writing()

    def _close(self) -> None:
        try:
            return super()._close()
        finally:
            self._done_writing()

    def _done_writing(self) -> None:
        writing, self.writing = self.writing, None
        if writing is not None:
            writing.release()
