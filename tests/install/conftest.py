"""The wheel is built once per test run and installed once, in a virtual environment
outside the checkout that every test here shares (tests/install/app.py)."""

from pathlib import Path

import pytest

from tests.install.app import build_wheel, install_in_new_venv, once_per_run


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    folder = once_per_run(tmp_path_factory.getbasetemp(), "wheel", build_wheel)
    (built,) = (folder / "checkout" / "dist").glob("*.whl")
    return built


@pytest.fixture(scope="session")
def installed(tmp_path_factory, wheel) -> Path:
    """The installed app's `bin` folder (`trainscore`, its `python`)."""
    folder = once_per_run(
        tmp_path_factory.getbasetemp(),
        "installed-app",
        lambda folder: install_in_new_venv(wheel, folder / "venv"),
    )
    return folder / "venv" / "bin"
