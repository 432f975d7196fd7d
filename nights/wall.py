"""The wall screen's pages: up to four tables at a time, more rotate (static/js/night_screen.js)."""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MOST_PER_PAGE = 4
"""Four tables of eight players and thirteen rounds still fit a 1920×1080 screen."""


def pages(tables: Sequence[T], most: int = MOST_PER_PAGE) -> list[list[T]]:
    """Split the tables into the fewest pages of at most `most`, as even as can be
    (six tables: three and three, not four and two), in order."""
    if not tables:
        return []
    count = -(-len(tables) // most)
    small, extra = divmod(len(tables), count)
    result, start = [], 0
    for page in range(count):
        size = small + (1 if page < extra else 0)
        result.append(list(tables[start : start + size]))
        start += size
    return result
