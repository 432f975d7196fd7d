"""`make run` installs only what running needs; the test tools come with `make test`.

The Makefile's own install step builds a virtual environment in a temporary folder
(VENV=…), as a club's first `make run` would (pip installs from its cache).
"""

import json
import subprocess

import pytest

from tests.servers import PIP_SECONDS, ROOT, clean_env

pytestmark = pytest.mark.install  # no database: CI runs it once

TEST_TOOLS = {"playwright", "hypothesis", "ruff", "zxing-cpp", "pytest", "websockets", "pipx"}


def make(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=ROOT,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=PIP_SECONDS,
    )


def test_a_venv_made_for_make_run_holds_the_server_and_no_test_tools(tmp_path):
    venv = tmp_path / "venv"
    made = make(f"VENV={venv}", "install")
    assert made.returncode == 0, f"the run install failed:\n{made.stdout}\n{made.stderr}"

    # `make run` would now start the server at once: it needs nothing more installed.
    plan = make("-n", f"VENV={venv}", "run").stdout.splitlines()
    assert len(plan) == 1 and "trainscore serve" in plan[0], plan
    assert (venv / "bin" / "trainscore").is_file()

    listed = subprocess.run(
        [venv / "bin" / "python", "-m", "pip", "list", "--format=json"],
        capture_output=True,
        text=True,
        check=True,
    )
    installed = {package["name"].lower() for package in json.loads(listed.stdout)}
    assert {"django", "daphne", "channels", "trainscore"} <= installed
    assert installed.isdisjoint(TEST_TOOLS), sorted(installed & TEST_TOOLS)
    assert not [name for name in installed if name.startswith("pytest")]
