"""How a server process tunes the interpreter, all in one place: each tuning with what was
measured for it, and the setting that turns it off (docs/settings.md).

- `SWITCH_INTERVAL_SECONDS`: how long a thread keeps Python's lock while another waits.
- `GC_FREEZE_AT_START`: what start-up imported kept out of the collector's full passes.
- `GC_SETTLE_SECONDS`: once the screens stay put, their objects kept out of full passes.
- `REQUEST_THREADS_KEPT`: request threads (and their database connections) kept.

The figures: bench/tuning.py, which runs the server as set and without one tuning in
turn, alternating, several runs each (bench/fanout.py's 40 saves to one game watched by N
viewers, or bench/tournament.py's stage), on a 2-core machine shared with other work:
medians of the runs, their spread in brackets. A collector paused during each fan-out
(gc.disable) was measured too and removed: with the settle below it bought nothing (2000
viewers, last viewer p99 183 ms without it against 207 with it), and either alone does what
both did (both off: 502 ms).

In core/, so every layer that tunes may import it: the server's start
(trainscore/server_start.py), its request threads (trainscore/one_thread_per_request.py),
the screens coming and going (live/fanout.py).
"""

import asyncio
import gc
import sys

from django.conf import settings

# --- The switch interval -------------------------------------------------------------


def set_switch_interval() -> None:
    """A save runs in its request's thread beside the work a game's end starts in others
    (the tournament's screens rendered, ratings caught up). Python hands its one lock to a
    waiting thread after the holder ran this long: at 1 ms rather than Python's 5, saves
    during bench/tournament.py's stage (30 s) were answered at p99 in 107 ms (89–124)
    against 367 (176–559), 120 ms (100–140) against 166 (131–200) while the games end; at
    1000 viewers (bench/fanout.py) the last viewer's p99 was 106 ms against 151. 0 leaves
    Python's default."""
    if settings.SWITCH_INTERVAL_SECONDS > 0:
        sys.setswitchinterval(settings.SWITCH_INTERVAL_SECONDS)


# --- What start-up made, frozen ------------------------------------------------------


def freeze_start_up() -> None:
    """Everything imported at start lives as long as the process: moved out of the
    collector's full passes, which otherwise walk it all every time. At 1000 viewers, saves
    were answered at p99 in 19 ms (19–177) against 39 (31–39) without, and the last viewer
    held them at p99 in 106 ms (88–434) against 136 (110–146). Called last at start."""
    if settings.GC_FREEZE_AT_START:
        gc.freeze()


# --- Full collections off the saves' path, once the screens settle -------------------
#
# A full collection walks every object the process holds. With 2000 screens connected
# that takes 120–220 ms (bench/fanout.py, timed with `gc.callbacks`), and the save it
# lands in is answered that much later: it was each run's slowest save. The screens'
# objects (connections, consumers, feeds) live as long as the screens and change only
# when screens come or go. So once the screens have stayed put for a moment, what the
# process holds is frozen (`gc.freeze`, which costs nothing): later collections skip it
# and take a few milliseconds.
#
# Reference counting still frees a frozen object nobody holds; only garbage in cycles
# waits. So once as many screens have left as are connected (a room that dropped off the
# Wi-Fi and came back), the next settle first unfreezes and collects everything: one full
# pause, at a moment when screens have just reconnected, not at every save.
#
# `GC_SETTLE_SECONDS` is the quiet time it waits for; 0 turns this off. At 2000 viewers,
# saves were answered at p50 in 15 ms (12–19) against 21 (11–24) without, the last viewer
# held them at p50 in 148 ms (106–177) against 190 (95–284), for 58 ms of server CPU per
# save (51–63) against 65 (52–66).

LONGEST_WAIT = 30.0
"""Screens that never stop coming and going (a league night) still settle this often."""
FEW_LEFT = 100
"""Up to this many screens may leave before their garbage is worth a full collection."""

_timer: asyncio.TimerHandle | None = None
_since: float | None = None  # when the first change not yet settled came (loop time)
_screens = 0  # connected now, in this process
_left = 0  # left since the last full collection


def screen_joined() -> None:
    global _screens
    _screens += 1
    _changed()


def screen_left() -> None:
    global _screens, _left
    _screens -= 1
    _left += 1
    _changed()


def _changed() -> None:
    """Settle once the screens stay put (on the event loop)."""
    global _timer, _since
    quiet = settings.GC_SETTLE_SECONDS
    if not quiet:
        return
    loop = asyncio.get_running_loop()
    now = loop.time()
    if _timer is not None:
        _timer.cancel()
    if _since is None:
        _since = now
    _timer = loop.call_later(max(0.0, min(quiet, _since + LONGEST_WAIT - now)), settle)


def waiting() -> bool:
    """A settle is due once the screens stay put."""
    return _timer is not None


def settle() -> None:
    """Keep what the process holds now out of later collections; after many screens
    left, collect everything once first."""
    global _timer, _since, _left
    _timer = _since = None
    if _left > max(FEW_LEFT, _screens):
        _left = 0
        gc.unfreeze()
        gc.collect()
    gc.freeze()


# --- Request threads kept ------------------------------------------------------------


def request_threads_kept() -> int:
    """Request threads a server keeps for the next requests, each with its database
    connection (trainscore/one_thread_per_request.py); a busier moment starts more for
    itself. At 1000 viewers, saves were answered at p50 in 12 ms (10–25) against 15 (13–21)
    with a thread and a connection for each request, at p99 in 19 ms (19–177) against 71
    (65–178), for 37 ms of server CPU per save (31–44) against 39 (38–41). 0: a thread,
    and a connection, for every request, as Django's own handler."""
    return settings.REQUEST_THREADS_KEPT
