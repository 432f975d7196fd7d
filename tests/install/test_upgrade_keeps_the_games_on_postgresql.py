"""Upgrading keeps every game on PostgreSQL too (the scaled deployment): `serve` dumps the
database with pg_dump before migrating, and migrates in one transaction, so a migration
that fails changes nothing. The helpers are the SQLite test's."""

import re
from pathlib import Path

import psycopg
import pytest

from tests.conftest import require
from tests.deploy.test_backup_and_restore import postgres_reachable, scratch_postgres
from tests.install.test_upgrade_keeps_the_games import (
    NEWEST,
    CheckoutServe,
    checkout_env,
    database_of_the_previous_release,
    failing_release,
    served_once_upgraded,
)
from tests.servers import manage

pytestmark = [pytest.mark.install, pytest.mark.services]


@pytest.fixture
def postgres():
    """A new PostgreSQL database for the test, dropped afterwards: its URL."""
    require(postgres_reachable(), "PostgreSQL is not reachable", "REQUIRE_SERVICES")
    with scratch_postgres("upgrade") as url:
        yield url


def state_of(database_url: str) -> tuple[set, set]:
    """The migrations applied and the tables that exist."""
    with psycopg.connect(database_url) as connection:
        applied = set(connection.execute("SELECT app, name FROM django_migrations").fetchall())
        tables = set(
            connection.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            ).fetchall()
        )
    return applied, tables


def test_serve_dumps_the_old_database_then_upgrades_it_keeping_every_game(tmp_path, postgres):
    data_dir = tmp_path / "data"
    codes = database_of_the_previous_release(data_dir, postgres)

    server = CheckoutServe(data_dir, postgres)
    backup = served_once_upgraded(server, codes)
    assert backup.parent == data_dir / "backups"
    assert backup.suffix == ".pgdump" and backup.stat().st_size > 0
    assert NEWEST in state_of(postgres)[0]
    name = postgres.rsplit("/", 1)[1]
    assert f"Its games and accounts are in the PostgreSQL database {name}; " in server.output()


def test_a_failed_migration_changes_nothing_and_says_where_the_dump_is(tmp_path, postgres):
    data_dir = tmp_path / "data"
    database_of_the_previous_release(data_dir, postgres)
    before = state_of(postgres)
    assert NEWEST not in before[0]

    failing = failing_release(tmp_path / "code")
    served = manage("serve", "--port", "1", env=checkout_env(data_dir, postgres, **failing))

    assert served.returncode != 0
    assert "a migration made to fail" in served.stderr
    assert "Nothing was changed" in served.stderr
    said = re.search(r"a copy of it is in (\S+?)\. ", served.stderr)
    assert said, served.stderr
    assert Path(said.group(1)).is_file()
    # seasons 0002 went through before 0003 failed: the one transaction took it back too.
    assert state_of(postgres) == before
