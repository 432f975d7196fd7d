"""`manage.py backup` copies a live database, and a restore brings back every game.

The current test database (SQLite or PostgreSQL, whichever this pass runs on) is
backed up in-process; the other kind is exercised too, on a scratch database driven
through `manage.py`, so both SQLite's online backup and `pg_dump` run in every pass.
"""

import json
import os
import re
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import psycopg
from django.core.management import call_command
from django.db import connection

from games.models import Game
from games.snapshot import load_board, snapshot
from tests.conftest import require
from tests.factories import play, register
from tests.guides import guide
from tests.servers import manage
from trainscore.management.commands.backup import find_pg_dump


def make_games() -> None:
    """Two games with rounds, one of them finished: what a club night leaves behind."""
    ann, bob, cy, dee = register("Ann", "Bob", "Cy", "Dee")
    # The fixed schedules start each round on its engine: 12|12 and 10|10, then 11|11.
    play("oll", [ann, bob, cy], [(0, 14, 31), (22, 0, 7)], variant="even", end=False)
    play("oll", [bob, cy, dee], [(5, 0, 40)], variant="odd")


def what_players_see(games: list[dict]) -> list[tuple]:
    """Each game's variant, status and the totals by seat, in the order they were made."""
    rows = [
        (g["ruleset"]["variant"], g["status"], [p["total"] for p in g["players"]]) for g in games
    ]
    return sorted(rows, key=lambda row: row[0] != "even")


NIGHT = [("even", "in_progress", [22, 14, 38]), ("odd", "finished", [5, 0, 40])]


def every_game() -> list[dict]:
    return [snapshot(load_board(game)) for game in Game.objects.order_by("code")]


def every_game_in(database_url: str) -> list[dict]:
    """What the app finds in another database, read by a separate `manage.py`."""
    code = (
        "import json; from tests.deploy.test_backup_and_restore import every_game; "
        "print(json.dumps(every_game()))"
    )
    result = manage("shell", "-c", code, env={"DATABASE_URL": database_url})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def pg_restore(backup: Path, database_url: str) -> None:
    # The restore command docs/deploying.md gives, with its options as written there.
    (options,) = re.findall(r"pg_restore ((?:--[a-z-]+ )+)--dbname", guide("deploying.md"))
    pg_restore = str(Path(find_pg_dump()).with_name("pg_restore"))
    command = [pg_restore, *options.split(), "--dbname", database_url]
    result = subprocess.run([*command, str(backup)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def postgres_url(name: str) -> str:
    configured = os.environ.get("DATABASE_URL", "")
    base = (
        configured if configured.startswith("postgres") else "postgres://postgres@127.0.0.1:5432/"
    )
    return urlunparse(urlparse(base)._replace(path=f"/{name}"))


def postgres_reachable() -> bool:
    try:
        with psycopg.connect(postgres_url("postgres"), connect_timeout=2):
            return True
    except psycopg.OperationalError:
        return False


@contextmanager
def scratch_postgres(label: str):
    """A fresh, empty PostgreSQL database for this test, dropped afterwards."""
    name = f"trainscore_backup_{os.getpid()}_{label}"
    with psycopg.connect(postgres_url("postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield postgres_url(name)
    finally:
        with psycopg.connect(postgres_url("postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_it_restores_every_game_from_a_backup_of_the_running_database(transactional_db, tmp_path):
    make_games()
    games = every_game()
    backup = tmp_path / "night.backup"

    call_command("backup", output=backup)

    assert backup.is_file()
    if connection.vendor == "sqlite":
        # Restore: with the servers stopped, copy the backup over the database file.
        restored = tmp_path / "restored.sqlite3"
        shutil.copyfile(backup, restored)
        assert every_game_in(f"sqlite:///{restored}") == games
    else:
        with scratch_postgres("restored") as restored:
            pg_restore(backup, restored)
            assert every_game_in(restored) == games
    assert what_players_see(games) == NIGHT


MAKE_GAMES = "from tests.deploy.test_backup_and_restore import make_games; make_games()"


def test_it_restores_every_game_from_a_backup_of_the_other_database_kind(tmp_path):
    """The kind this pass does not run on: pg_dump in the SQLite pass and vice versa."""
    if connection.vendor == "sqlite":
        require(postgres_reachable(), "PostgreSQL is not reachable", "REQUIRE_SERVICES")
        with scratch_postgres("live") as live, scratch_postgres("restored") as restored:
            games = back_up_a_club_night(live, tmp_path / "night.pgdump")
            pg_restore(tmp_path / "night.pgdump", restored)
            assert every_game_in(restored) == games
    else:
        live = f"sqlite:///{tmp_path / 'live.sqlite3'}"
        games = back_up_a_club_night(live, tmp_path / "night.sqlite3")
        shutil.copyfile(tmp_path / "night.sqlite3", tmp_path / "restored.sqlite3")
        assert every_game_in(f"sqlite:///{tmp_path / 'restored.sqlite3'}") == games
    assert what_players_see(games) == NIGHT


def back_up_a_club_night(database_url: str, backup: Path) -> list[dict]:
    for args in (("migrate", "--noinput"), ("shell", "-c", MAKE_GAMES)):
        result = manage(*args, env={"DATABASE_URL": database_url})
        assert result.returncode == 0, result.stderr
    result = manage("backup", "--output", str(backup), env={"DATABASE_URL": database_url})
    assert result.returncode == 0, result.stderr
    assert f"Backed up the database to {backup}" in result.stdout
    return every_game_in(database_url)
