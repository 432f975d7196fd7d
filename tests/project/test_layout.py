"""Where things are: each app says what it holds, the rules load without Django, and the
README's map matches the folders. Which app may import which is import-linter's to check
(tests/project/test_layers.py)."""

import ast
import subprocess
import sys

from tests.servers import ROOT

NOT_APPS = {"tests", "bench", "deploy", "templates", "static", "data", "node_modules"}


def apps() -> list[str]:
    """The project's Python packages at the top of the checkout."""
    return sorted(
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if path.parent.name not in NOT_APPS and not path.parent.name.startswith(".")
    )


def test_it_finds_the_apps_it_checks():
    assert {"games", "live", "players", "records", "rules", "core", "trainscore"} <= set(apps())


def test_the_rules_import_without_django_or_a_database():
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import rules.rulesets, rules.table, rules.scoring, rules.seating, sys; "
            "print('django' in sys.modules)",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_each_app_says_what_it_holds_on_its_first_line():
    for app in apps():
        docstring = ast.get_docstring(ast.parse((ROOT / app / "__init__.py").read_text()))
        assert docstring, f"{app}/__init__.py has no docstring saying what the app holds"
        assert len(docstring.splitlines()[0]) > 20, app


def test_the_readme_map_names_every_app_and_folder():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Where things are", 1)[1].split("\n## ", 1)[0]
    site_files = ["templates", "static"]
    for folder in [*apps(), *site_files, "tests", "bench", "deploy"]:
        assert f"`{folder}/`" in section, f"README 'Where things are' does not name {folder}/"
    for named in _named_folders(section):
        assert (ROOT / named).is_dir(), f"README 'Where things are' names {named}/, not a folder"


def _named_folders(section: str) -> set[str]:
    return {
        cell.strip("`/ ")
        for line in section.splitlines()
        if line.startswith("| `")
        for cell in line.split("|")[1].split(",")
    }
