"""Where things are: each app keeps to its concern, and the README's map matches the folders.

The imports are read with `ast`, so nothing here depends on what happens to be loaded.
"""

import ast
import subprocess
import sys
from pathlib import Path

from tests.servers import ROOT

NOT_APPS = {"tests", "bench", "deploy", "templates", "static", "data", "node_modules"}


def apps() -> list[str]:
    """The project's Python packages at the top of the checkout."""
    return sorted(
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if path.parent.name not in NOT_APPS and not path.parent.name.startswith(".")
    )


def modules(app: str) -> dict[str, Path]:
    """Every module of an app by dotted name, migrations left out."""
    found = {}
    for path in (ROOT / app).rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "migrations" in parts:
            continue
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(path: Path, name: str) -> set[str]:
    """The dotted names a module imports, relative imports resolved, `from a import b`
    counted as `a.b` as well as `a` (b may be a module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def imported_from(app: str, other: str) -> dict[str, set[str]]:
    """For each module of `app`, what it imports from the package `other`."""
    result = {}
    for name, path in modules(app).items():
        hits = {i for i in imports(path, name) if i == other or i.startswith(other + ".")}
        if hits:
            result[name] = hits
    return result


def test_it_finds_the_apps_it_checks():
    assert {"games", "live", "players", "rules", "sheets", "charts", "trainscore"} <= set(apps())


def broadcasts(path: Path) -> tuple[set[str], list[str]]:
    """What a module uses of `broadcast`, and the source of its `on_commit(...)` calls."""
    tree = ast.parse(path.read_text())
    used = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "broadcast"
    }
    on_commit = [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "on_commit"
    ]
    return used, on_commit


def test_games_knows_live_only_through_the_after_commit_call():
    assert imported_from("games", "live") == {"games.scorekeeping": {"live", "live.broadcast"}}
    used, on_commit = broadcasts(ROOT / "games" / "scorekeeping.py")
    assert used == {"game_changed"}
    assert len([call for call in on_commit if "broadcast.game_changed" in call]) == 1


def test_games_know_nothing_of_nights():
    assert imported_from("games", "nights") == {}
    assert imported_from("players", "nights") == {}


def test_nights_know_live_only_through_after_commit_calls():
    assert imported_from("nights", "live") == {"nights.starting": {"live", "live.broadcast"}}
    assert imported_from("nights", "channels") == {}
    used, on_commit = broadcasts(ROOT / "nights" / "starting.py")
    assert used == {"game_changed", "night_changed"}
    assert len(on_commit) == 2
    assert all("broadcast." in call for call in on_commit)


def test_rules_know_nothing_of_games_or_players():
    assert imported_from("rules", "games") == {}
    assert imported_from("rules", "players") == {}


def test_players_do_not_reach_into_the_games_templatetags_or_chart():
    reached = {i for hits in imported_from("players", "games").values() for i in hits}
    assert not {i for i in reached if i.startswith(("games.templatetags", "games.chart"))}


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


def test_no_app_has_an_import_circle_between_its_modules():
    for app in apps():
        names = modules(app)
        graph = {
            name: {i for i in imports(path, name) if i in names and i != name}
            for name, path in names.items()
        }
        cycle = _find_cycle(graph)
        assert cycle is None, f"{app}: import circle {' -> '.join(cycle)}"


def test_each_app_says_what_it_holds_on_its_first_line():
    for app in apps():
        docstring = ast.get_docstring(ast.parse((ROOT / app / "__init__.py").read_text()))
        assert docstring, f"{app}/__init__.py has no docstring saying what the app holds"
        assert len(docstring.splitlines()[0]) > 20, app


def test_the_readme_map_names_every_app_and_folder():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Where things are", 1)[1].split("\n## ", 1)[0]
    for folder in [*apps(), "templates", "static", "tests", "bench", "deploy"]:
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


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None
