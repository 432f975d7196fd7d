"""The wheel `make dist` builds holds the app and what it serves, and asks only for what
running needs: a laptop that installs it gets no test tools, and none of the tests."""

import re
import zipfile
from email.parser import Parser

import pytest

from tests.servers import ROOT

pytestmark = pytest.mark.install

TEST_TOOLS = {
    "pytest", "pytest-django", "pytest-asyncio", "pytest-timeout", "pytest-xdist", "playwright",
    "hypothesis", "ruff", "import-linter", "websockets", "zxing-cpp", "pipx", "py-spy",
}  # fmt: skip


def files_in(wheel) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def metadata_of(wheel):
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return Parser().parsestr(archive.read(name).decode())


def test_the_wheel_holds_no_tests_bench_or_deployment_files(wheel):
    tops = {name.split("/", 1)[0] for name in files_in(wheel)}
    checkout_only = {"tests", "bench", "deploy", "docs", "data", "static", "templates"}
    assert tops.isdisjoint(checkout_only), tops
    assert not [name for name in files_in(wheel) if "test_" in name.rsplit("/", 1)[-1]]


def test_the_wheel_holds_every_template_static_file_migration_catalogue_and_rule_text(wheel):
    inside = files_in(wheel)
    kept = [
        *ROOT.glob("*/migrations/*.py"),
        *ROOT.glob("*/locale/*/LC_MESSAGES/*.mo"),
        *ROOT.glob("rules/texts/*.md"),
        *ROOT.glob("rules/texts/*/*.md"),
    ]
    expected = {path.relative_to(ROOT).as_posix() for path in kept if path.is_file()}
    # The top-level templates/ and static/ travel inside the trainscore package.
    site_files = [*ROOT.glob("templates/**/*"), *ROOT.glob("static/**/*")]
    expected |= {
        f"trainscore/{path.relative_to(ROOT).as_posix()}" for path in site_files if path.is_file()
    }
    assert {"rules/texts/mexican-train.md", "games/migrations/0001_initial.py"} <= expected
    assert {"rules/texts/es/mexican-train.md", "rules/texts/fr/mexican-train.md"} <= expected
    assert "games/locale/es/LC_MESSAGES/django.mo" in expected
    assert "trainscore/templates/base.html" in expected
    assert "trainscore/static/js/keeper.js" in expected
    assert "trainscore/static/fonts/DejaVuSans.ttf" in expected  # the result pictures' font
    missing = sorted(expected - inside)
    assert not missing, f"the wheel lacks {missing}"


def test_the_wheel_gives_the_trainscore_command(wheel):
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")]
        entry_points = archive.read(name).decode()
    assert "trainscore = trainscore.cli:main" in entry_points


def test_installing_the_wheel_asks_for_no_test_tool(wheel):
    requirements = metadata_of(wheel).get_all("Requires-Dist")
    # Lines with an `extra ==` marker install only when asked for (`.[test]` in a checkout).
    always = {
        re.match(r"[A-Za-z0-9_.-]+", line).group().lower()
        for line in requirements
        if "extra ==" not in line
    }
    assert {"django", "daphne", "channels", "whitenoise", "platformdirs"} <= always
    assert always.isdisjoint(TEST_TOOLS), sorted(always & TEST_TOOLS)
