"""The scorekeeper's answer first: work a request causes after commit (the broadcast of a
save, the ratings' catch-up after End Game) waits until the request is answered.

Without this, a save's broadcast starts the fan-out inside the request, and the answer
to the scorekeeper queues behind the frames for every viewer of the process (about as
long as the last viewer waits, bench/fanout.py). `AnswerFirst` wraps Django's ASGI
application: what a request wants to broadcast is collected while it runs and sent as
soon as the answer's last byte is with the server, before Django tidies up after the
request. A save whose scorekeeper hung up mid-request is broadcast all the same, once
Django is done with it.

Outside a request (a management command, a test calling the service) nothing waits.
"""

import asyncio
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
    """ASGI middleware for HTTP: runs the sends `later` collected once the answer is out."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        # Django runs the view in a copy of this context: the list is shared with it.
        waiting: list[Send] = []
        token = _waiting.set(waiting)
        released: asyncio.Future | None = None

        async def release() -> None:
            # Once, in a task of its own: Django cancels the request's task when the
            # client hangs up, and the change is saved all the same.
            nonlocal released
            if released is None:
                released = asyncio.ensure_future(_run(waiting))
            await asyncio.shield(released)

        async def send_then_release(message: dict) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                # The server writes the answer on the event loop's next turn; the sends
                # start on the turn after, so nothing they do holds the answer back.
                await asyncio.sleep(0)
                await release()

        try:
            await self.app(scope, receive, send_then_release)
        finally:
            _waiting.reset(token)
            await release()  # for an answer never sent


async def _run(waiting: list[Send]) -> None:
    for each in waiting:
        await each()
