"""Where this install keeps its games, accounts and secret key.

DATA_DIR when it is set; else a checkout keeps today's `data/` beside manage.py (so a
developer's data stays in the checkout), and an installed app (`pipx install`, the
wheel) keeps it in the platform's user data folder: ~/.local/share/trainscore on Linux,
%LOCALAPPDATA%\\trainscore on Windows, ~/Library/Application Support/trainscore on macOS.
"""

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

APP_NAME = "trainscore"
# The folder above the trainscore package: a checkout, or site-packages once installed.
SOURCE_ROOT = Path(__file__).resolve().parent.parent


def running_from_checkout(root: Path = SOURCE_ROOT) -> bool:
    """True when the code runs from a source checkout (editable installs included)."""
    # Both files, so a stray manage.py in site-packages does not make it a checkout.
    return (root / "manage.py").is_file() and (root / "pyproject.toml").is_file()


def data_dir(environ: Mapping[str, str] = os.environ) -> Path:
    if environ.get("DATA_DIR"):
        return Path(environ["DATA_DIR"])
    if running_from_checkout():
        return SOURCE_ROOT / "data"
    # appauthor=False: one folder named trainscore, not trainscore\trainscore on Windows.
    return platformdirs.user_data_path(APP_NAME, appauthor=False)
