"""What the README and the guides in docs/ tell a new user holds: their commands exist, their
links lead somewhere, their settings are the real ones."""

import re
import subprocess
import sys
from pathlib import PurePosixPath

from tests.deploy.test_example_env import EXAMPLE_ENV, read_env_file
from tests.guides import every_page, guide, readme
from tests.servers import ROOT, clean_env, manage

README = readme()
PAGES = every_page()
ALL_TEXT = "\n".join(PAGES.values())
# [text](target): the target up to a "#section" or the closing bracket.
LINK = re.compile(r"\]\(([^)#\s]*)(?:#[^)]*)?\)")
# Every way settings read a variable: os.environ.get("X"), os.environ["X"], envbool("X"), …
READS = re.compile(r'(?:environ\.get|environ\[|envbool|envint|envlist)\(?\s*"([A-Z_]+)"')


def variables_read_by_settings() -> set[str]:
    sources = [ROOT / "trainscore" / "settings.py", ROOT / "trainscore" / "secret_key.py"]
    return {name for path in sources for name in READS.findall(path.read_text())}


def test_the_first_lines_say_how_to_reach_the_tv_and_the_phones():
    opening = README.split("```", 2)
    assert "TV" in opening[0] and "phones" in opening[0]
    assert "make run HOST=0.0.0.0" in opening[1]
    assert "python3-venv" in README.split("## ", 1)[0]


def test_the_readme_is_read_in_five_minutes():
    assert len(README.splitlines()) <= 200


def test_the_performance_guide_says_what_to_expect_in_under_120_lines():
    performance = guide("performance.md")
    assert len(performance.splitlines()) < 120
    assert "## What to expect" in performance and "## How to measure" in performance
    assert "(performance-history.md)" in performance


def test_every_relative_link_leads_to_a_file_of_the_checkout():
    checked = 0
    for path, text in PAGES.items():
        folder = PurePosixPath(path).parent
        for target in LINK.findall(text):
            if not target or "://" in target or target.startswith("mailto:"):
                continue
            checked += 1
            assert (ROOT / folder / target).exists(), f"{path} links to {target}, which is missing"
    assert checked >= len(PAGES), "every page links to another"


def test_every_guide_is_linked_from_the_readme():
    linked = {PurePosixPath(target).name for target in LINK.findall(README)}
    unlinked = {PurePosixPath(path).name for path in PAGES if path.startswith("docs/")} - linked
    assert not unlinked, f"the README links no guide {sorted(unlinked)}"


def test_every_make_target_they_show_is_in_the_makefile():
    shown = set(re.findall(r"(?:^|`)make ([a-z-]+)", ALL_TEXT, flags=re.MULTILINE))
    targets = set(re.findall(r"^([a-z-]+):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    assert {"run", "test", "bench"} <= shown
    assert shown <= targets, f"the guides show make targets that do not exist: {shown - targets}"


def test_every_manage_command_they_show_exists():
    # As `manage.py X`, `deploy/manage X`, or the installed app's `trainscore X`.
    commands_shown = r"(?:manage\.py|deploy/manage|(?:^|`)trainscore) ([a-z]+)"
    shown = set(re.findall(commands_shown, ALL_TEXT, flags=re.MULTILINE))
    done = manage("help", "--commands", env={})
    assert done.returncode == 0, done.stderr
    commands = {*done.stdout.split(), "help"}
    assert {"backup", "setuplink", "importgames"} <= shown
    assert shown <= commands, f"the guides show commands that do not exist: {shown - commands}"


def test_every_file_they_name_is_in_the_checkout():
    named = set(re.findall(r"`((?:[a-z_]+/)+[\w@.-]*\.\w+|deploy/manage)`", ALL_TEXT))
    assert {"bench/fanout.py", "static/js/words.js"} <= named
    missing = sorted(path for path in named if not (ROOT / path).exists())
    assert not missing, f"the guides name files that do not exist: {missing}"


def test_the_example_env_files_variables_are_the_ones_settings_read():
    read = variables_read_by_settings()
    in_example = set(read_env_file(EXAMPLE_ENV))
    assert in_example <= read, f"the example sets variables nothing reads: {in_example - read}"


def test_every_variable_settings_read_is_explained_in_the_settings_guide():
    settings_guide = guide("settings.md")
    read = variables_read_by_settings()
    unexplained = {name for name in read if f"| `{name}` |" not in settings_guide}
    assert not unexplained, f"no row in docs/settings.md for {sorted(unexplained)}"


def test_the_data_folder_is_in_the_checkout_wherever_the_server_is_started(tmp_path):
    code = "from django.conf import settings; print(settings.DATA_DIR)"
    env = {k: v for k, v in clean_env().items() if k not in ("DATA_DIR", "SECRET_KEY")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "shell", "--no-imports", "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(ROOT / "data")
    assert "`data/` folder of this checkout, next to `manage.py`" in " ".join(README.split())
