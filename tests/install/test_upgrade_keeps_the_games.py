"""Upgrading keeps every game: `serve` on a database an older release made writes a dated
backup beside it before migrating, and a migration that fails leaves the database
exactly as it was, with a sentence that says where the backup is.

The older release is this checkout with the newest migration unapplied (seasons 0002);
the failing one is a migration added after it through MIGRATION_MODULES."""

import datetime
import json
import re
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import urllib.request
from importlib import metadata
from pathlib import Path

import pytest

from tests.servers import ROOT, Daphne, clean_env, manage

pytestmark = pytest.mark.install

NEWEST = ("seasons", "0002_season_dates_message")


def checkout_env(data_dir: Path, database_url: str = "", **extra: str) -> dict[str, str]:
    """SQLite in `data_dir` unless a database URL is given; no Redis."""
    return {"DATA_DIR": str(data_dir), "DATABASE_URL": database_url, "REDIS_URL": "", **extra}


def run(data_dir: Path, *args: str, database_url: str = "") -> subprocess.CompletedProcess:
    done = manage(*args, env=checkout_env(data_dir, database_url))
    assert done.returncode == 0, f"manage.py {' '.join(args)} failed:\n{done.stderr}"
    return done


def database_of_the_previous_release(data_dir: Path, database_url: str = "") -> list[str]:
    """A database with two games, at the migrations the previous release had: their codes."""
    run(data_dir, "migrate", "--verbosity", "0", database_url=database_url)
    codes = []
    for players in ("Ann,Bob", "Cy,Di,Ed"):
        arguments = ("newgame", "--ruleset", "oll", "--players", players, "--json")
        started = run(data_dir, *arguments, database_url=database_url)
        codes.append(json.loads(started.stdout)["code"])
    app, newest = NEWEST
    previous = "0001_initial"
    assert newest > previous
    run(data_dir, "migrate", app, previous, "--verbosity", "0", database_url=database_url)
    return codes


def games_served(server: Daphne, codes: list[str]) -> list[str]:
    """The codes of the games the server answers for."""
    found = []
    for code in codes:
        with urllib.request.urlopen(f"{server.url}/api/games/{code}", timeout=10) as answer:
            found.append(json.load(answer)["code"])
    return found


def served_once_upgraded(server: "CheckoutServe", codes: list[str]) -> Path:
    """Start `serve` on the old database, check it serves every game, stop it: the backup
    it said it wrote before upgrading."""
    server.start()
    try:
        assert games_served(server, codes) == codes
    finally:
        server.stop()
    said = re.search(r"a copy of it as it was is in (\S+)\n", server.output())
    assert said, server.output()
    return Path(said.group(1))


def applied(database: Path) -> set[tuple[str, str]]:
    with sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True) as connection:
        return set(connection.execute("SELECT app, name FROM django_migrations"))


class CheckoutServe(Daphne):
    """`manage.py serve` from the checkout (the new release) on an existing data folder."""

    startup_timeout = 90.0

    def __init__(self, data_dir: Path, database_url: str = ""):
        super().__init__()
        self.env = clean_env(**checkout_env(data_dir, database_url))

    def command(self) -> list[str]:
        return [sys.executable, "manage.py", "serve", "--port", str(self.port)]


def test_serve_backs_the_old_database_up_beside_it_then_upgrades_it_keeping_every_game(tmp_path):
    data_dir = tmp_path / "data"
    codes = database_of_the_previous_release(data_dir)
    database = data_dir / "trainscore.sqlite3"
    assert NEWEST not in applied(database)

    backup = served_once_upgraded(CheckoutServe(data_dir), codes)
    assert backup.parent == data_dir  # beside the database
    today = datetime.date.today().isoformat()
    assert re.fullmatch(rf"trainscore-\S*v\d+\.\d+\.\d+\S*-{today}-\d{{6}}\.sqlite3", backup.name)
    assert NEWEST not in applied(backup)
    assert NEWEST in applied(database)
    # The backup holds the games as they were (the same rows the old file held).
    with sqlite3.connect(backup) as copy:
        kept = {code for (code,) in copy.execute("SELECT code FROM games_game")}
    assert kept == set(codes)
    # The next upgrade's backup will be named with the release that made this one.
    assert (data_dir / "version").read_text() == metadata.version("trainscore") + "\n"


def failing_release(folder: Path) -> dict[str, str]:
    """A release whose newest migration fails after one that works: its settings."""
    package = folder / "failing_release"
    migrations = package / "seasons_migrations"
    migrations.mkdir(parents=True)
    (package / "__init__.py").touch()
    for module in (ROOT / "seasons" / "migrations").glob("*.py"):
        shutil.copy(module, migrations / module.name)
    (migrations / "0003_fails.py").write_text(
        textwrap.dedent(
            """
            from django.db import migrations


            def fail(apps, schema_editor):
                raise RuntimeError("a migration made to fail")


            class Migration(migrations.Migration):
                dependencies = [("seasons", "0002_season_dates_message")]
                operations = [migrations.RunPython(fail)]
            """
        )
    )
    (package / "settings.py").write_text(
        "from trainscore.settings import *  # noqa: F403\n"
        "MIGRATION_MODULES = {'seasons': 'failing_release.seasons_migrations'}\n"
    )
    return {"DJANGO_SETTINGS_MODULE": "failing_release.settings", "PYTHONPATH": str(folder)}


def test_a_failed_migration_leaves_the_database_byte_for_byte_and_says_where_the_backup_is(
    tmp_path,
):
    data_dir = tmp_path / "data"
    database_of_the_previous_release(data_dir)
    database = data_dir / "trainscore.sqlite3"
    before = database.read_bytes()

    served = manage(
        "serve", "--port", "1", env=checkout_env(data_dir, **failing_release(tmp_path / "code"))
    )

    assert served.returncode != 0
    assert "a migration made to fail" in served.stderr
    assert f"Nothing was changed: {database} is as it was" in served.stderr
    said = re.search(r"a copy of it is in (\S+?)\. ", served.stderr)
    assert said, served.stderr
    assert Path(said.group(1)).is_file()
    assert database.read_bytes() == before
    # No half-upgraded copy or write-ahead log is left beside it.
    leftovers = {path.name for path in data_dir.iterdir()} - {"secret_key", "version"}
    assert leftovers == {"trainscore.sqlite3", Path(said.group(1)).name}, leftovers
