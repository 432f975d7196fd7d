"""How a server process tunes the interpreter, all in one place: each tuning with what was
measured for it, and the setting that turns it off (docs/settings.md).

- `SWITCH_INTERVAL_SECONDS`: how long a thread keeps Python's lock while another waits.
- `GC_FREEZE_AT_START`: what start-up imported kept out of the collector's full passes.
- `GC_PAUSED_DURING_FANOUT`: no collection while a change's frames go out to the screens.
- `GC_SETTLE_SECONDS`: once the screens stay put, their objects kept out of full passes.
- `REQUEST_THREADS_KEPT`: request threads (and their database connections) kept.

The figures are from bench/fanout.py (`--compare NAME=VALUE` runs the server with and
without, alternating) and bench/tournament.py, on a 2-core machine shared with other work.
Every layer that tunes imports this module: the server's start (trainscore/server_start.py),
its request threads (trainscore/one_thread_per_request.py), the fan-out (live/fanout.py).
"""

import asyncio
import gc
import sys
from contextlib import contextmanager

from django.conf import settings

# --- The switch interval -------------------------------------------------------------


def set_switch_interval() -> None:
    """A save runs in its request's thread beside the work a game's end starts in others
    (the tournament's screens rendered, ratings caught up). Python hands its one lock to a
    waiting thread after the holder ran this long: at 1 ms rather than the default 5, the
    tournament bench's saves were answered sooner at p99 (median of the runs 90 ms against
    114 ms, while the games end 115 against 144). 0 leaves Python's default."""
    if settings.SWITCH_INTERVAL_SECONDS > 0:
        sys.setswitchinterval(settings.SWITCH_INTERVAL_SECONDS)


# --- What start-up made, frozen ------------------------------------------------------


def freeze_start_up() -> None:
    """Everything imported at start lives as long as the process: moved out of the
    collector's full passes, which otherwise walk it all every time and, with 1000 viewers
    connected, stop the process for ~150 ms (~80 ms with this). Called last at start."""
    if settings.GC_FREEZE_AT_START:
        gc.freeze()


# --- No collection during a fan-out --------------------------------------------------

_fanning_out = 0  # fan-outs under way on this process's event loop


@contextmanager
def collector_paused():
    """No garbage collection while frames go out. Collections in the middle of a fan-out
    find each viewer's frame still in flight and move it to an older generation; enough
    of them make Python walk every object of every connection (a full collection: ~80 ms
    at 1000 viewers), and that one pause was each run's slowest save. Freed by reference
    counting, the frames never need the collector."""
    global _fanning_out
    if not settings.GC_PAUSED_DURING_FANOUT or (_fanning_out == 0 and not gc.isenabled()):
        yield  # off, or someone else turned the collector off: leave it as it is
        return
    _fanning_out += 1
    gc.disable()
    try:
        yield
    finally:
        _fanning_out -= 1
        if _fanning_out == 0:
            gc.enable()


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
# `GC_SETTLE_SECONDS` is the quiet time it waits for; 0 turns this off.

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
    itself. 0: a thread, and a connection, for every request, as Django's own handler."""
    return settings.REQUEST_THREADS_KEPT
