"""Every app's websocket routes, mounted by asgi.py."""

from games.routing import websocket_urlpatterns as games_websockets

websocket_urlpatterns: list = [*games_websockets]
