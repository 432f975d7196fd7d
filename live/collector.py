"""Full garbage collections off the saves' path.

A full collection walks every object the process holds. With 2000 screens connected
that takes 120–220 ms (bench/fanout.py, timed with `gc.callbacks`), and the save it
lands in is answered that much later: it was each run's slowest save. The screens'
objects (connections, consumers, feeds) live as long as the screens and change only
when screens come or go. So once the screens have stayed put for a moment, what the
process holds is frozen (`gc.freeze`, which costs nothing): later collections skip it
and take a few milliseconds.

Reference counting still frees a frozen object nobody holds; only garbage in cycles
waits. So once as many screens have left as are connected (a room that dropped off the
Wi-Fi and came back), the next settle first unfreezes and collects everything: one full
pause, at a moment when screens have just reconnected, not at every save.

`GC_SETTLE_SECONDS` (settings) is the quiet time it waits for; 0 turns this off.
"""

import asyncio
import gc

from django.conf import settings

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
