"""The kit for the app as an organiser installs it: a clean copy of the checkout, the
wheel `make dist` builds from it, the `trainscore` command's environment on a laptop
with nothing set, and the server that command starts."""

import contextlib
import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from tests.servers import PIP_SECONDS, ROOT, Daphne, clean_env, make_step

# What a clone of the repository does not hold: caches, virtual environments, data, builds.
NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git", ".venv", "data", "build", "dist", "staticfiles", "__pycache__", "*.egg-info",
    ".pytest_cache", ".ruff_cache", ".hypothesis", "results",
)  # fmt: skip
# What a laptop's shell would not have set: the app must find its own way.
NOT_SET = (
    "DATA_DIR", "XDG_DATA_HOME", "DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY", "SITE_URL",
    "ALLOWED_HOSTS", "DJANGO_SETTINGS_MODULE", "PYTHONPATH", "VIRTUAL_ENV", "STATIC_ROOT",
)  # fmt: skip


def clean_checkout(target: Path) -> Path:
    """A copy of this checkout as a fresh clone would be, at `target`."""
    shutil.copytree(ROOT, target, ignore=NOT_IN_A_CLONE)
    return target


def dist_command() -> list[str]:
    """The wheel-building command of `make dist` (read with `make -n`), with this Python's pip."""
    pip, *arguments = make_step("dist", " wheel ")
    assert pip.endswith("/pip"), pip
    return [sys.executable, "-m", "pip", *arguments]


def build_wheel(folder: Path) -> Path:
    """`make dist` in a clean copy of the checkout: the wheel it leaves in dist/."""
    checkout = clean_checkout(folder / "checkout")
    built = subprocess.run(
        dist_command(),
        cwd=checkout,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=PIP_SECONDS,
    )
    assert built.returncode == 0, f"building the wheel failed:\n{built.stdout}\n{built.stderr}"
    (wheel,) = (checkout / "dist").glob("trainscore-*-py3-none-any.whl")
    return wheel


def install_in_new_venv(wheel: Path, venv: Path) -> Path:
    """A new virtual environment outside the checkout with the wheel (and PyPI's
    dependencies) installed, as `pip install trainscore-….whl` would."""
    subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=60)
    installed = subprocess.run(
        [venv / "bin" / "python", "-m", "pip", "install", "--quiet", wheel],
        cwd=venv,
        env=laptop_env(venv.parent),
        capture_output=True,
        text=True,
        timeout=PIP_SECONDS,
    )
    assert installed.returncode == 0, f"installing the wheel failed:\n{installed.stderr}"
    return venv


def laptop_env(home: Path, **extra: str) -> dict[str, str]:
    """This process's environment as an organiser's shell would have it: a home folder of
    its own and none of TrainScore's settings."""
    env = {name: value for name, value in clean_env().items() if name not in NOT_SET}
    # pip (under pipx too) keeps using this machine's download cache, not the new home's.
    cache = env.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip")
    return {**env, "PIP_CACHE_DIR": cache, "HOME": str(home), **extra}


def once_per_run(base: Path, name: str, make: Callable[[Path], None]) -> Path:
    """`base/name`, made by `make` once for the whole test run: pytest-xdist's workers
    share it (the first one makes it under a lock, the others wait and reuse it)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the folder every worker's own temporary folder is in
    folder = base / name
    with (base / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / ".made").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            make(folder)
            (folder / ".made").touch()
    return folder


class InstalledServe(Daphne):
    """`trainscore serve --port P` from an installed app, started outside the checkout."""

    startup_timeout = 90.0  # migrates a new database first

    def __init__(self, program: Path, home: Path, *arguments: str):
        super().__init__()
        self.program, self.arguments = program, arguments
        self.cwd = home
        self.env = laptop_env(home)

    def command(self) -> list[str]:
        return [str(self.program), "serve", *self.arguments, "--port", str(self.port)]


@contextlib.contextmanager
def serving(program: Path, home: Path, *arguments: str) -> Iterator[InstalledServe]:
    server = InstalledServe(program, home, *arguments).start()
    try:
        yield server
    finally:
        server.stop()
