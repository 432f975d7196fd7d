"""On SQLite, a save that waited its whole busy timeout for another writer (a long import,
a backup tool holding the lock) answers 503 with Retry-After and a sentence, as when
PostgreSQL is away, not 500; and once the lock is free the same save goes through."""

import json
import sqlite3

import pytest
from django.db import connection

from tests.factories import make_game, points

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="SQLite's busy timeout (the SQLite pass)"
)


@pytest.fixture
def short_busy_timeout(transactional_db):
    """This thread's connection (the test client's too) waits 0.2 s for a lock, not 20."""
    connection.ensure_connection()
    connection.connection.execute("PRAGMA busy_timeout = 200")
    yield
    connection.connection.execute("PRAGMA busy_timeout = 20000")


def another_writer() -> sqlite3.Connection:
    """Another program, holding SQLite's write lock on the same file."""
    other = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_save_that_waited_out_the_lock_answers_503(client, short_busy_timeout):
    new = make_game(names=("Ann", "Bob"), ruleset="mexican-train", variant=None)
    body = json.dumps({"scores": points(new.game, 0, 12), "engine": 12, "version": 1})

    def save():
        return client.put(
            f"/api/games/{new.game.code}/rounds/1",
            body,
            content_type="application/json",
            headers={"Authorization": f"Bearer {new.key}", "Accept-Language": "es"},
        )

    other = another_writer()
    busy = save()
    other.close()  # its transaction ends: the lock is free
    saved = save()

    assert busy.status_code == 503
    assert busy["Retry-After"] == "5"
    assert busy.json()["detail"].startswith("La base de datos no responde en este momento")
    assert saved.status_code == 200
    assert [player["total"] for player in saved.json()["players"]] == [0, 12]
