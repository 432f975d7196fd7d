"""The languages' tests share the live tests' game and render count, and the page kinds'
club."""

from tests.live.conftest import board_renders, game  # noqa: F401
from tests.project.conftest import club  # noqa: F401
