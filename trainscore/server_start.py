"""What a server process does once, as it starts, after the application is built
(trainscore/asgi.py calls `start` last).

Raw frames to the screens where this daphne, autobahn and Twisted take them as
live/frames.py expects; ordinary sends, said once, where they do not. A process that
daphne's command line started (`trainscore serve`, deploy/'s units and the tests' servers
run it) has no timers yet: the tournaments' clocks that run are armed again, those run out
meanwhile called at once, and its threads take turns as a server's should
(core/process_tuning.py). A process that only imports the application (a test's, a
command's) arms nothing and keeps Python's switch interval. Either way, what start-up
made is frozen last.
"""

import sys

from core import process_tuning
from live import frames
from tournaments import clock


def start() -> None:
    frames.choose()
    if "daphne.cli" in sys.modules:
        clock.rearm_in_a_thread()
        process_tuning.set_switch_interval()
    # Last: what start-up made, and nothing later, is kept out of full collections.
    process_tuning.freeze_start_up()
