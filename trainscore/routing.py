"""Every app's websocket routes, mounted by asgi.py."""

from live.routing import websocket_urlpatterns as live_websockets

websocket_urlpatterns: list = [*live_websockets]
