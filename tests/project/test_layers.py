"""The apps stand in layers (pyproject.toml's import-linter contracts): the contracts hold
for the code, and they break on each kind of import they are there to stop."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.project.test_layout import apps
from tests.servers import ROOT

pytestmark = pytest.mark.project  # the apps' imports: the same on either database

LINT = Path(sys.executable).with_name("lint-imports")


def lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT), "--no-cache"], cwd=root, capture_output=True, text=True, timeout=60
    )


def test_the_code_keeps_every_contract():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "6 kept, 0 broken" in result.stdout


def test_the_layers_name_every_app():
    config = (ROOT / "pyproject.toml").read_text()
    layers = config.split('type = "layers"', 1)[1].split("]", 1)[0]
    assert {app for app in apps() if f'"{app}' in layers or f"| {app}" in layers} == set(apps())


@pytest.mark.parametrize(
    "module, line, broken",
    [
        (
            "games/scorekeeping.py",
            "from ratings import updating",
            "games is not allowed to import ratings",
        ),
        (
            "games/scorekeeping.py",
            "from live import broadcast",
            "games is not allowed to import live",
        ),
        (
            "players/models.py",
            "from games.models import Game",
            "players is not allowed to import games",
        ),
        (
            "core/site.py",
            "from trainscore import settings",
            "core is not allowed to import trainscore",
        ),
        (
            "live/consumers.py",
            "from nights.models import Night",
            "live is not allowed to import nights",
        ),
        (
            "nights/models.py",
            "from ratings.models import Rating",
            "nights is not allowed to import ratings",
        ),
        (
            "ratings/models.py",
            "from records import stats",
            "ratings is not allowed to import records",
        ),
        (
            "games/models.py",
            "import games.views",
            "No app's modules import each other in a circle BROKEN",
        ),
        ("rules/table.py", "import django.db", "need neither Django nor a database BROKEN"),
        (
            "nights/models.py",
            "from tournaments.models import Tournament",
            "nights is not allowed to import tournaments",
        ),
        (
            "records/stats.py",
            "from tournaments.selectors import load_tournament",
            "records is not allowed to import tournaments",
        ),
        (
            "tournaments/standings.py",
            "import django.db",
            "The tournament formats need neither Django nor a database BROKEN",
        ),
        (
            "tournaments/seating/rotation.py",
            "import django.db",
            "The seating engine needs neither Django nor the rest of tournaments BROKEN",
        ),
        (
            "tournaments/seating/schedule.py",
            "from tournaments.selectors import table_result",
            "The seating engine needs neither Django nor the rest of tournaments BROKEN",
        ),
        (
            "tournaments/views.py",
            "from tournaments.seating.rotation import meetings",
            "enters the seating engine by its __init__ only BROKEN",
        ),
        (
            "tournaments/changes.py",
            "from tournaments import clock",
            "No cycles are allowed in tournaments.",
        ),
    ],
    ids=[
        "up to ratings",
        "up to live",
        "players to games",
        "up to the project",
        "live to nights",
        "across one layer",
        "up to records",
        "a circle",
        "rules to Django",
        "nights up to tournaments",
        "records across to tournaments",
        "a tournament's formats to Django",
        "the seating engine to Django",
        "the seating engine to the rest of tournaments",
        "around the seating engine's way in",
        "the tournament's changes to its clock, which announces them",
    ],
)
def test_an_import_it_forbids_breaks_it(tmp_path, module, line, broken):
    copy = tmp_path / "checkout"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".*", "__pycache__", "data", "tests", "bench", "deploy", "templates", "static"
        ),
    )
    with (copy / module).open("a") as source:
        source.write(f"\n{line}  # an import the contracts forbid\n")

    result = lint(copy)

    assert result.returncode != 0
    assert broken in result.stdout, result.stdout
