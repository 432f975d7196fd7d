"""Each result picture is drawn once per version and language (`Result.version`), however
many ask for it at once: the first request draws it, and the others asking meanwhile wait
for that drawing (a lock per picture) instead of drawing it again. The last pictures drawn
are kept in the process; a new version of a picture is a new key."""

import threading
import time
from collections import OrderedDict

from pictures import drawing
from pictures.result import Result

KEPT = 64
"""Pictures kept per process (~60 kB each)."""

_kept: OrderedDict[str, bytes] = OrderedDict()
_locks: dict[str, threading.Lock] = {}
_guard = threading.Lock()


def png(result: Result) -> tuple[bytes, float | None]:
    """The picture's PNG, and how many milliseconds drawing it took when this call drew
    it (None when it was drawn already)."""
    key = result.version
    if (found := _found(key)) is not None:
        return found, None
    with _guard:
        lock = _locks.setdefault(key, threading.Lock())
    with lock:
        if (found := _found(key)) is not None:
            return found, None
        started = time.perf_counter()
        drawn = drawing.draw(result).png
        took = (time.perf_counter() - started) * 1000
        with _guard:
            _kept[key] = drawn
            while len(_kept) > KEPT:
                old, _ = _kept.popitem(last=False)
                _locks.pop(old, None)
    return drawn, took


def _found(key: str) -> bytes | None:
    with _guard:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
        return found
