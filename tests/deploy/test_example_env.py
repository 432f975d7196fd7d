"""The example production env file passes Django's deploy checks as it stands."""

import os
import subprocess
from pathlib import Path

from tests.servers import ROOT, manage

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


def test_it_passes_the_deploy_checks_with_the_example_env_file():
    env = read_env_file(EXAMPLE_ENV)
    assert env["DEBUG"] == "0"
    assert env["DATABASE_URL"].startswith("postgres://")

    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_it_runs_manage_py_with_the_env_file_through_deploy_manage():
    """deploy/manage reads the file with the shell, as a volunteer runs it."""
    result = subprocess.run(
        [str(ROOT / "deploy" / "manage"), "check", "--deploy", "--fail-level", "WARNING"],
        env={"PATH": os.environ["PATH"], "TRAINSCORE_ENV": str(EXAMPLE_ENV)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
