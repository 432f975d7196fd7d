"""SQLite's writers in one server process queue in Python (trainscore/sqlite/base.py): a
writer waiting for another begins once that one commits or rolls back, instead of
trying BEGIN again and again behind SQLite's sleeping busy handler; one that waits
longer than the database's timeout fails as SQLite would. On a database file of its own,
whatever database the run uses."""

import threading
import time

import pytest
from django.db import OperationalError

from trainscore.settings import sqlite_database
from trainscore.sqlite.base import DatabaseWrapper


def connection_to(path, alias: str, **options) -> DatabaseWrapper:
    settings = sqlite_database(path)
    settings["OPTIONS"].update(options)
    # What Django fills in for a database of its settings.
    settings.update(
        TIME_ZONE=None, AUTOCOMMIT=True, ATOMIC_REQUESTS=False, CONN_HEALTH_CHECKS=False
    )
    return DatabaseWrapper(settings, alias)


def begin(connection: DatabaseWrapper) -> None:
    """What `transaction.atomic()` does first on a connection in autocommit."""
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)


def end(connection: DatabaseWrapper, *, commit: bool = True) -> None:
    connection.commit() if commit else connection.rollback()
    connection.set_autocommit(True)


@pytest.fixture
def database(tmp_path, django_db_blocker):
    """A database file of the test's own (not the run's test database)."""
    path = tmp_path / "writers.sqlite3"
    with django_db_blocker.unblock():
        setup = connection_to(path, "setup")
        with setup.cursor() as cursor:
            cursor.execute("CREATE TABLE saves (who TEXT)")
        setup.close()
        yield path


def statements_of(connection: DatabaseWrapper, log: list, who: str) -> None:
    connection.ensure_connection()
    connection.connection.set_trace_callback(lambda sql: log.append((who, sql.split()[0])))


@pytest.mark.parametrize("first_ends", ["commit", "rollback"])
def test_a_second_writer_begins_once_the_first_is_done_not_before(database, first_ends):
    first = connection_to(database, "first")
    log: list[tuple[str, str]] = []
    statements_of(first, log, "first")
    begin(first)
    with first.cursor() as cursor:
        cursor.execute("INSERT INTO saves VALUES ('first')")

    def write_second() -> None:
        second = connection_to(database, "second")
        statements_of(second, log, "second")
        begin(second)
        with second.cursor() as cursor:
            cursor.execute("INSERT INTO saves VALUES ('second')")
        end(second)
        second.close()

    waiting = threading.Thread(target=write_second)
    waiting.start()
    time.sleep(0.3)  # the second writer is waiting by now
    assert ("second", "BEGIN") not in log, "it waits in this process, not at SQLite's lock"
    end(first, commit=first_ends == "commit")
    waiting.join(timeout=10)
    first.close()

    assert [entry for entry in log if entry[1] in ("BEGIN", "COMMIT", "ROLLBACK")] == [
        ("first", "BEGIN"),
        ("first", first_ends.upper()),
        ("second", "BEGIN"),
        ("second", "COMMIT"),
    ]


def test_a_writer_that_waits_past_the_timeout_fails_as_sqlite_would_and_frees_nothing(database):
    first = connection_to(database, "first")
    begin(first)
    failed = []

    def write_second() -> None:
        second = connection_to(database, "second", timeout=0.2)
        try:
            begin(second)
        except OperationalError as exc:
            failed.append(str(exc))
        second.close()

    waiting = threading.Thread(target=write_second)
    waiting.start()
    waiting.join(timeout=10)
    assert failed == ["database is locked"]
    # The first writer still holds its transaction, and ends it as usual.
    with first.cursor() as cursor:
        cursor.execute("INSERT INTO saves VALUES ('first')")
    end(first)
    third = connection_to(database, "third")
    begin(third)
    with third.cursor() as cursor:
        cursor.execute("SELECT who FROM saves")
        assert cursor.fetchall() == [("first",)]
    end(third)
    first.close(), third.close()
