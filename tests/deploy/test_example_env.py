"""The example production env file: with its own key (docs/deploying.md, step 4) it passes
Django's deploy checks; left with the placeholder key, they fail and say SECRET_KEY must
change."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.guides import guide
from tests.servers import ROOT, manage

pytestmark = pytest.mark.project  # the example env file's settings: the same on either database

EXAMPLE_ENV = ROOT / "deploy" / "trainscore.env.example"


def read_env_file(path: Path) -> dict[str, str]:
    """NAME=value lines the way systemd's EnvironmentFile reads them (comments skipped)."""
    env = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            env[name.strip()] = value.strip().strip("\"'")
    return env


def step_4_command() -> str:
    """The deployment guide's command that gives the copied env file a new key."""
    lines = [
        line.strip() for line in guide("deploying.md").splitlines() if "s|^SECRET_KEY=" in line
    ]
    assert len(lines) == 1, "docs/deploying.md step 4 should give the env file a new key with sed"
    return lines[0].removeprefix("sudo ")


@pytest.fixture
def env_file(tmp_path) -> Path:
    """The example copied and given a new key the way the deployment guide's step 4 does."""
    path = tmp_path / "trainscore.env"
    shutil.copy(EXAMPLE_ENV, path)
    command = step_4_command().replace("/etc/trainscore/trainscore.env", str(path))
    subprocess.run(command, shell=True, check=True, timeout=30)
    return path


def test_it_passes_the_deploy_checks_with_the_example_env_file_and_a_new_key(env_file):
    env = read_env_file(env_file)
    assert env["DEBUG"] == "0"
    assert env["DATABASE_URL"].startswith("postgres://")
    assert env["SECRET_KEY"] != read_env_file(EXAMPLE_ENV)["SECRET_KEY"]

    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_the_deploy_checks_fail_on_the_examples_placeholder_key():
    result = manage("check", "--deploy", env=read_env_file(EXAMPLE_ENV))

    assert result.returncode != 0
    assert "SECRET_KEY is a published example" in result.stderr
    assert "Set SECRET_KEY to a new long random string" in result.stderr


def test_it_runs_manage_py_with_the_env_file_through_deploy_manage(env_file):
    """deploy/manage reads the file with the shell, as a volunteer runs it."""
    result = subprocess.run(
        [str(ROOT / "deploy" / "manage"), "check", "--deploy", "--fail-level", "WARNING"],
        env={"PATH": os.environ["PATH"], "TRAINSCORE_ENV": str(env_file)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
