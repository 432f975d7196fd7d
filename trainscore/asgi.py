import gc
import os

import django
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.db.backends.signals import connection_created

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainscore.settings")
# Django must be set up before anything imports models.
django.setup(set_prefix=False)

from trainscore import sqlite_log  # noqa: E402


class OneThreadHandler(ASGIHandler):
    """Django's ASGI handler, with the middleware and the view of a request in one worker
    thread. Every middleware and view here is sync, and Django's own handler starts its
    stack from an async core: it crosses into a thread for the stack, back to the event
    loop below it and into a thread again for the view (more hops still below a sync-only
    middleware). Here a request crosses once each way, and a save costs less CPU (bench)."""

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


django_asgi_app = OneThreadHandler()
# The server's own process only: `serve` upgrades the database (replacing its file) before
# it becomes daphne, and a held connection must never outlive such a swap.
connection_created.connect(sqlite_log.hold_open, dispatch_uid="sqlite_log")

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from core.after_response import AnswerFirst  # noqa: E402
from trainscore.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        # A save's broadcast goes out after its answer (core/after_response.py).
        "http": AnswerFirst(django_asgi_app),
        # No session or user on sockets: they are anonymous and read-only, and the
        # session wrapper would cost every frame of every viewer (live/frames.py).
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)

# Everything imported so far lives as long as the process: move it out of the garbage
# collector's full passes, which otherwise walk it all every time and, with 1000
# viewers connected, stop the process for ~150 ms (~80 ms with this); see README
# "Performance".
gc.freeze()
