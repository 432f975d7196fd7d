"""One transaction at a time for a job that must not run twice at once, on any process."""

from django.db import connection


def wait_for_turn(lock: int) -> None:
    """Inside a transaction: wait until no other transaction holds `lock`, then hold it
    until this one ends. Pick a number no other part of the project locks on."""
    # SQLite's immediate transactions (settings.py) already take the write lock at BEGIN.
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [lock])
