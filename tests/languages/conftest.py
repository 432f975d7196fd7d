"""The languages' tests share the live tests' game and render count."""

from tests.live.conftest import board_renders, game  # noqa: F401
