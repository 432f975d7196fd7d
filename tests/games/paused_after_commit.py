"""The project's ASGI application, served by a daphne that stops for good once a change is
committed and before its answer is written: a test kills the process there
(tests/games/test_save_retried_after_a_crash_recorded_once.py).

It stops in the one hook games/ offers, the `game_changed` signal, which goes out once the
change's transaction commits (games/announcements.py), in the request's own thread: the
answer waits for it. The project's code has no hook of its own for this.

    daphne tests.games.paused_after_commit:application
"""

import logging
import time

from trainscore.asgi import application  # first: it sets Django up

__all__ = ["application"]

from games.announcements import game_changed  # noqa: E402

log = logging.getLogger(__name__)

PAUSED = "Paused after a change was committed, before its answer: a test ends this process"


def pause_for_good(sender, **_) -> None:
    log.warning(PAUSED)
    while True:
        time.sleep(60)


game_changed.connect(pause_for_good, dispatch_uid="tests.games.paused_after_commit")
