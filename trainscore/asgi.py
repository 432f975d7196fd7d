import gc
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import django
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainscore.settings")
# Django must be set up before anything imports models.
django.setup(set_prefix=False)

from django.db import connections  # noqa: E402

SWITCH_SECONDS = 0.001
"""How long a server thread keeps Python's lock while another waits for it."""

KEPT_THREADS = 8
"""Request threads kept for the next requests; a busier moment starts more for itself."""


class OneThreadHandler(ASGIHandler):
    """Django's ASGI handler, with the middleware and the view of a request in one worker
    thread, and that thread kept for later requests.

    Every middleware and view here is sync, and Django's own handler starts its stack
    from an async core: it crosses into a thread for the stack, back to the event loop
    below it and into a thread again for the view (more hops still below a sync-only
    middleware). Here a request crosses once each way. Django's handler also starts a
    thread for each request, and with it a database connection (connections belong to a
    thread), and closes both after the answer. Here a request borrows a kept thread, whose
    connection lasts as the database settings' CONN_MAX_AGE says, as under a WSGI server.
    A save costs less CPU for both (bench)."""

    def __init__(self) -> None:
        super().__init__()
        self.idle: list[ThreadPoolExecutor] = []

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django serves HTTP only, not {scope['type']}")
        # The thread runs one request at a time: every thread-sensitive call of this
        # request (signals, middleware, view, closing) goes to it, and to no other.
        thread = self.idle.pop() if self.idle else ThreadPoolExecutor(1, "request")
        try:
            async with ThreadSensitiveContext(executor=thread):
                await self.handle(scope, receive, send)
        finally:
            if len(self.idle) < KEPT_THREADS:
                self.idle.append(thread)
            else:
                thread.submit(connections.close_all)
                thread.shutdown(wait=False)

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


django_asgi_app = OneThreadHandler()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from core.after_response import AnswerFirst  # noqa: E402
from live import frames  # noqa: E402
from tournaments import clock  # noqa: E402
from trainscore.routing import websocket_urlpatterns  # noqa: E402

# Raw frames to the screens where this daphne, autobahn and Twisted take them as
# live/frames.py expects; ordinary sends, said once here, where they do not.
frames.choose()

application = ProtocolTypeRouter(
    {
        # A save's broadcast goes out after its answer (core/after_response.py).
        "http": AnswerFirst(django_asgi_app),
        # No session or user on sockets: they are anonymous and read-only, and the
        # session wrapper would cost every frame of every viewer (live/frames.py).
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)

# A server process that starts (daphne's command line, as `trainscore serve`, deploy/'s
# units and the tests' servers run it) has no timers yet: the tournaments' clocks that run
# are armed again here, those run out meanwhile called at once. A process that only
# imports the application (a test's, a command's) arms nothing.
if "daphne.cli" in sys.modules:
    clock.rearm_in_a_thread()
    # A save runs in its request's thread beside the work a game's end starts in others
    # (the tournament's screens rendered, ratings caught up). Python hands its one lock
    # to a waiting thread after the holder ran this long: at 1 ms rather than the default
    # 5, the tournament bench's saves were answered sooner at p99 (median of the runs
    # 90 ms against 114 ms, while the games end 115 against 144; docs/performance.md).
    sys.setswitchinterval(SWITCH_SECONDS)

# Everything imported so far lives as long as the process: move it out of the garbage
# collector's full passes, which otherwise walk it all every time and, with 1000
# viewers connected, stop the process for ~150 ms (~80 ms with this); see
# docs/performance.md.
gc.freeze()
