"""The scorekeeper's answer first: work a request causes after commit (the broadcast of a
save, the ratings' catch-up after End Game) waits until the request is answered.

Without this, a save's broadcast starts the fan-out inside the request, and the answer
to the scorekeeper queues behind the frames for every viewer of the process (about as
long as the last viewer waits, bench/fanout.py). `AnswerFirst` wraps Django's ASGI
application: what a request wants to do afterwards is collected while it runs and done
when Django is done with it, after the last byte of the answer went to the server. Django
returns only once the request's own thread has finished, so a save whose scorekeeper
hung up mid-request is broadcast all the same. Starting at the answer's last byte
instead, before Django has tidied up after the request in its thread, was tried: that
thread then competed with the fan-out for the interpreter, and a batch of 200 frames
took 5–9 ms instead of 2.5 (the last viewer waited longer, the first no less).

Sends asked for `in_order` (the broadcasts) go out in the order they were asked for,
across all of this process's requests. The next save can be answered and finished while
Django is still tidying up after the one before (a busy moment: its thread waits for
the interpreter); that save's request then sends the earlier broadcast first, and its
own after it. Otherwise the screens would get the newer board first and drop the older
one as stale: a version lost to every viewer.

Outside a request (a management command, a test calling the service) nothing waits.
"""

import asyncio
import contextvars
import logging
import threading
import weakref
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

Send = Callable[[], Awaitable[None]]


class _Outbox:
    """One event loop's sends asked for `in_order` and not yet run, oldest first."""

    def __init__(self) -> None:
        self.queue: deque[Send] = deque()
        self.adding = threading.Lock()  # requests add from their own threads
        self.sending = asyncio.Lock()  # one request sends at a time, so the layer keeps the order

    def add(self, send: Send) -> None:
        with self.adding:
            self.queue.append(send)

    async def send_through(self, last: Send) -> None:
        """Run every send asked for up to `last`, oldest first, unless already run."""
        async with self.sending:
            while True:
                with self.adding:
                    if last not in self.queue:
                        return
                    send = self.queue.popleft()
                await _run(send)


@dataclass
class _Request:
    outbox: _Outbox
    in_order: list[Send] = field(default_factory=list)
    unordered: list[Send] = field(default_factory=list)


_request: contextvars.ContextVar[_Request | None] = contextvars.ContextVar(
    "after_response", default=None
)

# Per event loop, as an outbox's lock belongs to one: daphne runs one loop, so a server has
# one outbox; the tests drive the one application from a new loop in each test.
_outboxes: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Outbox]" = (
    weakref.WeakKeyDictionary()
)


def _outbox() -> _Outbox:
    """This event loop's outbox."""
    loop = asyncio.get_running_loop()
    outbox = _outboxes.get(loop)
    if outbox is None:
        outbox = _outboxes[loop] = _Outbox()
    return outbox


def later(send: Send, *, in_order: bool = False) -> bool:
    """Await `send()` once the current request is answered; False outside a request.

    `in_order`: never before a send asked for earlier with it, by any request here."""
    request = _request.get()
    if request is None:
        return False
    if in_order:
        request.in_order.append(send)
        request.outbox.add(send)
    else:
        request.unordered.append(send)
    return True


async def _run(send: Send) -> None:
    try:
        await send()
    except Exception:
        # The change is saved and answered; one failed follow-up must not stop the others.
        log.exception("Could not finish after a request")


class AnswerFirst:
    """ASGI middleware for HTTP: runs the sends `later` collected after the answer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        outbox = _outbox()
        # Django runs the view in a copy of this context: the request is shared with it.
        request = _Request(outbox)
        token = _request.set(request)
        try:
            await self.app(scope, receive, send)
        finally:
            _request.reset(token)
            if request.in_order:
                await outbox.send_through(request.in_order[-1])
            for each in request.unordered:
                await _run(each)
