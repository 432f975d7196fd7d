"""The README's install lines for organisers do what it says, run as written: `pipx
install .` in a fresh clone gives a `trainscore` command, and `trainscore serve --host
0.0.0.0` serves the scoreboard (on a free port, the one change made to the line)."""

import re
import shlex
import subprocess
import sys
import urllib.request

import pytest

from tests.install.app import clean_checkout, laptop_env, serving
from tests.servers import PIP_SECONDS, ROOT

pytestmark = pytest.mark.install


def install_lines() -> list[list[str]]:
    """The commands of the README's block that installs the app, comments dropped."""
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", readme, flags=re.DOTALL)
    (block,) = [block for block in blocks if "pipx install" in block]
    return [shlex.split(line, comments=True) for line in block.splitlines() if line.strip()]


def test_the_readme_shows_the_app_install_beside_make_run_in_its_first_lines():
    opening = (ROOT / "README.md").read_text().split("## ", 1)[0]
    assert opening.index("make run HOST=0.0.0.0") < opening.index("pipx install .")
    assert [line[:2] for line in install_lines()] == [["pipx", "install"], ["trainscore", "serve"]]


def test_its_install_lines_give_a_trainscore_command_that_serves_the_scoreboard(tmp_path):
    checkout = clean_checkout(tmp_path / "clone")
    home = tmp_path / "home"
    home.mkdir()
    # pipx keeps its apps and commands under these; here, inside the throw-away home.
    pipx_env = laptop_env(home, PIPX_HOME=str(home / "pipx"), PIPX_BIN_DIR=str(home / "bin"))
    install, serve = install_lines()

    installed = subprocess.run(
        [sys.executable, "-m", "pipx", *install[1:]],
        cwd=checkout,
        env=pipx_env,
        capture_output=True,
        text=True,
        timeout=PIP_SECONDS,
    )
    assert installed.returncode == 0, f"{installed.stdout}\n{installed.stderr}"

    program, subcommand, *arguments = serve
    assert subcommand == "serve"
    with serving(home / "bin" / program, home, *arguments) as server:
        status, page = get(server.url + "/")
    assert status == 200 and "TrainScore" in page
    assert "TrainScore is at http://" in server.output()


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.status, answer.read().decode()
