"""The server's entry point (daphne's `trainscore.asgi:application`): Django's requests and
the screens' sockets, routed by the scope's type."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainscore.settings")
# Django must be set up before anything imports models.
django.setup(set_prefix=False)

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from core.after_response import AnswerFirst  # noqa: E402
from trainscore import server_start  # noqa: E402
from trainscore.one_thread_per_request import OneThreadHandler  # noqa: E402
from trainscore.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        # A save's broadcast goes out after its answer (core/after_response.py).
        "http": AnswerFirst(OneThreadHandler()),
        # No session or user on sockets: they are anonymous and read-only, and the
        # session wrapper would cost every frame of every viewer (live/frames.py).
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)

server_start.start()
