"""No block of the apps' code stands copied in a second place: a piece of logic, a
template's markup or a script lives once, and both places use it. Code alike in shape
(other names, other sentences) is fine; the same nine lines to the letter are not.

Lines are compared stripped of their indent, leaving out blank lines, comments, imports
and lines of punctuation alone (a closing bracket), so a copy re-indented or with other
comments still counts. Tests, the bench and migrations (written by Django) are left out.
"""

import re

from tests.project.test_layout import apps
from tests.servers import ROOT

LINES = 9
"""A run this long, the same in two places, is a copy."""

NOT_CODE = re.compile(
    r"""^(?:$|\#|//|\{\#|\{%\s*comment|import\s|from\s+\S+\s+import\s|[\s()\[\]{},:;"']*$)"""
)


def code_files() -> list:
    files = [
        path
        for app in apps()
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
    ]
    files += sorted((ROOT / "templates").rglob("*.html"))
    files += sorted((ROOT / "static" / "js").rglob("*.js"))
    return files


def code_lines(path) -> list[tuple[int, str]]:
    """(line number, the line stripped) for each line that counts."""
    lines = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        text = " ".join(line.split())
        if not NOT_CODE.match(text):
            lines.append((number, text))
    return lines


def copies() -> list[str]:
    """Each run of LINES lines found in a second place, as "a.py:10 ~ b.py:40"."""
    seen: dict[tuple[str, ...], tuple[str, int]] = {}
    found: dict[tuple[str, str], str] = {}
    for path in code_files():
        name = path.relative_to(ROOT).as_posix()
        lines = code_lines(path)
        for start in range(len(lines) - LINES + 1):
            run = tuple(text for _number, text in lines[start : start + LINES])
            first = seen.setdefault(run, (name, lines[start][0]))
            if first[0] != name or first[1] < lines[start][0] - LINES:
                here = f"{name}:{lines[start][0]}"
                found.setdefault((first[0], name), f"{first[0]}:{first[1]} ~ {here}")
    return sorted(found.values())


def test_it_reads_every_app_its_templates_and_scripts():
    names = {path.relative_to(ROOT).as_posix() for path in code_files()}
    assert {"games/page.py", "templates/nights/basics.html", "static/js/live.js"} <= names


def test_no_block_of_the_apps_code_stands_copied_elsewhere():
    assert copies() == []
