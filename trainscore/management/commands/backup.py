"""`manage.py backup`: a consistent copy of the database, safe while the servers run.

SQLite goes through its online backup API (readers and writers carry on meanwhile);
PostgreSQL through `pg_dump -Fc`, which reads one snapshot. The copy is written under
a temporary name and renamed when complete, so a file with the final name is whole.
How to restore either kind is in docs/deploying.md, "Backups and restore".
"""

import glob
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connections
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.commands import TranslatedCommand

SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}


def default_output(vendor: str) -> Path:
    stamp = timezone.localtime().strftime("%Y-%m-%d-%H%M%S")
    return Path(settings.DATA_DIR) / "backups" / f"trainscore-{stamp}{SUFFIXES[vendor]}"


def find_pg_dump() -> str:
    found = shutil.which("pg_dump")
    if found:
        return found
    # Debian keeps each client version here; the newest can dump any older server.
    candidates = glob.glob("/usr/lib/postgresql/*/bin/pg_dump")
    if candidates:
        return max(candidates, key=lambda path: int(Path(path).parts[-3]))
    raise CommandError(
        _(
            "pg_dump was not found. Install the PostgreSQL client tools "
            "(on Debian or Ubuntu: sudo apt install postgresql-client) and run the backup again."
        )
    )


def back_up_sqlite(db: dict, target: Path) -> None:
    if not Path(db["NAME"]).is_file():
        raise CommandError(
            _("There is no database at %(database)s yet: run `manage.py migrate` first.")
            % {"database": db["NAME"]}
        )
    # Read-only, so a wrong path can never create an empty database in its place.
    source = sqlite3.connect(Path(db["NAME"]).resolve().as_uri() + "?mode=ro", uri=True, timeout=20)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()


def back_up_postgresql(db: dict, target: Path) -> None:
    env = dict(os.environ)
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    if db.get("OPTIONS", {}).get("sslmode"):
        env["PGSSLMODE"] = db["OPTIONS"]["sslmode"]
    command = [find_pg_dump(), "--format=custom", "--file", str(target)]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if db.get(key):
            command += [flag, str(db[key])]
    command.append(db["NAME"])
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise CommandError(
            _(
                # Translators: error is pg_dump's own message, in English.
                "pg_dump could not back up the database %(database)s: %(error)s "
                "Check DATABASE_URL and that PostgreSQL is running, then try again."
            )
            % {"database": db["NAME"], "error": result.stderr.strip()}
        )


class Command(TranslatedCommand):
    about = gettext_lazy(
        "Write a consistent copy of the database to a file while the server keeps running."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--output",
            type=Path,
            help=_("The file to write (default: DATA_DIR/backups/trainscore-<date-time>.<kind>)."),
        )
        parser.add_argument("--database", default="default", help=_("The database alias."))

    def handle(self, *args, output: Path | None, database: str, **options):
        connection = connections[database]
        vendor = connection.vendor
        if vendor not in SUFFIXES:
            raise CommandError(
                _("Backing up a %(vendor)s database is not supported.") % {"vendor": vendor}
            )
        target = (output or default_output(vendor)).resolve()
        if target.is_dir():
            raise CommandError(
                _("%(path)s is a folder: give a file name with --output.") % {"path": target}
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        partial.unlink(missing_ok=True)
        try:
            if vendor == "sqlite":
                back_up_sqlite(connection.settings_dict, partial)
            else:
                back_up_postgresql(connection.settings_dict, partial)
            partial.replace(target)
        finally:
            partial.unlink(missing_ok=True)
        size_kb = max(1, target.stat().st_size // 1024)
        done = _("Backed up the database to %(path)s (%(size)s KB).")
        self.stdout.write(done % {"path": target, "size": size_kb})
