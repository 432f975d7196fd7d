import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainscore.settings")
# Django must be set up before anything imports models.
django_asgi_app = get_asgi_application()

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
