"""Test-only pause points: a moment where a test may hold a server process, to kill it there.

A test that must show what survives a process dying at one exact moment (after a save's
commit and before its answer, say) starts the server with TRAINSCORE_TEST_PAUSE_AT naming
that point. The process then logs that it got there and waits, never to go on; the test
kills it. Without the variable (always, outside the tests) `reached` does nothing.
"""

import logging
import os
import time

log = logging.getLogger(__name__)

PAUSE_AT = os.environ.get("TRAINSCORE_TEST_PAUSE_AT", "")

AFTER_SAVE_COMMITTED = "after-save-committed"
"""A round's save is committed; its answer is not written yet (games/scorekeeping.py)."""


def reached(point: str) -> None:
    if point != PAUSE_AT:
        return
    log.warning("Paused at %s, as TRAINSCORE_TEST_PAUSE_AT asks: a test ends this process", point)
    while True:
        time.sleep(60)
