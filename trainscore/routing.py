"""Every app's websocket routes, mounted by asgi.py."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import re_path

from live.consumers import UNKNOWN_GAME
from live.routing import websocket_urlpatterns as live_websockets
from nights.routing import websocket_urlpatterns as night_websockets
from tournaments.routing import websocket_urlpatterns as tournament_websockets


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any other websocket address is closed as an unknown game's is (4404), not left to
    fail inside the server (daphne would answer the handshake with a 500)."""

    channel_layer_alias = None  # it listens to nothing

    async def connect(self) -> None:
        await self.accept()  # only an accepted socket can carry a close code
        await self.close(code=UNKNOWN_GAME)


websocket_urlpatterns: list = [
    *live_websockets,
    *night_websockets,
    *tournament_websockets,
    re_path(r"", NoSuchSocket.as_asgi()),
]
