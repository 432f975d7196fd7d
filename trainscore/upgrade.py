"""Bringing the database up to date without risking a game: what `serve` does first.

A new database is simply migrated. An existing one with migrations to apply is first
backed up beside itself (`manage.py backup`, named with the release that last ran it
and the date), then upgraded. SQLite is upgraded on a copy that replaces the database
only once every migration went through, so a failed upgrade leaves the file exactly as
it was. PostgreSQL changes tables inside transactions, so it is upgraded in place in one
transaction: every migration, or none.
"""

import contextlib
import io
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from trainscore.release import version

STAMP = "version"  # in DATA_DIR: the release that last brought the database up to date
SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}


def last_release(data_dir: Path) -> str | None:
    with contextlib.suppress(OSError):
        return (data_dir / STAMP).read_text().strip() or None
    return None


def stamp_release(data_dir: Path) -> None:
    current = version()
    if current[0].isdigit() and last_release(data_dir) != current:
        (data_dir / STAMP).write_text(current + "\n")


def backup_path(connection: BaseDatabaseWrapper, old_release: str | None) -> Path:
    """Beside an SQLite file (in DATA_DIR/backups for PostgreSQL), named with the old
    release and the date: trainscore-v0.1.0-2026-11-25-031500.sqlite3."""
    label = f"v{old_release}" if old_release else f"before-v{version()}"
    stamp = timezone.localtime().strftime("%Y-%m-%d-%H%M%S")
    if connection.vendor == "sqlite":
        database = Path(connection.settings_dict["NAME"])
        return database.with_name(f"{database.stem}-{label}-{stamp}{database.suffix}")
    name = connection.settings_dict["NAME"]
    return Path(settings.DATA_DIR) / "backups" / f"{name}-{label}-{stamp}.pgdump"


def migrations_to_apply(connection: BaseDatabaseWrapper) -> tuple[bool, int]:
    """Whether the database already holds data (any migration applied), and how many
    migrations it lacks."""
    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return bool(executor.loader.applied_migrations), len(plan)


def migrate(*, say: Callable[[str], object]) -> None:
    """Apply every migration; `say` prints a sentence for the person starting the server."""
    connection = connections["default"]
    existing, missing = migrations_to_apply(connection)
    data_dir = Path(settings.DATA_DIR)
    if missing and existing:
        if connection.vendor not in SUFFIXES:
            raise CommandError(
                _(
                    "TrainScore cannot back up a %(vendor)s database before upgrading it. Back "
                    "it up yourself, then run `trainscore migrate` and start it again."
                )
                % {"vendor": connection.vendor}
            )
        backup = backup_path(connection, last_release(data_dir))
        call_command("backup", output=backup, stdout=io.StringIO())  # said below, in one sentence
        say(
            ngettext(
                "This release brings the database up to date (%(count)s migration); a copy "
                "of it as it was is in %(backup)s",
                "This release brings the database up to date (%(count)s migrations); a copy "
                "of it as it was is in %(backup)s",
                missing,
            )
            % {"count": missing, "backup": backup}
        )
        if connection.vendor == "sqlite":
            _migrate_sqlite_on_a_copy(connection, backup)
        else:
            _migrate_in_one_transaction(connection, backup)
    elif missing:
        call_command("migrate", interactive=False, verbosity=0)
    stamp_release(data_dir)


def _migrate_in_one_transaction(connection: BaseDatabaseWrapper, backup: Path) -> None:
    try:
        with transaction.atomic(using=connection.alias):
            call_command("migrate", interactive=False, verbosity=0)
    except Exception as error:
        raise CommandError(
            _(
                "Upgrading the database failed: %(error)s. Nothing was changed: the database "
                "%(database)s is as it was, and a copy of it is in %(backup)s. Start the "
                "previous release again (pipx install trainscore==<the version you had>) and "
                "report the error."
            )
            % {"error": error, "database": connection.settings_dict["NAME"], "backup": backup}
        ) from error


def _migrate_sqlite_on_a_copy(connection: BaseDatabaseWrapper, backup: Path) -> None:
    database = Path(connection.settings_dict["NAME"])
    working = database.with_name(database.name + ".upgrading")
    _remove_sqlite_files(working)
    # The backup is a complete, consistent copy (SQLite's backup API): start from it.
    shutil.copyfile(backup, working)
    connection.close()
    connection.settings_dict["NAME"] = working
    try:
        call_command("migrate", interactive=False, verbosity=0)
    except Exception as error:
        connection.close()
        _remove_sqlite_files(working)
        raise CommandError(
            _(
                "Upgrading the database failed: %(error)s. Nothing was changed: %(database)s "
                "is as it was, and a copy of it is in %(backup)s. Start the previous release "
                "again (pipx install trainscore==<the version you had>) and report the error."
            )
            % {"error": error, "database": database, "backup": backup}
        ) from error
    finally:
        connection.close()
        connection.settings_dict["NAME"] = database
    _replace_sqlite_file(database, working)


def _replace_sqlite_file(database: Path, upgraded: Path) -> None:
    # Fold the old file's write-ahead log in, so no stale log is replayed onto the new one.
    with contextlib.closing(sqlite3.connect(database)) as old:
        old.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    wal = database.with_name(database.name + "-wal")
    if wal.exists() and wal.stat().st_size:
        _remove_sqlite_files(upgraded)
        raise CommandError(
            _(
                "Another program is using %(database)s (is TrainScore already running?). Stop "
                "it, then start TrainScore again; the database was not changed."
            )
            % {"database": database}
        )
    for leftover in (wal, database.with_name(database.name + "-shm")):
        leftover.unlink(missing_ok=True)
    upgraded.replace(database)


def _remove_sqlite_files(database: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        database.with_name(database.name + suffix).unlink(missing_ok=True)
