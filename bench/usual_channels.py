"""The usual Channels app, kept as the baseline: what the tutorial pattern costs.

A view publishes the new state to a group; every viewer's consumer gets the group
event and calls `send_json`, so the channel layer carries one message per viewer and
each viewer encodes its own copy. Same middleware stack as TrainScore (origin check,
auth), same daphne, same channel layer (in memory, or Redis with REDIS_URL). It has
no database work and no rendering: a save's cost is not part of this baseline.

    daphne -p PORT bench.usual_channels:application
    POST /publish/<code>   body: the snapshot JSON to send
    ws   /ws/games/<code>/
"""

import json
import os

import django
from django.conf import settings

if not settings.configured:
    if os.environ.get("REDIS_URL"):
        layer = {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [os.environ["REDIS_URL"]]},
        }
    else:
        layer = {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    settings.configure(
        DEBUG=False,
        SECRET_KEY="bench-only-not-a-secret",
        ALLOWED_HOSTS=["127.0.0.1", "localhost"],
        ROOT_URLCONF=__name__,
        INSTALLED_APPS=[
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
            "channels",
        ],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
        MIDDLEWARE=[],
        CHANNEL_LAYERS={"default": layer},
        USE_TZ=True,
        LOGGING_CONFIG=None,
    )
    django.setup()

from asgiref.sync import async_to_sync  # noqa: E402
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.generic.websocket import AsyncJsonWebsocketConsumer  # noqa: E402
from channels.layers import get_channel_layer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.urls import path  # noqa: E402
from django.views.decorators.csrf import csrf_exempt  # noqa: E402
from django.views.decorators.http import require_POST  # noqa: E402

# The last state seen by this process, sent to a viewer on connect.
latest: dict[str, dict] = {}


class GameConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.group = f"game.{self.code}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        if self.code in latest:
            await self.send_json(latest[self.code])

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def game_message(self, event: dict) -> None:
        latest[self.code] = event["snapshot"]
        await self.send_json(event["snapshot"])

    async def receive_json(self, content, **kwargs) -> None:
        await self.send_json({"type": "pong"})  # a viewer's heartbeat, as ours answers it


@csrf_exempt
@require_POST
def publish(request, code: str) -> HttpResponse:
    data = json.loads(request.body)
    latest[code] = data
    async_to_sync(get_channel_layer().group_send)(
        f"game.{code}", {"type": "game.message", "snapshot": data}
    )
    return HttpResponse("sent", content_type="text/plain")


urlpatterns = [path("publish/<str:code>", publish)]

application = ProtocolTypeRouter(
    {
        "http": get_asgi_application(),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter([path("ws/games/<str:code>/", GameConsumer.as_asgi())]))
        ),
    }
)
