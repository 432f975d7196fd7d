"""The scorekeeper's answer first: work a request causes after commit (the broadcast of a
save, the ratings' catch-up after End Game) waits until the request is answered.

Without this, a save's broadcast starts the fan-out inside the request, and the answer
to the scorekeeper queues behind the frames for every viewer of the process (about as
long as the last viewer waits, bench/fanout.py). `AnswerFirst` wraps Django's ASGI
application: what a request wants to broadcast is collected while it runs and sent when
Django is done with it, after the last byte of the answer went to the server. Django
returns only once the request's own thread has finished, so a save whose scorekeeper
hung up mid-request is broadcast all the same. Starting at the answer's last byte
instead, before Django has tidied up after the request in its thread, was tried: that
thread then competed with the fan-out for the interpreter, and a batch of 200 frames
took 5–9 ms instead of 2.5 (the last viewer waited longer, the first no less).

Outside a request (a management command, a test calling the service) nothing waits.
"""

import contextvars
from collections.abc import Awaitable, Callable

Send = Callable[[], Awaitable[None]]

_waiting: contextvars.ContextVar[list[Send] | None] = contextvars.ContextVar(
    "after_response", default=None
)


def later(send: Send) -> bool:
    """Await `send()` once the current request is answered; False outside a request."""
    waiting = _waiting.get()
    if waiting is None:
        return False
    waiting.append(send)
    return True


class AnswerFirst:
    """ASGI middleware for HTTP: runs the sends `later` collected after the answer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        # Django runs the view in a copy of this context: the list is shared with it.
        waiting: list[Send] = []
        token = _waiting.set(waiting)
        try:
            await self.app(scope, receive, send)
        finally:
            _waiting.reset(token)
            for each in waiting:
                await each()
