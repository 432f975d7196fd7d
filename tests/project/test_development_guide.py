"""docs/development.md walks a newcomer along the two trips through the code (a save from the
keeper's phone to every screen, a stage seated to every phone): every step it names, as
`file:function`, is there to open."""

import ast
import re

import pytest

from tests.guides import guide
from tests.servers import ROOT

GUIDE = guide("development.md")
# `games/scorekeeping.py:record_round`, `live/fanout.py:Feed.deliver`, `static/js/live.js:follow`
STEP = re.compile(r"`((?:[a-z_]+/)+[\w.-]+\.(?:py|js)):([\w.]+)`")
# Any file a step names, and a bare `name` or `Class.method`, which must be in one of them.
FILE = re.compile(r"`((?:[a-z_]+/)+[\w.-]+\.\w+)(?::[\w.]+)?`")
BARE = re.compile(r"`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)`")
NOT_OURS = {"transaction.on_commit", "group_send"}  # Django's and Channels' own
TRIPS = ("## A save, from the keeper's phone to every screen", "## A stage seated, to every phone")

pytestmark = pytest.mark.project


def trip(heading: str) -> str:
    """The section under `heading`, up to the next heading."""
    start = GUIDE.index(heading) + len(heading)
    following = GUIDE.find("\n#", start)
    return GUIDE[start : following if following != -1 else None]


def python_names(source: str) -> set[str]:
    """Every function and class a module defines, methods as `Class.method`, and its
    module-level names."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.add(node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(f"{node.name}.{item.name}")
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(target.id for target in targets if isinstance(target, ast.Name))
    return names


def defines(path: str, name: str) -> bool:
    source = (ROOT / path).read_text()
    if path.endswith(".py"):
        return name in python_names(source)
    # A script's function or constant: `function name(`, `const name =`, a method `name(…) {`.
    word = re.escape(name)
    return bool(re.search(rf"(?:function\*?\s+{word}\s*\(|(?:const|let)\s+{word}\s*=)", source))


@pytest.mark.parametrize("heading", TRIPS)
def test_each_trip_is_written_step_by_step(heading):
    steps = re.findall(r"^\d+\. ", trip(heading), flags=re.MULTILINE)
    named = STEP.findall(trip(heading))
    assert len(steps) >= 6, f"{heading!r} has {len(steps)} numbered steps"
    assert len(named) >= len(steps), f"{heading!r} names a file and function at fewer steps"


def blocks(text: str) -> list[str]:
    """A trip's steps and paragraphs, each on its own."""
    return [b for b in re.split(r"\n(?=\d+\. )|\n\n", text) if b.strip()]


@pytest.mark.parametrize("heading", TRIPS)
def test_every_function_a_step_names_is_in_a_file_it_names(heading):
    checked, missing = 0, []
    for block in blocks(trip(heading)):
        files = {path for path in FILE.findall(block) if path.endswith((".py", ".js"))}
        for name in set(BARE.findall(block)) - NOT_OURS:
            checked += 1
            if not any(defines(path, name) for path in files):
                missing.append(f"`{name}`, beside {sorted(files)}")
    assert not missing, f"{heading!r} names what none of its step's files holds: {missing}"
    assert checked >= 3


def test_every_file_and_function_the_guide_names_is_there():
    named = STEP.findall(GUIDE)
    assert len(named) >= 20
    missing_files = sorted({path for path, _ in named if not (ROOT / path).is_file()})
    assert not missing_files, f"docs/development.md names files that do not exist: {missing_files}"
    missing = sorted(f"{path}:{name}" for path, name in named if not defines(path, name))
    assert not missing, f"docs/development.md names functions that are not there: {missing}"
